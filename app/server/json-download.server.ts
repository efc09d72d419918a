import { create as contentDisposition } from "content-disposition";

/** A person's own data as a JSON file the browser saves: never cached, never shown as a page. */
export function jsonDownload(data: unknown, fileName: string): Response {
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
