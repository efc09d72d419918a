import type { FormValues } from "./forms.ts";

/**
 * Edits that never overwrite someone else's (issue 34, docs/decisions/0037): an edit
 * form carries what it showed when it was loaded (its version), and a save whose
 * record has changed since is refused with what changed, the person's own changes
 * kept in the form on top of the new values.
 */

/** The hidden field that carries the version a form was loaded at. */
export const EDITED_FROM = "editedFrom";

/** A form's fields as the form shows them; lists joined, grouped fields (sizes) as one. */
export type EditSnapshot = Record<string, string>;

/** One field someone else changed: its value when the form was loaded, and now. */
export interface EditChange {
  field: string;
  was: string;
  now: string;
}

/** What a refused save sends back: what changed, and the version the form now carries. */
export interface EditConflict {
  changes: EditChange[];
  version: string;
}

/**
 * How a form's values read as a snapshot: `groups` join list fields that only mean
 * something together (a size's label and its price) into one field of the snapshot.
 */
export type SnapshotGroups = Record<string, readonly string[]>;

/** An edit form's fields, as the page that shows it and the action that saves it both read them. */
export interface EditForm {
  fields: readonly string[];
  groups?: SnapshotGroups;
  /**
   * How a group reads in the snapshot when its members are no parallel lists (a day's
   * hours: "12:00–15:00, 19:00–23:00"); by default each row's members joined by ": ".
   */
  readGroup?: (group: string, values: FormValues) => string;
}

const text = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.filter((v) => v.trim() !== "").join(" · ") : (value ?? ""))
    .replace(/\r\n?/g, "\n")
    .trim();

export function snapshotOf(values: FormValues, form: EditForm): EditSnapshot {
  const groups = form.groups ?? {};
  const grouped = new Set(Object.values(groups).flat());
  const out: EditSnapshot = {};
  for (const field of form.fields) if (!grouped.has(field)) out[field] = text(values[field]);
  for (const [name, members] of Object.entries(groups)) {
    if (form.readGroup) {
      out[name] = form.readGroup(name, values);
      continue;
    }
    const lists = members.map((m) => values[m]);
    const rows = Math.max(0, ...lists.map((l) => (Array.isArray(l) ? l.length : l ? 1 : 0)));
    out[name] = Array.from({ length: rows }, (_, i) =>
      lists.map((l) => (Array.isArray(l) ? (l[i] ?? "") : i === 0 ? (l ?? "") : "").trim()).join(": "),
    )
      .filter((row) => row.replace(/[:\s]/g, "") !== "")
      .join("; ");
  }
  return out;
}

/** The snapshot as the text of the hidden field: keys in order, so equal snapshots are equal text. */
export function versionOf(snapshot: EditSnapshot): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(snapshot).toSorted(([a], [b]) => (a < b ? -1 : 1))),
  );
}

/** The snapshot a posted version names; null when there is none or it is not one. */
export function readVersion(posted: unknown): EditSnapshot | null {
  if (typeof posted !== "string" || posted === "" || posted.length > 100_000) return null;
  try {
    const parsed: unknown = JSON.parse(posted);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (!entries.every(([, v]) => typeof v === "string")) return null;
    return Object.fromEntries(entries) as EditSnapshot;
  } catch {
    return null;
  }
}

/** The fields whose value differs between two snapshots (a field one of them lacks counts as empty). */
export function changedBetween(from: EditSnapshot, to: EditSnapshot): string[] {
  const fields = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...fields].filter((field) => (from[field] ?? "") !== (to[field] ?? ""));
}

/** The version an edit form carries: the record's values as the form shows them. */
export function editVersion(values: FormValues, form: EditForm): string {
  return versionOf(snapshotOf(values, form));
}
