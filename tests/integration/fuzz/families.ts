import type { MutatingAction } from "../authorization/action-entry.ts";

// No imports of the app here: bench/fuzz.ts reads the families with plain Node.

/** The route families bench/fuzz.ts reports on (and runs 10,000 cases each of). */
export const FAMILIES = [
  "account",
  "profile",
  "menu",
  "branch",
  "review",
  "admin",
  "auth API",
  "uploads",
] as const;
export type Family = (typeof FAMILIES)[number];

/** Which family an entry of the one list belongs to, by its route module or Express mount. */
export function familyOf(entry: MutatingAction): Family {
  if (entry.target.kind === "express")
    return entry.target.mount === "VIDEO_UPLOAD_PATH" ? "uploads" : "auth API";
  const m = entry.module;
  if (m.startsWith("routes/account/")) return "account";
  if (m.endsWith("/edit-profile") || m.endsWith("/your-data")) return "profile";
  if (m.startsWith("routes/restaurant/menu/") || m.startsWith("routes/restaurant/deals/")) return "menu";
  if (m.startsWith("routes/restaurant/branches/")) return "branch";
  if (m.startsWith("routes/admin/")) return "admin";
  if (m.startsWith("routes/customer/") || m.startsWith("routes/public/")) return "review";
  throw new Error(`no fuzz family for ${entry.name} (${m}): add one in tests/integration/fuzz/families.ts`);
}

/** An entry's name with its intent, unique across the list. */
export const labelOf = (entry: MutatingAction) =>
  entry.intent && !entry.name.endsWith(entry.intent) ? `${entry.name} ${entry.intent}` : entry.name;
