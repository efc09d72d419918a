import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer, signUpCustomer, signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import * as q from "~/features/reviews/reviews.queries.server.ts";
import { deleteReview, postReview } from "~/features/reviews/reviews.server.ts";
import { sniffVideo, VIDEO_MESSAGES, videoKey } from "~/server/media/videos.server.ts";
import { customerInput, restaurantInput } from "../setup/factories.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto", MAX_VIDEO_BYTES: String(2 * 1024 * 1024) });
});
afterAll(() => services.close());

/** A small file that starts like an MP4 (an ftyp box), which is what the server checks. */
function fakeMp4(size: number): Buffer {
  const head = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from("ftypisom"),
    0,
    0,
    2,
    0,
    ...Buffer.from("isomiso2"),
  ]);
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

const TUS = { "tus-resumable": "1.0.0" };
const base = "http://localhost:3000/uploads/video";

async function tus(
  method: string,
  url: string,
  headers: Headers,
  extra: Record<string, string>,
  body?: Uint8Array,
) {
  const all = new Headers(headers);
  for (const [k, v] of Object.entries({ ...TUS, ...extra })) all.set(k, v);
  return services.videos.server.handleWeb(
    new Request(url, { method, headers: all, body: body ? Buffer.from(body) : undefined }),
  );
}

async function customer() {
  const result = await signUpCustomer(services, customerInput(), new Headers());
  if (!result.ok) throw new Error(result.message);
  const cookies = headersWithCookies(result.headers);
  return { cookies, id: (await getViewer(services, cookies))!.userId };
}

async function upload(cookies: Headers, bytes: Buffer, splitAt = Math.floor(bytes.length / 2)) {
  const created = await tus("POST", base, cookies, {
    "upload-length": String(bytes.length),
    "upload-metadata": `filename ${Buffer.from("clip.mp4").toString("base64")}`,
  });
  expect(created.status).toBe(201);
  const location = created.headers.get("location")!;
  const patch = (offset: number, chunk: Uint8Array) =>
    tus(
      "PATCH",
      location,
      cookies,
      { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      chunk,
    );
  return {
    location,
    id: location.split("/").pop()!,
    patch,
    head: () => tus("HEAD", location, cookies, {}),
    first: bytes.subarray(0, splitAt),
    rest: bytes.subarray(splitAt),
    splitAt,
  };
}

describe("recognising video containers from their bytes", () => {
  it("tells MP4, MOV and WebM apart and refuses anything else", () => {
    expect(sniffVideo(fakeMp4(64))?.ext).toBe("mp4");
    expect(sniffVideo(new Uint8Array([0, 0, 0, 0x14, ...Buffer.from("ftypqt  ")]))?.ext).toBe("mov");
    expect(sniffVideo(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2]))?.ext).toBe("webm");
    expect(sniffVideo(Buffer.from("GIF89a not a video"))).toBeNull();
  });
});

describe("resumable video upload", () => {
  it("resumes from the server's offset and attaches the finished video to one review", async () => {
    const r = await signUpRestaurant(services, restaurantInput(), new Headers());
    if (!r.ok) throw new Error(r.message);
    const owner = (await getViewer(services, headersWithCookies(r.headers)))!;
    await menus.addSection(services, owner.userId, { originalName: "Mains" });
    await addBranch(services, owner.userId, { branchName: "Main" });

    const me = await customer();
    const bytes = fakeMp4(300_000);
    const up = await upload(me.cookies, bytes);
    expect((await up.patch(0, up.first)).status).toBe(204);
    // The connection drops here; the client asks where to continue.
    const head = await up.head();
    expect(head.headers.get("upload-offset")).toBe(String(up.splitAt));
    expect((await up.patch(up.splitAt, up.rest)).status).toBe(204);

    const posted = await postReview(
      services,
      me.id,
      { urlName: owner.urlName!, branchUrl: "main" },
      {
        values: { rating: "5", videoUpload: up.id },
        photos: [],
      },
    );
    expect(posted.ok).toBe(true);
    if (!posted.ok) return;
    const review = await q.findReview(services.database.db, posted.id);
    expect(review!.reviewVideo).toMatch(/^\/media\/vid\/[0-9a-f-]+\.mp4$/);
    const stored = await services.storage.get(videoKey(review!.reviewVideo)!);
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(Buffer.from(c as Buffer));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    // The upload was used up: it cannot be attached twice.
    expect((await up.head()).status).toBe(404);

    await deleteReview(services, me.id, posted.id);
    expect(await services.storage.get(videoKey(review!.reviewVideo)!)).toBeNull();
  });

  it("refuses a file that is not a video once it has arrived, and keeps nothing", async () => {
    const me = await customer();
    const bytes = Buffer.concat([Buffer.from("PK\x03\x04 a zip, renamed .mp4"), randomBytes(1000)]);
    const up = await upload(me.cookies, bytes, bytes.length);
    const finished = await up.patch(0, up.first);
    expect(finished.status).toBe(415);
    expect(await finished.text()).toContain(VIDEO_MESSAGES.notVideo);
    expect((await up.head()).status).toBe(404);
  });

  it("refuses a video over MAX_VIDEO_BYTES before any byte is sent", async () => {
    const me = await customer();
    const created = await tus("POST", base, me.cookies, { "upload-length": String(3 * 1024 * 1024) });
    expect(created.status).toBe(413);
  });

  it("lets only signed-in customers upload, each only to and from their own uploads", async () => {
    expect((await tus("POST", base, new Headers(), { "upload-length": "100" })).status).toBe(403);
    const r = await signUpRestaurant(services, restaurantInput(), new Headers());
    if (!r.ok) throw new Error(r.message);
    expect((await tus("POST", base, headersWithCookies(r.headers), { "upload-length": "100" })).status).toBe(
      403,
    );

    const me = await customer();
    const other = await customer();
    const up = await upload(me.cookies, fakeMp4(2000));
    const intruder = await tus(
      "PATCH",
      up.location,
      other.cookies,
      { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      up.first,
    );
    expect(intruder.status).toBe(403);
    await up.patch(0, up.first);
    await up.patch(up.splitAt, up.rest);
    await expect(services.videos.claim(up.id, other.id, "x")).rejects.toThrow(VIDEO_MESSAGES.notYours);
    await expect(services.videos.claim("0".repeat(32), me.id, "x")).rejects.toThrow(
      VIDEO_MESSAGES.notFinished,
    );
  });
});

describe("unfinished uploads", () => {
  it("expire and are swept away", async () => {
    const short = await createTestServices({ VIDEO_UPLOAD_EXPIRY_HOURS: String(0.5 / 3600) });
    try {
      const result = await signUpCustomer(short, customerInput(), new Headers());
      if (!result.ok) throw new Error(result.message);
      const cookies = headersWithCookies(result.headers);
      const headers = new Headers(cookies);
      headers.set("tus-resumable", "1.0.0");
      headers.set("upload-length", "5000");
      const created = await short.videos.server.handleWeb(new Request(base, { method: "POST", headers }));
      expect(created.status).toBe(201);
      await new Promise((r) => setTimeout(r, 1200));
      expect(await short.videos.cleanUp()).toBe(1);
      const head = new Headers(cookies);
      head.set("tus-resumable", "1.0.0");
      const gone = await short.videos.server.handleWeb(
        new Request(created.headers.get("location")!, { method: "HEAD", headers: head }),
      );
      expect([404, 410]).toContain(gone.status);
    } finally {
      await short.close();
    }
  });
});
