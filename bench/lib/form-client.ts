// A tiny cookie-keeping HTTP client that posts the app's forms the way a browser
// without JavaScript would (same-origin, redirects not followed).

export class FormClient {
  readonly #base: string;
  readonly #cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.#base = baseUrl;
  }

  async #send(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", this.#base);
    if (this.#cookies.size > 0) {
      headers.set("cookie", [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const response = await fetch(new URL(path, this.#base), {
      ...init,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at > 0) this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }

  /** The cookies named like `name` as a Cookie header (e.g. the session, to load pages signed in). */
  cookieHeader(name: RegExp): string {
    return [...this.#cookies]
      .filter(([cookie]) => name.test(cookie))
      .map(([cookie, value]) => `${cookie}=${value}`)
      .join("; ");
  }

  /** Any request with this client's cookies and a same-origin Origin; the answer as it came. */
  request(path: string, init: RequestInit): Promise<Response> {
    return this.#send(path, init);
  }

  async get(path: string): Promise<{ status: number; text: string }> {
    const response = await this.#send(path, { method: "GET" });
    return { status: response.status, text: await response.text() };
  }

  /** Posts a form (urlencoded, or multipart when a value is a Blob) and expects a redirect. */
  async post(
    path: string,
    fields: Record<string, string | Blob>,
    options: { multipart?: boolean; fileNames?: Record<string, string> } = {},
  ): Promise<string> {
    const hasFile = options.multipart || Object.values(fields).some((v) => v instanceof Blob);
    let body: FormData | URLSearchParams;
    if (hasFile) {
      body = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value instanceof Blob) body.append(name, value, options.fileNames?.[name] ?? `${name}.jpg`);
        else body.append(name, value);
      }
    } else {
      body = new URLSearchParams(fields as Record<string, string>);
    }
    const response = await this.#send(path, { method: "POST", body });
    const text = await response.text();
    if (response.status !== 302 && response.status !== 303) {
      throw new Error(`POST ${path} answered ${response.status}, not a redirect:\n${text.slice(0, 500)}`);
    }
    return response.headers.get("location") ?? "";
  }
}
