import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";

/** The Edit / Apply Change toggle (product rules §4) and Sign out; Edit is a link so it works without JavaScript. */
export function EditToolbar({
  editing,
  busy,
  formId,
  conflicted = false,
}: {
  editing: boolean;
  busy: boolean;
  formId: string;
  /** A save came back because someone else saved first (ADR 0037): saving again applies this person's changes on top. */
  conflicted?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {editing ? (
        <>
          <button type="submit" form={formId} className={buttonClass("primary")} disabled={busy}>
            {busy ? t("Saving…") : conflicted ? t("Apply my changes on top") : t("Apply Change")}
          </button>
          <Link to="." className={buttonClass("ghost")}>
            {t("Cancel")}
          </Link>
        </>
      ) : (
        <Link to="?edit=1" className={buttonClass("primary")}>
          {t("Edit")}
        </Link>
      )}
      <Form method="post" action="/logout" className="ms-auto">
        <button type="submit" className={buttonClass("secondary")}>
          {t("Sign out")}
        </button>
      </Form>
    </div>
  );
}
