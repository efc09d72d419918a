import type express from "express";
import { LRUCache } from "lru-cache";
import { FRESH_UNTIL_HEADER, pageBody, type CachedPage } from "./page-cache.server.ts";
import type { PageStore } from "./page-store.server.ts";
import { escapedText, type PageTemplate, type PageVariant } from "./page-variant.server.ts";
import { filled, slotWords, type SlotWords, type SplicedPage } from "./spliced-page.server.ts";
import type { Viewer } from "./viewer.server.ts";

/**
 * How the page cache (page-cache-middleware.server.ts) sends what it has: a kept page as
 * kept (gzipped or not, 304 on its ETag), a signed-in variant with the reader's name in
 * its slots, or a render it does not keep as React Router made it.
 */

/** Bodies read as text (pages, React Router's .data, sitemaps): a nonce in them can be taken out. */
export const TEXTUAL = /^(?:text\/|application\/(?:[\w.-]+\+)?(?:json|xml)\b)/i;

export function sendPage(
  req: express.Request,
  res: express.Response,
  page: CachedPage,
  outcome: "HIT" | "MISS" | "STALE",
  viewer: Viewer | null,
) {
  res.setHeader("x-page-cache", outcome);
  if (page.spliced) {
    sendSpliced(req, res, page, page.spliced, viewer!);
    return;
  }
  if (req.get("if-none-match") === page.etag) {
    res.status(304).end();
    return;
  }
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.status(page.status).end(gzip ? page.gzip : plainBody(page));
}

/**
 * Kept pages are gzip only (ADR 0034 §5); a client that takes no gzip (a script, a tool,
 * a rare bot) gets them unzipped. The pages such clients read lately stay unzipped here,
 * so a stream of them costs a lookup each, not an unzip each (at 200 such readers an unzip
 * a request took two thirds of the throughput). Keyed by ETag: the hash of the bytes.
 */
const plainCopies = new LRUCache<string, Buffer>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (body) => body.length + 64,
});

export function plainBody(page: CachedPage): Buffer {
  if (page.body) return page.body;
  let body = plainCopies.get(page.etag);
  if (!body) {
    body = pageBody(page);
    plainCopies.set(page.etag, body);
  }
  return body;
}

/** Sends the page's previous copy kept under `older`, if there is one (ADR 0034). */
export function sentStale(
  req: express.Request,
  res: express.Response,
  store: PageStore,
  older: string | null,
) {
  const stale = older === null ? undefined : store.get(older);
  if (!stale) return false;
  for (const [name, value] of stale.headers) res.setHeader(name, value);
  sendPage(req, res, stale, "STALE", null);
  return true;
}

// A reader's name as it goes in the slots, per viewer: the viewer cache (page-variant.server.ts)
// hands the same object to each of a reader's hits for a few seconds, and a name changed
// comes as a new object.
const namesInSlots = new WeakMap<Viewer, SlotWords>();

function nameInSlots(viewer: Viewer): SlotWords {
  let words = namesInSlots.get(viewer);
  if (!words) {
    words = slotWords(Buffer.from(escapedText(viewer.displayName)));
    namesInSlots.set(viewer, words);
  }
  return words;
}

/** A signed-in variant's page with this reader's name in its slots; its ETag is the filled page's. */
function sendSpliced(
  req: express.Request,
  res: express.Response,
  page: CachedPage,
  spliced: SplicedPage,
  viewer: Viewer,
) {
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  const { parts, size, crc } = filled(spliced, nameInSlots(viewer), gzip);
  const etag = `${page.etag.slice(0, -1)}.${crc.toString(36)}"`;
  res.setHeader("etag", etag);
  if (req.get("if-none-match") === etag) {
    res.status(304).end();
    return;
  }
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.setHeader("content-length", size);
  res.status(page.status);
  // The pieces are written as they are kept (one writev: end() uncorks), not copied into one buffer.
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}

export async function sendUncached(res: express.Response, response: Response) {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === FRESH_UNTIL_HEADER) continue;
    res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("set-cookie", cookie);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The reader's name in this render's slots: what they are sent when the page is not kept. */
export function withName(text: string, viewer: Viewer, template: PageTemplate): string {
  return text.replaceAll(template.slot, escapedText(viewer.displayName));
}

/**
 * What of the reader a page rendered for a variant still holds (their id, or their name
 * outside the slot), or null. A variant page is everyone's in that role, so such a page
 * is not kept: a safety net under the loaders' markPersonal. A customer's review shows
 * their name, so they get the pages of their own reviews rendered. An owner's name is
 * their restaurant's, public on every list; and an owner on their own restaurant's pages
 * is the only reader of that variant.
 */
export function personalIn(body: string, viewer: Viewer, variant: PageVariant): string | null {
  if (variant === "self") return null;
  if (body.includes(viewer.userId)) return "id";
  if (viewer.role === "restaurant") return null;
  const name = viewer.displayName.trim();
  if (name && (body.includes(name) || body.includes(escapedText(name)))) return "name";
  return null;
}

export async function sendFilledUncached(
  res: express.Response,
  response: Response,
  viewer: Viewer,
  template: PageTemplate,
) {
  const type = response.headers.get("content-type") ?? "";
  const body = Buffer.from(await response.arrayBuffer());
  const filledBody = TEXTUAL.test(type) ? withName(body.toString("utf8"), viewer, template) : body;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  await sendUncached(
    res,
    new Response(response.status === 304 ? null : filledBody, { status: response.status, headers }),
  );
}
