import { expect } from "vitest";
import type { EffectContext } from "./action-entry.ts";
import type { TableChange } from "./db-snapshot.ts";

/** Tables holding a person's account, and the column naming whose row it is. */
const IDENTITY_TABLES: Record<string, string> = {
  user: "id",
  account: "userId",
  session: "userId",
  customer: "id",
  restaurant: "id",
  admin: "id",
};

export function changesIn(ctx: EffectContext, table: string): TableChange {
  return ctx.changes.find((c) => c.table === table) ?? { table, added: [], removed: [] };
}

/**
 * A self-scoped action may change or remove account rows of the person acting
 * only; with `ownerId` null (a sign-up) it may only add new ones.
 */
export function expectOnlyOwnAccountRowsChanged(ctx: EffectContext, ownerId: string | null) {
  for (const [table, column] of Object.entries(IDENTITY_TABLES)) {
    const owners = changesIn(ctx, table).removed.map((row) => row[column]);
    expect(owners, `${table} rows of someone else changed`).toEqual(owners.map(() => ownerId));
  }
}

/** The toast of an allowed call: none, or a success. */
export function expectSuccess(ctx: EffectContext, location?: string | RegExp) {
  const { outcome } = ctx;
  expect(outcome.error).toBeUndefined();
  expect(outcome.status, JSON.stringify(outcome.detail)).toBeLessThan(400);
  if (outcome.toast) expect(outcome.toast.level).toBe("success");
  if (location !== undefined) {
    if (typeof location === "string") expect(outcome.location).toBe(location);
    else expect(outcome.location).toMatch(location);
  }
}
