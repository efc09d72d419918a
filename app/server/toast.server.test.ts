import { describe, expect, it } from "vitest";
import { keyed } from "~/lib/message.ts";
import { createToastCookie, flashToast, takeToast } from "./toast.server.ts";

/** A request carrying the toast cookie that `value` serializes to (as a browser would send it back). */
async function requestWith(value: unknown): Promise<Request> {
  const header = await createToastCookie(false).serialize(value);
  return new Request("http://127.0.0.1/", { headers: { cookie: header.split(";")[0]! } });
}

describe("the toast cookie", () => {
  it("carries a message with values across a redirect, key and values apart", async () => {
    const message = keyed("{{branch}} has no opening hours yet.", { branch: "Blue Area" });
    const headers = await flashToast(new Headers(), "warning", message);
    const cookie = headers.get("set-cookie")!.split(";")[0]!;
    const { toast } = await takeToast(new Request("http://127.0.0.1/", { headers: { cookie } }));
    expect(toast).toMatchObject({ level: "warning", message });
  });

  it("takes no forged message: values that are no text or number, a key that is no text", async () => {
    for (const message of [
      { key: "Add at most {{max}} photos.", values: { max: { toString: "x" } } },
      { key: "Add at most {{max}} photos.", values: [5] },
      { key: 5, values: {} },
      { key: "Add at most {{max}} photos." },
      null,
    ]) {
      const { toast } = await takeToast(await requestWith({ id: "x", level: "error", message }));
      expect(toast, JSON.stringify(message)).toBeNull();
    }
  });
});
