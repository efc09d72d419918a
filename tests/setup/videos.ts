import { randomBytes } from "node:crypto";
import type { Services } from "~/server/services.server.ts";

/** A file that starts like an MP4 (an ftyp box), which is what the server checks; the rest random. */
export function fakeMp4(size: number): Buffer {
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

export const VIDEO_UPLOADS_URL = "http://localhost:3000/uploads/video";

/** One tus request to a process's video upload server, with the session in `headers`. */
export async function tusRequest(
  through: Services,
  method: string,
  url: string,
  headers: Headers,
  extra: Record<string, string> = {},
  body?: Uint8Array | ReadableStream<Uint8Array>,
): Promise<Response> {
  const all = new Headers(headers);
  for (const [name, value] of Object.entries({ "tus-resumable": "1.0.0", ...extra })) all.set(name, value);
  const init: RequestInit & { duplex?: "half" } = { method, headers: all };
  if (body instanceof ReadableStream) {
    init.body = body;
    init.duplex = "half";
  } else if (body) {
    init.body = Buffer.from(body);
  }
  return through.videos.server.handleWeb(new Request(url, init));
}
