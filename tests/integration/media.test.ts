import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageUrl } from "~/lib/media.ts";
import { deleteImage, imageKeys, MEDIA_MESSAGES, saveImage } from "~/server/media/images.server.ts";
import { createLocalStorage } from "~/server/storage/local-storage.server.ts";
import { createS3Storage } from "~/server/storage/s3-storage.server.ts";
import type { Storage } from "~/server/storage/storage.server.ts";
import { notAnImage, photoWithGps, pixelBomb, svgImage } from "../setup/images.ts";
import { startS3Server } from "../setup/s3-server.ts";
import { inEnglish } from "~/lib/message.ts";

const limits = { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 };

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const drivers: { name: string; make: () => Promise<{ storage: Storage; close(): Promise<void> }> }[] = [
  {
    name: "local disk",
    async make() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-uploads-"));
      return {
        storage: createLocalStorage(dir),
        close: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "S3 (s3rver)",
    async make() {
      const s3 = await startS3Server();
      return { storage: createS3Storage(s3.settings), close: s3.close };
    },
  },
];

describe.each(drivers)("images on $name", ({ make }) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await make());
  });
  afterAll(() => close());

  it("stores WebP variants at each width, upright, with no EXIF or GPS left", async () => {
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const url = await saveImage(storage, photo, { ...limits, owner: "user-1", scope: "user-1:logo" });
    expect(url).toMatch(/^\/media\/img\/[a-f0-9]{32}\/960\.webp$/);

    const stored = await Promise.all(
      imageKeys(url).map(async (key) => {
        const bytes = await readAll(storage, key);
        return { key, bytes: bytes!, meta: await sharp(bytes!).metadata() };
      }),
    );
    for (const { key, bytes, meta } of stored) {
      expect(meta.exif, key).toBeUndefined();
      expect(meta.xmp, key).toBeUndefined();
      expect(bytes.includes("Secret Model"), key).toBe(false);
    }
    const widths = stored.filter((s) => s.key.endsWith(".webp"));
    expect(widths.map((s) => [s.meta.format, s.meta.width])).toEqual([
      ["webp", 320],
      ["webp", 960],
      ["webp", 1600],
    ]);
    const share = stored.find((s) => s.key.endsWith("og.jpg"))!;
    expect([share.meta.format, share.meta.width, share.meta.height]).toEqual(["jpeg", 1200, 630]);
    expect(share.bytes.length).toBeLessThanOrEqual(300 * 1024);
  });

  it("gives the same photo from the same owner and use the same URL, and another owner a different one", async () => {
    const photo = await photoWithGps(640, 480);
    const a = await saveImage(storage, photo, { ...limits, owner: "user-1", scope: "user-1:cover" });
    const b = await saveImage(storage, photo, { ...limits, owner: "user-1", scope: "user-1:cover" });
    const c = await saveImage(storage, photo, { ...limits, owner: "user-2", scope: "user-2:cover" });
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it.each([
    ["a text file renamed .jpg", () => Promise.resolve(notAnImage), MEDIA_MESSAGES.notImage],
    ["an SVG", () => Promise.resolve(svgImage), MEDIA_MESSAGES.notImage],
    ["a pixel bomb", pixelBomb, MEDIA_MESSAGES.tooManyPixels(40_000_000)],
    ["a truncated JPEG", async () => (await photoWithGps()).subarray(0, 2000), MEDIA_MESSAGES.notImage],
  ])("refuses %s with a message and stores nothing", async (_name, bytes, message) => {
    const input = await bytes();
    await expect(
      saveImage(storage, input, { ...limits, owner: "user-1", scope: "user-1:x" }),
    ).rejects.toThrow(inEnglish(message));
    const id = createHash("sha256").update("user-1:x").update("\0").update(input).digest("hex").slice(0, 32);
    for (const key of imageKeys(imageUrl(id))) expect(await storage.get(key)).toBeNull();
  });

  it("refuses a file over the size limit", async () => {
    const photo = await photoWithGps();
    await expect(
      saveImage(storage, photo, { maxBytes: 1024, maxPixels: 40_000_000, owner: "u", scope: "u" }),
    ).rejects.toThrow(inEnglish(MEDIA_MESSAGES.tooBig(1024)));
  });

  it("deletes every variant of a replaced image", async () => {
    const url = await saveImage(storage, await photoWithGps(400, 300), {
      ...limits,
      owner: "user-3",
      scope: "user-3:logo",
    });
    await deleteImage(storage, url);
    for (const key of imageKeys(url)) expect(await storage.get(key)).toBeNull();
  });

  it("streams a large object in and out unchanged", async () => {
    const data = randomBytes(24 * 1024 * 1024);
    const chunks = Array.from({ length: 24 }, (_, i) =>
      data.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    );
    await storage.put("test/large.bin", Readable.from(chunks), {
      contentType: "application/octet-stream",
      size: data.length,
    });
    const back = await readAll(storage, "test/large.bin");
    expect(back?.length).toBe(data.length);
    expect(createHash("sha256").update(back!).digest("hex")).toBe(
      createHash("sha256").update(data).digest("hex"),
    );
    await storage.delete(["test/large.bin"]);
    expect(await storage.get("test/large.bin")).toBeNull();
  });

  it("refuses keys that could leave the storage root", async () => {
    await expect(
      storage.put("../escape.webp", Buffer.from("x"), { contentType: "image/webp" }),
    ).rejects.toThrow("Invalid storage key");
    await expect(storage.get("img/../../etc/passwd")).rejects.toThrow("Invalid storage key");
  });
});

