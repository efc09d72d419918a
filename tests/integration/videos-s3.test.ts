// Resumable video uploads with STORAGE=s3, on the S3 server the docs
// name for tests (s3rver, which has no multipart listing). Two "processes" (two sets of
// services on one database and one bucket) share every upload; the finished video is
// kept once, at vid/…; a store that fails answers in the app's words.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import * as q from "~/features/reviews/reviews.queries.server.ts";
import { postReview } from "~/features/reviews/reviews.server.ts";
import { registerMessages, translateMessage } from "~/i18n/i18n.ts";
import { urduMessages } from "~/i18n/urdu-messages.ts";
import { createLogger } from "~/server/log.server.ts";
import { VIDEO_MESSAGES, videoKey } from "~/server/media/videos.server.ts";
import { createServices, type Services } from "~/server/services.server.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { startS3Server } from "../setup/s3-server.ts";
import { createTestServices, memoryMailer, type TestServices } from "../setup/test-services.ts";
import { fakeMp4, tusRequest, VIDEO_UPLOADS_URL } from "../setup/videos.ts";

const MB = 1024 * 1024;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let a: TestServices;
let b: Services;

const s3Env = (settings: typeof s3.settings) => ({
  STORAGE: "s3",
  S3_ENDPOINT: settings.endpoint,
  S3_BUCKET: settings.bucket,
  S3_REGION: settings.region,
  S3_ACCESS_KEY_ID: settings.accessKeyId,
  S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
});

