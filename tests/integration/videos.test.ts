import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inEnglish, messageFromText } from "~/lib/message.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import * as q from "~/features/reviews/reviews.queries.server.ts";
import { deleteReview, postReview } from "~/features/reviews/reviews.server.ts";
import { VIDEO_QUOTA_MESSAGES } from "~/server/media/video-quota.server.ts";
import { sniffVideo, VIDEO_MESSAGES, videoKey } from "~/server/media/videos.server.ts";
import { createLogger } from "~/server/log.server.ts";
import { createServices, type Services } from "~/server/services.server.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import fs from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { createTestServices, memoryMailer, type TestServices } from "../setup/test-services.ts";
import { fakeMp4 } from "../setup/videos.ts";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({
    APPROVAL_MODE: "auto",
    MAX_VIDEO_BYTES: String(2 * 1024 * 1024),
    MAX_OPEN_VIDEO_UPLOADS: "3",
    MAX_VIDEO_UPLOADS_PER_HOUR: "6",
    MAX_VIDEO_BYTES_PER_DAY: String(5 * 1024 * 1024),
  });
});
afterAll(() => services.close());

const TUS = { "tus-resumable": "1.0.0" };
const base = "http://localhost:3000/uploads/video";

async function tus(
  method: string,
  url: string,
  headers: Headers,
  extra: Record<string, string>,
  body?: Uint8Array,
  through: Services = services,
) {
  const all = new Headers(headers);
  for (const [k, v] of Object.entries({ ...TUS, ...extra })) all.set(k, v);
  return through.videos.server.handleWeb(
    new Request(url, { method, headers: all, body: body ? Buffer.from(body) : undefined }),
  );
}

const customer = () => signedUpCustomer(services);

