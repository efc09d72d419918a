import { describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "~/server/media/images.server.ts";
import { readUploadForm } from "~/server/upload-form.server.ts";

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
      limits,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values.firstName).toBe("Ali");
    expect([...result.files.keys()]).toEqual(["profileImage"]);
    expect(result.files.get("profileImage")?.length).toBe(1000);
  });

  it("stops at a file over the size limit with the size message", async () => {
    const result = await readUploadForm(multipart({ profileImage: new Uint8Array(65 * 1024) }), limits);
    expect(result).toMatchObject({ ok: false, status: 413, message: MEDIA_MESSAGES.tooBig(64 * 1024) });
  });

  it("refuses more files than the form has fields for", async () => {
    const tiny = new Uint8Array(10);
    const result = await readUploadForm(multipart({ a: tiny, b: tiny, c: tiny }), limits);
    expect(result).toMatchObject({ ok: false, status: 413 });
  });

  it("answers a broken body with 400, not an error", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    expect(await readUploadForm(request, limits)).toMatchObject({ ok: false, status: 400 });
  });
});