beforeAll(async () => {
  s3 = await startS3Server();
  a = await createTestServices({
    ...s3Env(s3.settings),
    APPROVAL_MODE: "auto",
    MAX_VIDEO_BYTES: String(24 * MB),
    MAX_VIDEO_BYTES_PER_DAY: String(200 * MB),
    MAX_OPEN_VIDEO_UPLOADS: "10",
    MAX_VIDEO_UPLOADS_PER_HOUR: "100",
  });
  // A second process on the same database and bucket.
  b = createServices(a.env, { mailer: memoryMailer([]), log: createLogger("silent") });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

// A failed test leaves nothing for the next one to count.
afterEach(async () => {
  await a.storage.delete(await bucket());
  await a.database.db.deleteFrom("video_upload_piece").execute();
  await a.database.db.deleteFrom("video_upload_state").execute();
});

/** Every object in the bucket. */
async function bucket(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of a.storage.list("")) keys.push(object.key);
  return keys.toSorted();
}

async function uploadRows(services: Services = a) {
  const { db } = services.database;
  return {
    states: await db.selectFrom("video_upload_state").select("id").execute(),
    pieces: await db.selectFrom("video_upload_piece").select("key").execute(),
  };
}

async function bytesOf(services: Services, key: string): Promise<Buffer> {
  const object = await services.storage.get(key);
  if (!object) throw new Error(`${key} is not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function create(through: Services, cookies: Headers, length: number) {
  const created = await tusRequest(through, "POST", VIDEO_UPLOADS_URL, cookies, {
    "upload-length": String(length),
  });
  expect(created.status).toBe(201);
  const location = created.headers.get("location")!;
  return { location, id: location.split("/").pop()! };
}

const patch = (
  through: Services,
  location: string,
  cookies: Headers,
  offset: number,
  body: Uint8Array | ReadableStream<Uint8Array>,
) =>
  tusRequest(
    through,
    "PATCH",
    location,
    cookies,
    { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body,
  );

const offsetOf = async (through: Services, location: string, cookies: Headers) =>
  Number((await tusRequest(through, "HEAD", location, cookies)).headers.get("upload-offset"));

/** A body that delivers `bytes`, then, once `stored()` holds, fails: the connection dropped. */
function cutOffAfter(bytes: Uint8Array, stored: () => Promise<boolean>): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(bytes);
        return;
      }
      for (let i = 0; i < 100 && !(await stored()); i++) await new Promise((r) => setTimeout(r, 50));
      controller.error(new Error("connection reset"));
    },
  });
}

async function restaurantToReview() {
  const owner = await signedUpOwner(a);
  await menus.addSection(a, owner.id, { originalName: "Mains" });
  await addBranch(a, owner.id, { branchName: "Main" });
  return owner;
}

describe("resumable video upload on S3 (s3rver)", () => {
  it("resumes on the other process at the stored offset and keeps the finished video once", async () => {
    const owner = await restaurantToReview();
    const me = await signedUpCustomer(a);
    const video = fakeMp4(20 * MB);
    const up = await create(a, me.cookies, video.length);

    // A browser's first 5 MB chunk, through A.
    expect((await patch(a, up.location, me.cookies, 0, video.subarray(0, 5 * MB))).status).toBe(204);
    // The next request is cut off after 9 MB of the rest: the first 8 MB piece of it was stored.
    const cut = await patch(
      a,
      up.location,
      me.cookies,
      5 * MB,
      cutOffAfter(
        video.subarray(5 * MB, 14 * MB),
        async () => (await offsetOf(b, up.location, me.cookies)) > 5 * MB,
      ),
    );
    expect(cut.status).toBeGreaterThanOrEqual(400);
    // B, asked where to go on, knows (the state is in the shared database).
    expect(await offsetOf(b, up.location, me.cookies)).toBe(13 * MB);
    // A stale offset is refused, not appended.
    expect((await patch(b, up.location, me.cookies, 5 * MB, video.subarray(5 * MB, 6 * MB))).status).toBe(
      409,
    );
    const started = performance.now();
    expect((await patch(b, up.location, me.cookies, 13 * MB, video.subarray(13 * MB))).status).toBe(204);
    const finishMs = performance.now() - started;
    expect(await offsetOf(a, up.location, me.cookies)).toBe(video.length);
    expect((await bucket()).every((key) => key.startsWith(`tus/${up.id}/`))).toBe(true);

    const claimed = performance.now();
    const posted = await postReview(
      b,
      me.id,
      { urlName: owner.urlName, branchUrl: "main" },
      { values: { rating: "5", videoUpload: up.id }, photos: [] },
    );
    const claimMs = performance.now() - claimed;
    expect(posted).toMatchObject({ ok: true });
    if (!posted.ok) return;
    const review = await q.findReview(a.database.db, posted.id);
    const key = videoKey(review!.reviewVideo)!;
    expect(key).toMatch(/^vid\/[0-9a-f-]+\.mp4$/);
    expect((await bytesOf(a, key)).equals(video)).toBe(true);
    // Nothing kept twice: the bucket holds the video alone, and no upload state is left.
    expect(await bucket()).toEqual([key]);
    expect(await uploadRows()).toEqual({ states: [], pieces: [] });
    expect((await tusRequest(a, "HEAD", up.location, me.cookies)).status).toBe(404);
    console.log(
      `20 MB on s3rver: last 7 MB PATCH ${finishMs.toFixed(0)} ms; claim (join into vid/) ${claimMs.toFixed(0)} ms`,
    );
    await a.storage.delete([key]);
  });

  it("lets one of two requests at the same offset append, on either process", async () => {
    const me = await signedUpCustomer(a);
    const video = fakeMp4(3 * MB);
    const up = await create(a, me.cookies, video.length);
    const first = video.subarray(0, 2 * MB);
    const answers = await Promise.all([
      patch(a, up.location, me.cookies, 0, first),
      patch(b, up.location, me.cookies, 0, first),
    ]);
    expect(answers.map((r) => r.status).toSorted()).toEqual([204, 409]);
    expect(await offsetOf(a, up.location, me.cookies)).toBe(2 * MB);
    expect((await uploadRows()).pieces).toHaveLength(1);
    expect(await bucket()).toHaveLength(1);
    expect((await tusRequest(b, "DELETE", up.location, me.cookies)).status).toBe(204);
    expect(await bucket()).toEqual([]);
    expect(await uploadRows()).toEqual({ states: [], pieces: [] });
  });

  it("removes, with the upload, a piece a killed process stored but never counted", async () => {
    const me = await signedUpCustomer(a);
    const up = await create(a, me.cookies, 1000);
    // What a process leaves when it dies between storing a piece and counting it.
    const orphan = `tus/${up.id}/000000000000-deadbeef.bin`;
    await a.database.db
      .insertInto("video_upload_piece")
      .values({ key: orphan, uploadId: up.id, start: 0, bytes: 10 })
      .execute();
    await a.storage.put(orphan, Buffer.alloc(10), { contentType: "application/octet-stream" });
    expect(await offsetOf(b, up.location, me.cookies)).toBe(0);
    expect((await tusRequest(b, "DELETE", up.location, me.cookies)).status).toBe(204);
    expect(await bucket()).toEqual([]);
    expect(await uploadRows()).toEqual({ states: [], pieces: [] });
  });

  it("never serves an upload's pieces at /media", async () => {
    const express = (await import("express")).default;
    const { serveMedia } = await import("~/server/media/serve-media.server.ts");
    const me = await signedUpCustomer(a);
    const up = await create(a, me.cookies, 5000);
    expect((await patch(a, up.location, me.cookies, 0, fakeMp4(5000).subarray(0, 1000))).status).toBe(204);
    const [piece] = (await uploadRows()).pieces;
    expect(await a.storage.get(piece!.key)).not.toBeNull();
    const app = express();
    app.get("/media/{*key}", serveMedia(a.storage));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as { port: number };
      expect((await fetch(`http://127.0.0.1:${port}/media/${piece!.key}`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it("refuses a finished upload that is not a video and keeps nothing", async () => {
    const me = await signedUpCustomer(a);
    const bytes = Buffer.from("GIF89a, not a video at all".repeat(100));
    const up = await create(a, me.cookies, bytes.length);
    const refused = await patch(b, up.location, me.cookies, 0, bytes);
    expect(refused.status).toBe(415);
    expect(await refused.text()).toBe(VIDEO_MESSAGES.notVideo);
    expect(await bucket()).toEqual([]);
    expect(await uploadRows()).toEqual({ states: [], pieces: [] });
  });
});

