import type { Kysely } from "kysely";
import type { Auth } from "./auth.server.ts";
import type { DB } from "./db-schema.server.ts";
import { sessionTokenOf } from "./request-cookies.server.ts";
import { findAccount, type Role } from "./viewer.queries.server.ts";

export interface Viewer {
  userId: string;
  role: Role;
  displayName: string;
  urlName?: string;
}

/**
 * Who sent a request: the one answer every access check starts from, the app's
 * (features/accounts/access.server.ts) and the video uploads' (media/videos.server.ts),
 * so the two cannot disagree on who is signed in or in which role.
 * No database call when the request has no session cookie.
 */
export async function viewerOf(auth: Auth, db: Kysely<DB>, requestHeaders: Headers): Promise<Viewer | null> {
  if (!sessionTokenOf(requestHeaders.get("cookie"))) return null;
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const account = await findAccount(db, session.user.id);
  if (!account) return null;
  return { userId: session.user.id, ...account };
}
