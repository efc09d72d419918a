import { createHmac, randomBytes } from "node:crypto";

/**
 * Query parameters whose value lets whoever reads it act as someone: a password reset
 * or e-mail token, a one-time code, a signature. A log is read by more people (and
 * kept longer) than the accounts it mentions (docs/threat-model.md, "Logs").
 */
const SECRET_PARAMS = new Set(["token", "code", "otp", "key", "secret", "signature", "sig", "password"]);
export const REDACTED = "[redacted]";

/** A value that names a person: an e-mail address typed into a search (the admin's user search). */
const ADDRESS = /[^\s@]+@[^\s@]+/;

const isSecret = (name: string, value: unknown) =>
  SECRET_PARAMS.has(name.toLowerCase()) || (typeof value === "string" && ADDRESS.test(value));

/** The URL as a log may keep it: the path, and the query with every secret's value replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const question = url.indexOf("?");
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (!params.getAll(name).some((value) => isSecret(name, value))) continue;
    params.set(name, REDACTED);
    changed = true;
  }
  return changed ? `${url.slice(0, question)}?${params.toString()}` : url;
}

/** Express's parsed query with the same values replaced. */
export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== "object") return query;
  const entries = Object.entries(query as Record<string, unknown>).map(([name, value]) =>
    isSecret(name, value) || (Array.isArray(value) && value.some((v) => isSecret(name, v)))
      ? [name, REDACTED]
      : [name, value],
  );
  return Object.fromEntries(entries);
}

/**
 * An e-mail address as a log keeps it: a keyed hash (HMAC-SHA-256 under the auth secret,
 * 16 hex digits), the same for the same address, so an operator can follow one person's
 * failed logins without the log holding anyone's address. Without a key (a logger made
 * before the secret is known) the key is random: lines still never hold the address.
 */
export function emailHasher(key: string | undefined): (value: unknown) => unknown {
  const secret = key ?? randomBytes(32).toString("hex");
  return (value) =>
    typeof value === "string"
      ? `hmac:${createHmac("sha256", secret).update(value.trim().toLowerCase()).digest("hex").slice(0, 16)}`
      : value;
}

/**
 * pino-http's request serializer (it receives pino's serialized request): the URL, the
 * query and the Referer (the page a reset link opened sends its own URL as the next
 * request's Referer) redacted.
 */
export function redactedRequest(
  req: { url?: string; query?: unknown; headers?: Record<string, unknown> } & Record<string, unknown>,
) {
  const headers =
    req.headers && typeof req.headers.referer === "string"
      ? { ...req.headers, referer: redactUrl(req.headers.referer) }
      : req.headers;
  return {
    id: req.id,
    method: req.method,
    url: redactUrl(req.url),
    query: redactQuery(req.query),
    headers,
    remoteAddress: req.remoteAddress,
    remotePort: req.remotePort,
  };
}