describe("local disk: nothing is left of a refused or deleted write", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-folders-"));
  const storage = createLocalStorage(dir);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  /** Every file and folder under the storage root. */
  const everything = () => fs.readdirSync(dir, { recursive: true }).map(String).toSorted();

  it("a write that fails part-way leaves no file and no folder", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("connection dropped"));
      },
    });
    await expect(
      storage.put("vid/refused-clip.mp4", failing, { contentType: "video/mp4", size: 4096 }),
    ).rejects.toThrow("connection dropped");
    expect(everything()).toEqual([]);
  });

  it("a review whose second photo is refused keeps neither photo nor folder", async () => {
    const good = await saveImage(storage, await photoWithGps(400, 300), {
      ...limits,
      owner: "user-4",
      scope: "user-4:review:1:0",
    });
    await expect(
      saveImage(storage, notAnImage, { ...limits, owner: "user-4", scope: "user-4:review:1:1" }),
    ).rejects.toThrow(MEDIA_MESSAGES.notImage);
    // What postReview does with the photos it stored before the refused one.
    await deleteImage(storage, good);
    expect(everything()).toEqual([]);
  });

  it("a folder another write is using stays", async () => {
    const url = await saveImage(storage, await photoWithGps(320, 240), {
      ...limits,
      owner: "u5",
      scope: "u5:a",
    });
    await storage.put("img/shared/one.webp", Buffer.from("a"), { contentType: "image/webp" });
    await storage.put("img/shared/two.webp", Buffer.from("b"), { contentType: "image/webp" });
    await storage.delete(["img/shared/one.webp"]);
    expect(everything()).toContain(path.join("img", "shared", "two.webp"));
    await Promise.all([
      storage.delete(["img/shared/two.webp"]),
      storage.put("img/shared/three.webp", Buffer.from("c"), { contentType: "image/webp" }),
    ]);
    expect(await readAll(storage, "img/shared/three.webp")).toEqual(Buffer.from("c"));
    await storage.delete(["img/shared/three.webp", ...imageKeys(url)]);
    expect(everything()).toEqual([]);
  });
});

describe("serving /media/", () => {
  it("answers a malformed key with a 404, logged once at debug, with no error or stack", async () => {
    const express = (await import("express")).default;
    const pino = (await import("pino")).default;
    const { serveMedia } = await import("~/server/media/serve-media.server.ts");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foodverse-serve-"));
    const lines: { level: number; msg: string; err?: unknown }[] = [];
    const log = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const errors: unknown[] = [];
    const app = express();
    app.use((req, _res, next) => {
      (req as unknown as { log: typeof log }).log = log;
      next();
    });
    app.get("/media/{*key}", serveMedia(createLocalStorage(dir)));
    app.use((error: unknown, _req: unknown, res: { status(n: number): { end(): void } }, _next: unknown) => {
      errors.push(error);
      res.status(500).end();
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    try {
      for (const key of [
        "img/ABC/960.webp",
        "img/a%20b/960.webp",
        "vid/Clip.MP4",
        "img/..%2F..%2Fetc/passwd",
      ]) {
        lines.length = 0;
        const response = await fetch(`http://127.0.0.1:${port}/media/${key}`);
        expect(response.status, key).toBe(404);
        expect(await response.text(), key).toBe("Not Found");
        expect(
          lines.map((l) => [l.level, l.msg]),
          key,
        ).toEqual([[20, "malformed media key"]]);
      }
      expect(errors).toEqual([]);
      // A well-formed key that names nothing is an ordinary 404, not logged.
      lines.length = 0;
      expect((await fetch(`http://127.0.0.1:${port}/media/img/abc/960.webp`)).status).toBe(404);
      expect(lines).toEqual([]);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
