import { EditedMeanwhile, editConflict, stillAsLoaded } from "~/server/edit-conflict.server.ts";
import type { Services } from "~/server/services.server.ts";
import type { FormValues } from "~/lib/forms.ts";
import { fail, type Result } from "~/lib/result.ts";
import { readServedTimes, servedTimesJson, windowsText } from "~/lib/served-times.ts";
import { alignBranches } from "./menu-sync.server.ts";
import { lockItem, lockSection } from "./menus.queries.server.ts";
import {
  FOLLOW_FIELD,
  parseServedTimes,
  SERVED_TIMES_EDIT_FORM,
  SERVED_TIMES_MESSAGES as M,
  servedTimesValues,
} from "./served-times-form.ts";
import * as q from "./served-times.queries.server.ts";

export type { TimedTarget } from "./served-times.queries.server.ts";

/** The section or dish the target names, if it is the owner's, with its branch. */
async function timedRow(services: Services, ownerId: string, target: q.TimedTarget) {
  const { db } = services.database;
  const branch = target.branchUrl === null ? null : await q.findOwnBranch(db, ownerId, target.branchUrl);
  if (target.branchUrl !== null && !branch) return null;
  const row = await q.findTimedRow(db, ownerId, target, branch?.id ?? null);
  if (!row) return null;
  // A branch's copy may follow its general row; the general menu's rows and a branch's own have nothing to follow.
  const followable = branch !== null && row.generalId !== null;
  const general = followable ? await q.generalTimes(db, target.kind, row.generalId!) : null;
  return { row, branch, general };
}

/** The form's values of a row as saved. */
const savedValues = (row: { servedTimes: string; servedTimesOwn: number }, followable: boolean) =>
  servedTimesValues(
    readServedTimes(row.servedTimes),
    followable ? (row.servedTimesOwn ? "own" : "general") : undefined,
  );

/** The serving-times form of one of the owner's sections or dishes; null when it is not theirs. */
export async function servedTimesForm(services: Services, ownerId: string, target: q.TimedTarget) {
  const found = await timedRow(services, ownerId, target);
  if (!found) return null;
  const { row, branch, general } = found;
  return {
    name: row.name,
    branch: branch && { branchName: branch.branchName, branchUrl: branch.branchUrl },
    /** What the general menu says, for a copy that can follow it ("" when always). */
    generalText: general === null ? null : windowsText(readServedTimes(general)),
    values: savedValues(row, general !== null),
  };
}

/**
 * Sets when a section or dish is served (ADR 0043). On the general menu the branches'
 * copies follow in the same transaction; on a branch, the copy keeps its own times, or
 * follows the general menu's again. Bad windows write nothing.
 */
export async function setServedTimes(
  services: Services,
  ownerId: string,
  target: q.TimedTarget,
  values: Record<string, unknown>,
): Promise<Result<object>> {
  const found = await timedRow(services, ownerId, target);
  if (!found) return fail(404, M.notFound);
  const { row, general } = found;
  const follows = general !== null && values[FOLLOW_FIELD] === "general";
  let servedTimes = general ?? "";
  if (!follows) {
    const parsed = parseServedTimes(values);
    if (!parsed.ok)
      return fail(400, Object.values(parsed.fieldErrors)[0]!, { fieldErrors: parsed.fieldErrors });
    servedTimes = servedTimesJson(parsed.windows);
  }
  const times = { servedTimes, servedTimesOwn: general !== null && !follows ? 1 : 0 };
  // Saved from another tab after this form was loaded: nothing written (ADR 0037).
  const posted = values as FormValues;
  const stale = editConflict(savedValues(row, general !== null), posted, SERVED_TIMES_EDIT_FORM);
  if (stale) return stale;
  const { db } = services.database;
  try {
    await db.transaction().execute(async (trx) => {
      await (target.kind === "section" ? lockSection(trx, row.id) : lockItem(trx, row.id));
      const now = await q.findTimedRow(trx, ownerId, target, found.branch?.id ?? null);
      stillAsLoaded(now && savedValues(now, general !== null), posted, SERVED_TIMES_EDIT_FORM);
      await q.setTimes(trx, target.kind, row.id, times);
      // The branches' copies that follow take the general row's new times at once.
      if (found.branch === null)
        await alignBranches(trx, ownerId, { dishesOf: target.kind === "section" ? [] : [row.sectionId!] });
    });
  } catch (error) {
    if (error instanceof EditedMeanwhile) return error.failure;
    services.log.error({ err: error, target }, "serving times not saved");
    return fail(500, M.failed);
  }
  return { ok: true };
}
