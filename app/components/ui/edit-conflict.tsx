import { useI18n } from "~/i18n/use-i18n.ts";
import { EDITED_FROM, type EditConflict } from "~/lib/edit-version.ts";

/** The version an edit form was loaded at (or, after a refused save, the version it now shows). */
export function EditedFrom({ version }: { version: string }) {
  return <input type="hidden" name={EDITED_FROM} value={version} />;
}

/**
 * A save refused because someone else saved first (ADR 0037): what they changed, field
 * by field, and that this person's changes are still in the form, on top of theirs.
 * `labels`: each field's label (a message key).
 */
export function EditConflictNotice({
  conflict,
  labels,
  describe = (value) => value,
}: {
  conflict?: EditConflict;
  labels: Record<string, string>;
  /** A value as this page's language says it (a day's hours: "Closed"). */
  describe?: (value: string) => string;
}) {
  const { t } = useI18n();
  if (!conflict) return null;
  const shown = (value: string) => (value === "" ? t("(empty)") : describe(value));
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950"
    >
      <p className="font-semibold">{t("Someone else saved changes here after you opened this form.")}</p>
      <p>{t("What they changed:")}</p>
      <ul className="flex list-disc flex-col gap-1 ps-5">
        {conflict.changes.map((change) => (
          // Words, not an arrow: "before" and "now" read the same way in Urdu as in English.
          <li key={change.field}>
            <span className="font-medium">
              {labels[change.field] ? t(labels[change.field]!) : change.field}
            </span>
            {" — "}
            {t("before:")} <bdi className="line-through">{shown(change.was)}</bdi>
            {t("; ")}
            {t("now:")} <bdi className="font-semibold">{shown(change.now)}</bdi>
          </li>
        ))}
      </ul>
      <p>
        {t(
          "Nothing of yours was saved yet. The form now shows their changes with yours on top: check it, then press 'Apply my changes on top'.",
        )}
      </p>
    </div>
  );
}