/** A restaurant with a "main" branch to review. */
async function restaurantToReview() {
  const owner = await signedUpOwner(services);
  await menus.addSection(services, owner.id, { originalName: "Mains" });
  await addBranch(services, owner.id, { branchName: "Main" });
  return owner;
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
    const owner = await restaurantToReview();

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
      { urlName: owner.urlName, branchUrl: "main" },
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
    const owner = await signedUpOwner(services);
    expect((await tus("POST", base, owner.cookies, { "upload-length": "100" })).status).toBe(403);

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

describe("an upload removed while it is copied", () => {
  it("fails the claim with words and keeps the process running (a twin post took it)", async () => {
    const me = await customer();
    const up = await upload(me.cookies, fakeMp4(50_000));
    await up.patch(0, up.first);
    await up.patch(up.splitAt, up.rest);
    // The claim reads the upload twice: its first bytes, then the whole file into storage.
    // Between the two, the twin removes it; the stream fails while storage opens its file.
    const original = FileStore.prototype.read;
    let reads = 0;
    const read = vi.spyOn(FileStore.prototype, "read").mockImplementation(function (this: FileStore, id) {
      reads += 1;
      if (reads === 2) fs.rmSync(path.join(services.dataDir, "tus", id));
      return original.call(this, id);
    });
    const before = await storedKeysUnder("vid/");
    try {
      await expect(services.videos.claim(up.id, me.id, "twin")).rejects.toThrow(VIDEO_MESSAGES.notFinished);
    } finally {
      read.mockRestore();
    }
    expect(reads).toBe(2);
    // Nothing half-written is left, and nothing was stored under the review's name.
    expect(await storedKeysUnder("vid/")).toEqual(before);
    expect(everything().filter((name) => name.endsWith(".part"))).toEqual([]);
  });
});

const storedKeysUnder = async (prefix: string) => {
  const keys: string[] = [];
  for await (const object of services.storage.list(prefix)) keys.push(object.key);
  return keys.toSorted();
};

/** Every file and folder under DATA_DIR (uploads and the tus store), with sizes. */
const everything = () =>
  fs
    .readdirSync(services.dataDir, { recursive: true, withFileTypes: true })
    .map(
      (e) =>
        `${e.parentPath}/${e.name}${e.isFile() ? ` ${fs.statSync(`${e.parentPath}/${e.name}`).size}` : "/"}`,
    )
    .filter((name) => !/\.db(-wal|-shm|-journal)?/.test(name))
    .toSorted();

const ledger = () => services.database.db.selectFrom("video_upload").selectAll().orderBy("id").execute();

const create = (cookies: Headers, length: number, through: Services = services) =>
  tus("POST", base, cookies, { "upload-length": String(length) }, undefined, through);

describe("per-customer quotas (3 open uploads, 6 new an hour, 5 MB a day here)", () => {
  it("refuses a fourth unfinished upload with 429 and words, storing nothing; a cancelled one makes room", async () => {
    const me = await customer();
    const created = [];
    for (let i = 0; i < 3; i++) {
      const response = await create(me.cookies, 1000);
      expect(response.status).toBe(201);
      created.push(response.headers.get("location")!);
    }
    const files = everything();
    const rows = await ledger();
    const refused = await create(me.cookies, 1000);
    expect(refused.status).toBe(429);
    expect(messageFromText(await refused.text())).toEqual(VIDEO_QUOTA_MESSAGES.tooManyOpen(3));
    expect(everything()).toEqual(files);
    expect(await ledger()).toEqual(rows);
    // Someone else is not affected.
    expect((await create((await customer()).cookies, 1000)).status).toBe(201);

    expect((await tus("DELETE", created[0]!, me.cookies, {})).status).toBe(204);
    expect((await create(me.cookies, 1000)).status).toBe(201);
    expect((await create(me.cookies, 1000)).status).toBe(429);
  });

  it("frees the place of an upload that went into a review", async () => {
    const owner = await restaurantToReview();
    const me = await customer();
    const up = await upload(me.cookies, fakeMp4(5000));
    await up.patch(0, up.first);
    await up.patch(up.splitAt, up.rest);
    for (let i = 0; i < 2; i++) expect((await create(me.cookies, 1000)).status).toBe(201);
    expect((await create(me.cookies, 1000)).status).toBe(429);
    const posted = await postReview(
      services,
      me.id,
      { urlName: owner.urlName, branchUrl: "main" },
      { values: { rating: "4", videoUpload: up.id }, photos: [] },
    );
    expect(posted).toMatchObject({ ok: true });
    expect((await create(me.cookies, 1000)).status).toBe(201);
  });

  it("counts new uploads an hour, cancelled ones too", async () => {
    const me = await customer();
    for (let i = 0; i < 6; i++) {
      const response = await create(me.cookies, 1000);
      expect(response.status).toBe(201);
      expect((await tus("DELETE", response.headers.get("location")!, me.cookies, {})).status).toBe(204);
    }
    const refused = await create(me.cookies, 1000);
    expect(refused.status).toBe(429);
    expect(messageFromText(await refused.text())).toEqual(
      VIDEO_QUOTA_MESSAGES.tooManyPerHour(6, 60 * 60 * 1000),
    );
  });

  it("counts the bytes a customer starts uploading in a day (413 past them)", async () => {
    const me = await customer();
    const mb = 1024 * 1024;
    expect((await create(me.cookies, 2 * mb)).status).toBe(201);
    expect((await create(me.cookies, 2 * mb)).status).toBe(201);
    const files = everything();
    const refused = await create(me.cookies, 1.5 * mb);
    expect(refused.status).toBe(413);
    expect(inEnglish(messageFromText(await refused.text()))).toMatch(
      /^You have uploaded as much video as allowed in a day \(5 MB\)\. Try again in (24|23) hours\.$/,
    );
    expect(everything()).toEqual(files);
    // A deferred length counts as the largest video allowed (2 MB): over what is left.
    const deferred = await tus("POST", base, me.cookies, { "upload-defer-length": "1" });
    expect(deferred.status).toBe(413);
    expect((await create(me.cookies, mb)).status).toBe(201);
  });

  it("hold across app processes sharing the database", async () => {
    const second = createServices(services.env, { mailer: memoryMailer([]), log: createLogger("silent") });
    try {
      const me = await customer();
      expect((await create(me.cookies, 1000)).status).toBe(201);
      expect((await create(me.cookies, 1000, second)).status).toBe(201);
      expect((await create(me.cookies, 1000)).status).toBe(201);
      const refused = await create(me.cookies, 1000, second);
      expect(refused.status).toBe(429);
      expect(messageFromText(await refused.text())).toEqual(VIDEO_QUOTA_MESSAGES.tooManyOpen(3));
    } finally {
      await second.close();
    }
  });

  it("refuses an upload that is not a video, leaving no file or folder behind", async () => {
    const me = await customer();
    const files = everything();
    const bytes = Buffer.from("GIF89a, not a video at all".repeat(10));
    const up = await upload(me.cookies, bytes, bytes.length);
    expect((await up.patch(0, up.first)).status).toBe(415);
    expect(everything()).toEqual(files);
    // Nor does it count as one of the customer's open uploads.
    for (let i = 0; i < 3; i++) expect((await create(me.cookies, 1000)).status).toBe(201);
  });
});

describe("unfinished uploads", () => {
  it("expire and are swept away", async () => {
    const short = await createTestServices({ VIDEO_UPLOAD_EXPIRY_HOURS: "1" });
    // Both tus (its FileStore) and the ledger read the time from Date: only Date is
    // faked, and moved on past the hour instead of waited for.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { cookies } = await signedUpCustomer(short);
      const headers = new Headers(cookies);
      headers.set("tus-resumable", "1.0.0");
      headers.set("upload-length", "5000");
      const created = await short.videos.server.handleWeb(new Request(base, { method: "POST", headers }));
      expect(created.status).toBe(201);
      // A finished upload no review took: tus never expires it, the ledger does.
      const finished = new Headers(headers);
      finished.set("upload-length", "64");
      finished.set("content-type", "application/offset+octet-stream");
      const done = await short.videos.server.handleWeb(
        new Request(base, { method: "POST", headers: finished, body: new Uint8Array(fakeMp4(64)) }),
      );
      expect(done.status).toBe(201);
      expect(done.headers.get("upload-offset")).toBe("64");
      const createdAt = Date.now();
      vi.setSystemTime(createdAt + 59 * 60 * 1000);
      expect(await short.videos.cleanUp()).toBe(0);
      vi.setSystemTime(createdAt + 60 * 60 * 1000 + 1000);
      expect(await short.videos.cleanUp()).toBe(2);
      expect(fs.readdirSync(`${short.dataDir}/tus`)).toEqual([]);
      const head = new Headers(cookies);
      head.set("tus-resumable", "1.0.0");
      const gone = await short.videos.server.handleWeb(
        new Request(created.headers.get("location")!, { method: "HEAD", headers: head }),
      );
      expect([404, 410]).toContain(gone.status);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});
