import { accountActions } from "./account-actions.ts";
import type { MutatingAction } from "./action-entry.ts";
import { adminActions } from "./admin-actions.ts";
import { expressEndpoints } from "./express-endpoints.ts";
import { menuActions } from "./menu-actions.ts";
import { profileActions } from "./profile-actions.ts";
import { reviewActions } from "./review-actions.ts";

export type { MutatingAction } from "./action-entry.ts";

/**
 * Every mutating action of Foodverse: each React Router action (one entry per
 * `intent` it handles) and each mutating Express-level endpoint of server/http-app.ts,
 * with who may use it. The authorization matrix runs every entry for every actor,
 * and fails when a route module with an action, an intent, or an endpoint is missing.
 */
export const MUTATING_ACTIONS: readonly MutatingAction[] = [
  ...accountActions,
  ...profileActions,
  ...menuActions,
  ...reviewActions,
  ...adminActions,
  ...expressEndpoints,
];
