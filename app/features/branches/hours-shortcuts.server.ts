import type { FormValues } from "~/lib/forms.ts";
import { readHours } from "~/lib/opening-hours.ts";
import { fail, type Result } from "~/lib/result.ts";
import type { Services } from "~/server/services.server.ts";
import * as q from "./branches.queries.server.ts";
import { BRANCH_MESSAGES as B } from "./branches.schema.ts";
import {
  copyHoursOf,
  copyMonday,
  HOURS_SHORTCUT_MESSAGES as M,
  HOURS_SHORTCUTS,
  hoursValues,
  hoursValuesOf,
  type HoursValues,
} from "./hours-shortcuts.ts";
import type { Message } from "~/lib/message.ts";

/**
 * The hours form of one of the owner's branches: its hours as the form's values, and
 * the owner's other branches that have hours to copy (theirs only; null when the
 * branch is not the owner's).
 */
export async function hoursForm(services: Services, ownerId: string, branchUrl: string) {
  const branches = await q.listBranchHours(services.database.db, ownerId);
  const branch = branches.find((b) => b.branchUrl === branchUrl);
  if (!branch) return null;
  return {
    branch: { branchName: branch.branchName, branchUrl: branch.branchUrl },
    values: hoursValues(readHours(branch.openingHours)),
    others: branches.flatMap((b) => {
      const hours = b.id === branch.id ? null : readHours(b.openingHours);
      return hours ? [{ id: b.id, branchName: b.branchName, hours }] : [];
    }),
  };
}

/**
 * A shortcut pressed without scripts: the form comes back filled (nothing is saved).
 * 'Same hours as' takes only a branch of the same owner; any other id, whoever's it
 * is, gets the same refusal.
 */
export async function applyHoursShortcut(
  services: Services,
  ownerId: string,
  branchUrl: string,
  form: FormValues,
): Promise<Result<{ values: HoursValues; notice: Message }>> {
  const branches = await q.listBranchHours(services.database.db, ownerId);
  const branch = branches.find((b) => b.branchUrl === branchUrl);
  if (!branch) return fail(404, B.notFound);
  // The branch form sends only its choice: the days and the note are this branch's own.
  const values = "note" in form ? hoursValuesOf(form) : hoursValues(readHours(branch.openingHours));
  if (form.intent === HOURS_SHORTCUTS.copyMonday) {
    const copied = copyMonday(values);
    if (!copied) return fail(400, M.mondayEmpty, { fieldErrors: { monOpens0: M.mondayEmpty } });
    return { ok: true, values: copied, notice: M.mondayCopied };
  }
  if (form.intent === HOURS_SHORTCUTS.copyBranch) {
    const from = branches.find((b) => b.id === form.fromBranch && b.id !== branch.id);
    if (!from) return fail(400, M.chooseBranch, { fieldErrors: { fromBranch: M.chooseBranch } });
    const hours = readHours(from.openingHours);
    if (!hours)
      return fail(400, M.branchHasNoHours(from.branchName), {
        fieldErrors: { fromBranch: M.branchHasNoHours(from.branchName) },
      });
    return { ok: true, values: copyHoursOf(values, hours), notice: M.branchCopied(from.branchName) };
  }
  return fail(400, "Unknown action.");
}
