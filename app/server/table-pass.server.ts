import { createCookie } from "react-router";

/**
 * A table pass (issue 33, ADR 0046): what a diner's browser holds after opening a printed
 * table code, so a review posted from it can say 'Reviewed after scanning at the table'.
 * It names the branch, the table and the code it came from, and when it ends; nothing
 * about the person, and nothing is stored on the server. Signed with the table-pass key
 * (react-router's cookie signing: HMAC-SHA256), HttpOnly, and `__Host-` prefixed behind
 * https so no subdomain or plain-http page can plant one.
 */
export interface TablePass {
  branchId: string;
  tableId: string;
  code: string;
  /** When it stops counting, in ms since the epoch. */
  until: number;
}

/** How long a pass counts after the scan: a meal and the walk home. */
export const TABLE_PASS_MS = 4 * 60 * 60 * 1000;

export const TABLE_PASS_COOKIE_NAMES = ["__Host-fv_table", "fv_table"] as const;

function passCookie(key: string, secure: boolean) {
  const [hostOnly, plain] = TABLE_PASS_COOKIE_NAMES;
  return createCookie(secure ? hostOnly : plain, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    secrets: [key],
    maxAge: TABLE_PASS_MS / 1000,
  });
}

/** The Set-Cookie header giving a pass for this table, from `now`. */
export function passHeader(
  key: string,
  secure: boolean,
  table: { branchId: string; tableId: string; code: string },
  now: Date,
): Promise<string> {
  const pass: TablePass = { ...table, until: now.getTime() + TABLE_PASS_MS };
  return passCookie(key, secure).serialize(pass);
}

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** The pass a request carries, signed by `key` and not yet ended at `now`; null otherwise (none, forged, old). */
export async function readPass(
  key: string,
  secure: boolean,
  cookieHeader: string | null,
  now: Date,
): Promise<TablePass | null> {
  if (!cookieHeader || !TABLE_PASS_COOKIE_NAMES.some((name) => cookieHeader.includes(`${name}=`)))
    return null;
  // A value whose signature does not match parses as false.
  const value: unknown = await passCookie(key, secure).parse(cookieHeader);
  if (typeof value !== "object" || value === null) return null;
  const pass = value as Partial<TablePass>;
  if (!isText(pass.branchId) || !isText(pass.tableId) || !isText(pass.code)) return null;
  if (typeof pass.until !== "number" || pass.until <= now.getTime()) return null;
  return { branchId: pass.branchId, tableId: pass.tableId, code: pass.code, until: pass.until };
}
