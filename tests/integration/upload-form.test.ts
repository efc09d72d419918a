import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { BODY_MESSAGES } from "~/server/body-limit.server.ts";
import { servicesContext } from "~/server/context.ts";
import { parseEnv } from "~/server/env.server.ts";
import { MEDIA_MESSAGES } from "~/server/media/images.server.ts";
import type { Services } from "~/server/services.server.ts";
import { FORM_UNREADABLE, readFormValues, readUploadForm } from "~/server/upload-form.server.ts";
import { inEnglish } from "~/lib/message.ts";

/** What an action is handed: the services, of which the form readers use the settings. */
function contextWith(env: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, { env: parseEnv(env) } as Services);
  return context;
}
const context = contextWith({ FORM_MAX_KB: "64", FORM_READ_TIMEOUT_SECONDS: "1" });

function multipart(files: Record<string, Uint8Array<ArrayBuffer>>, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of Object.entries(files)) form.append(name, new Blob([bytes]), `${name}.jpg`);
  return new Request("http://localhost/profile/customer/edit", { method: "POST", body: form });
}

const limits = { maxFileBytes: 64 * 1024, maxFiles: 2 };

describe("reading a form with files", () => {
  it("returns the fields and the non-empty files", async () => {
    const result = await readUploadForm(
      multipart(
        { profileImage: new Uint8Array(1000).fill(7), coverImage: new Uint8Array(0) },
        { firstName: "Ali" },
      ),
      context,
      limits,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values.firstName).toBe("Ali");
    expect([...result.files.keys()]).toEqual(["profileImage"]);
    expect(result.files.get("profileImage")?.length).toBe(1000);
  });

  it("stops at a file over the size limit with the size message", async () => {
    const result = await readUploadForm(
      multipart({ profileImage: new Uint8Array(65 * 1024) }),
      context,
      limits,
    );
    expect(result).toMatchObject({ ok: false, status: 413, message: MEDIA_MESSAGES.tooBig(64 * 1024) });
  });

  it("refuses more files than the form has fields for", async () => {
    const tiny = new Uint8Array(10);
    const result = await readUploadForm(multipart({ a: tiny, b: tiny, c: tiny }), context, limits);
    expect(result).toMatchObject({ ok: false, status: 413 });
  });

  it("answers a broken body with 400, not an error", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    expect(await readUploadForm(request, context, limits)).toMatchObject({ ok: false, status: 400 });
  });
});

const LIMIT = 64 * 1024;
const TOO_LARGE = BODY_MESSAGES.tooLarge(LIMIT);
// An HTTP status text is English (the page's own words come from the form's answer).
const TOO_LARGE_TEXT = inEnglish(TOO_LARGE);

/** A url-encoded POST whose body is streamed (no Content-Length), as a chunked upload arrives. */
function urlEncoded(body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request("http://localhost/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

/** A body of `chunks` chunks of 16 KB, counting how many were pulled; then it stalls, or ends. */
function countedBody(chunks: number, then: "end" | "stall" = "end") {
  const pulled = { count: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count >= chunks) {
        if (then === "end") controller.close();
        return new Promise(() => undefined);
      }
      pulled.count += 1;
      controller.enqueue(
        new TextEncoder().encode(`${pulled.count === 1 ? "a=" : ""}${"x".repeat(16 * 1024)}`),
      );
    },
  });
  return { stream, pulled };
}

const thrownBy = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (thrown: { init?: ResponseInit }) => thrown,
  );

describe("reading a form without files (issue 14: the body limit)", () => {
  it("reads a form within the limit", async () => {
    const values = await readFormValues(
      urlEncoded(`email=a%40b.pk&about=${"x".repeat(LIMIT - 100)}`),
      context,
    );
    expect(values.email).toBe("a@b.pk");
    expect(String(values.about).length).toBe(LIMIT - 100);
  });

  it("stops reading a streamed body at the limit: 413 with the message, the rest never pulled", async () => {
    const { stream, pulled } = countedBody(10_000);
    const thrown = await thrownBy(readFormValues(urlEncoded(stream), context));
    expect(thrown).toMatchObject({ init: { status: 413, statusText: TOO_LARGE_TEXT } });
    // 64 KB is 4 chunks of 16 KB: the 5th passes the limit; a few more may be queued, not 10,000.
    expect(pulled.count).toBeLessThan(10);
  });

  it("refuses a declared Content-Length past the limit before reading a byte", async () => {
    const { stream, pulled } = countedBody(1, "stall");
    const request = urlEncoded(stream, { "content-length": String(150 * 1024 * 1024) });
    const thrown = await thrownBy(readFormValues(request, context));
    expect(thrown).toMatchObject({ init: { status: 413, statusText: TOO_LARGE_TEXT } });
    expect(pulled.count).toBeLessThanOrEqual(1);
  });

  it("gives a body that stops arriving a deadline: 408 with the message", async () => {
    const { stream } = countedBody(1, "stall");
    const started = Date.now();
    const thrown = await thrownBy(readFormValues(urlEncoded(stream), context));
    expect(thrown).toMatchObject({ init: { status: 408, statusText: BODY_MESSAGES.tooSlow } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("answers a body that is no form with 400", async () => {
    const request = new Request("http://localhost/login", {
      method: "POST",
      body: new URLSearchParams({ email: "a" }),
    });
    const withoutType = new Request(request.url, {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "" },
    });
    for (const r of [withoutType, urlEncoded("a=1", { "content-type": "application/json" })]) {
      expect(await thrownBy(readFormValues(r, context))).toMatchObject({
        init: { status: 400, statusText: FORM_UNREADABLE },
      });
    }
    // No schema, no list fields: a form's lists come from its schema (app/lib/forms.ts).
    expect(await readFormValues(request, context)).toEqual({ email: "a" });
  });

  it("uses FORM_MAX_KB", async () => {
    const larger = contextWith({ FORM_MAX_KB: "256" });
    const body = `a=${"x".repeat(100 * 1024)}`;
    expect(String((await readFormValues(urlEncoded(body), larger)).a).length).toBe(100 * 1024);
    expect(await thrownBy(readFormValues(urlEncoded(body), context))).toMatchObject({
      init: { status: 413 },
    });
  });
});

describe("an upload form sent without files", () => {
  it("gets the small limit when url-encoded", async () => {
    const { stream, pulled } = countedBody(10_000);
    const result = await readUploadForm(urlEncoded(stream), context, limits);
    expect(result).toMatchObject({ ok: false, status: 413, message: TOO_LARGE });
    expect(pulled.count).toBeLessThan(10);
    const small = await readUploadForm(urlEncoded("firstName=Ali"), context, limits);
    expect(small).toMatchObject({ ok: true, values: { firstName: "Ali" } });
  });

  it("gets the small limit too when it is neither multipart nor url-encoded", async () => {
    const { stream, pulled } = countedBody(10_000);
    const result = await readUploadForm(
      urlEncoded(stream, { "content-type": "text/plain" }),
      context,
      limits,
    );
    expect(result).toMatchObject({ ok: false, status: 413, message: TOO_LARGE });
    expect(pulled.count).toBeLessThan(10);
    const small = await readUploadForm(urlEncoded("a=1", { "content-type": "text/plain" }), context, limits);
    expect(small).toMatchObject({ ok: false, status: 400, message: FORM_UNREADABLE });
  });
});
