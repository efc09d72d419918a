import type { Env } from "./env.server.ts";
import { qrDataUrl } from "./qr.server.ts";

type Addressing = Pick<Env, "PUBLIC_URL" | "PUBLIC_URL_GIVEN">;

/**
 * Where a stored code (SPEC: restQRcode, branchQRcode) is shown pointing: the stored
 * address when it is under PUBLIC_URL, else the same page under PUBLIC_URL. A process
 * started with a new PUBLIC_URL rewrites the stored codes in the background (ADR 0034:
 * 30,000 codes take minutes); until a row's turn comes, what the owner prints and
 * diners share is already the new address. Without a PUBLIC_URL set, the stored one.
 */
export function shownAddress(env: Addressing, stored: string, path: string): string {
  if (!env.PUBLIC_URL_GIVEN || stored.startsWith(`${env.PUBLIC_URL}/r/`)) return stored;
  return `${env.PUBLIC_URL}${path}`;
}

/** The same for a code and its image (restQRimg, branchQRimg): drawn now while the stored one is not yet rewritten. */
export async function shownCode(
  env: Addressing,
  stored: { url: string; image: string },
  path: string,
): Promise<{ url: string; image: string }> {
  const url = shownAddress(env, stored.url, path);
  return url === stored.url ? stored : { url, image: await qrDataUrl(url) };
}
