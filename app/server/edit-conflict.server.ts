import { fail, type Failure } from "~/lib/result.ts";
import type { FormValues } from "~/lib/forms.ts";
import {
  changedBetween,
  EDITED_FROM,
  readVersion,
  snapshotOf,
  versionOf,
  type EditForm,
} from "~/lib/edit-version.ts";

export const EDIT_CONFLICT_MESSAGE =
  "Someone else saved changes here after you opened this form. Nothing was saved: check what changed and save again.";

/**
 * Null when a save may go on: the form carries no version (a client that never loaded
 * the form), or the record is still as the form showed it. Otherwise 409 with what
 * someone else changed, and the values to show again: the record as it is now, with
 * every field this person changed set to what they sent, and the version of now, so
 * sending it again applies their changes on top. Only the fields the form knows are
 * read from the posted version; a made-up one changes nothing.
 */
export function editConflict(current: FormValues, posted: FormValues, form: EditForm): Failure | null {
  const loaded = readVersion(posted[EDITED_FROM]);
  if (!loaded) return null;
  const now = snapshotOf(current, form);
  const known = (field: string) => Object.hasOwn(now, field) && Object.hasOwn(loaded, field);
  const theirs = changedBetween(loaded, now).filter(known);
  if (theirs.length === 0) return null;
  const sent = snapshotOf(posted, form);
  const mine = changedBetween(loaded, sent).filter(known);
  const version = versionOf(now);
  const merged: FormValues = { ...current, [EDITED_FROM]: version };
  for (const field of mine)
    for (const key of form.groups?.[field] ?? [field]) merged[key] = posted[key] ?? "";
  return {
    ...fail(409, EDIT_CONFLICT_MESSAGE),
    conflict: {
      changes: theirs.map((field) => ({ field, was: loaded[field] ?? "", now: now[field] ?? "" })),
      version,
      merged,
    },
  };
}

/** Thrown inside a write's transaction when the record changed after the check before it. */
export class EditedMeanwhile extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super("edited meanwhile");
    this.failure = failure;
  }
}

/**
 * The check again inside the write's transaction, after the row's lock was taken, so a
 * save committed between the first check and this write is seen: it throws, and the
 * transaction rolls back.
 */
export function stillAsLoaded(current: FormValues | undefined, posted: FormValues, form: EditForm) {
  const conflict = current ? editConflict(current, posted, form) : null;
  if (conflict) throw new EditedMeanwhile(conflict);
}
