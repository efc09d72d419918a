import type { RequestHandler } from "express";
import { RETRY_AFTER_SECONDS } from "../outage.server.ts";
import { isValidKey, type ByteRange, type Storage } from "../storage/storage.server.ts";

/** `bytes=start-end` (one range; suffix ranges are not needed by browsers' video players). */
function parseRange(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=(\d+)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return end === undefined || end >= start ? { start, end } : undefined;
}

/**
 * Uploaded pictures and videos: their URL changes when their content does, so
 * they are cached for good. Videos answer byte ranges so players can seek.
 */
export function serveMedia(storage: Storage): RequestHandler {
  return async (req, res, next) => {
    const key = (req.params as { key: string[] }).key.join("/");
    if (!key.startsWith("img/") && !key.startsWith("vid/")) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    // A key the server never makes (capitals, `..`, odd characters): no such file, not a fault.
    if (!isValidKey(key)) {
      req.log?.debug({ key: key.slice(0, 200) }, "malformed media key");
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    try {
      const range = key.startsWith("vid/") ? parseRange(req.get("range")) : undefined;
      const object = await storage.get(key, range);
      if (!object) {
        res.status(404).type("text/plain").send("Not Found");
        return;
      }
      if (range && object.range && object.total !== undefined && object.range.start >= object.total) {
        res.status(416).setHeader("Content-Range", `bytes */${object.total}`).end();
        return;
      }
      res.setHeader("Content-Type", object.contentType);
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (key.startsWith("vid/")) res.setHeader("Accept-Ranges", "bytes");
      if (object.range && object.total !== undefined) {
        res.status(206);
        res.setHeader("Content-Range", `bytes ${object.range.start}-${object.range.end}/${object.total}`);
      }
      if (object.size) res.setHeader("Content-Length", String(object.size));
      object.body.on("error", next);
      object.body.pipe(res);
    } catch (error) {
      // docs/operations.md: the store is away (a restart, a network fault). Pages and kept pages go on;
      // their pictures say to come back, in words, never the store's error text.
      req.log?.warn({ err: error, key }, "media: the store did not answer");
      res
        .status(503)
        .setHeader("Retry-After", String(RETRY_AFTER_SECONDS))
        .setHeader("Cache-Control", "no-store")
        .type("text/plain")
        .send("This photo or video cannot be fetched just now. Try again in a few seconds.");
    }
  };
}