describe("a store that fails", () => {
  it("answers uploads and reviews in the app's words (both languages), never the store's", async () => {
    // The bucket is missing: s3rver answers NoSuchBucket with its text, as a real S3 would.
    const broken = await createTestServices({
      ...s3Env({ ...s3.settings, bucket: "no-such-bucket" }),
      APPROVAL_MODE: "auto",
    });
    try {
      const owner = await signedUpOwner(broken, {}, new Headers());
      await menus.addSection(broken, owner.id, { originalName: "Mains" });
      await addBranch(broken, owner.id, { branchName: "Main" });
      const me = await signedUpCustomer(broken);
      const up = await create(broken, me.cookies, 5000);
      const failed = await patch(broken, up.location, me.cookies, 0, fakeMp4(5000));
      expect(failed.status).toBe(503);
      expect(await failed.text()).toBe(VIDEO_MESSAGES.storeAway);

      // An upload finished while the store worked, taken by a review once it does not.
      await broken.database.db
        .updateTable("video_upload_state")
        .set({ received: 5000 })
        .where("id", "=", up.id)
        .execute();
      await broken.database.db
        .insertInto("video_upload_piece")
        .values({
          key: `tus/${up.id}/000000000000-0badf00d.bin`,
          uploadId: up.id,
          start: 0,
          bytes: 5000,
          stored: 1,
        })
        .execute();
      const posted = await postReview(
        broken,
        me.id,
        { urlName: owner.urlName, branchUrl: "main" },
        { values: { rating: "4", videoUpload: up.id }, photos: [] },
      );
      expect(posted).toMatchObject({
        ok: false,
        status: 503,
        fieldErrors: { video: VIDEO_MESSAGES.storeAway },
      });
    } finally {
      await broken.close();
    }
    registerMessages("ur", urduMessages);
    expect(translateMessage("ur", VIDEO_MESSAGES.storeAway)).not.toBe(VIDEO_MESSAGES.storeAway);
  });
});

describe("unfinished uploads on S3", () => {
  it("expire and are swept away, bucket and rows, by two processes at once", async () => {
    const short = await createTestServices({ ...s3Env(s3.settings), VIDEO_UPLOAD_EXPIRY_HOURS: "1" });
    // Aged in the database, not by a faked clock: S3 refuses requests signed at a skewed time.
    const age = async (minutes: number) => {
      const createdAt = new Date(Date.now() - minutes * 60 * 1000).toISOString();
      await short.database.db.updateTable("video_upload_state").set({ createdAt }).execute();
      await short.database.db.updateTable("video_upload").set({ createdAt }).execute();
    };
    try {
      const me = await signedUpCustomer(short);
      const unfinished = await create(short, me.cookies, 5000);
      const part = fakeMp4(5000).subarray(0, 100);
      expect((await patch(short, unfinished.location, me.cookies, 0, part)).status).toBe(204);
      // A finished upload no review took: tus never expires it, the ledger does.
      const finished = await create(short, me.cookies, 64);
      expect((await patch(short, finished.location, me.cookies, 0, fakeMp4(64))).status).toBe(204);
      expect(await bucket()).toHaveLength(2);
      await age(59);
      expect(await short.videos.cleanUp()).toBe(0);
      await age(61);
      // Every process sweeps each hour; two at once remove each upload, neither fails.
      const second = createServices(short.env, { mailer: memoryMailer([]), log: createLogger("silent") });
      try {
        const removed = await Promise.all([short.videos.cleanUp(), second.videos.cleanUp()]);
        expect(removed[0] + removed[1]).toBeGreaterThanOrEqual(2);
      } finally {
        await second.close();
      }
      expect(await bucket()).toEqual([]);
      expect(await uploadRows(short)).toEqual({ states: [], pieces: [] });
      expect([404, 410]).toContain((await tusRequest(short, "HEAD", unfinished.location, me.cookies)).status);
    } finally {
      await short.close();
    }
  });
});
