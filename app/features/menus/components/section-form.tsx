import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { TextAreaField, TextField } from "~/components/ui/field.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { FieldErrors } from "~/lib/forms.ts";

/** Add Section and Edit Section: a name and the notes shown above and below it. */
export function SectionForm({
  errors,
  value,
  submitLabel,
  onSubmit,
  children,
  first,
}: {
  errors: FieldErrors;
  value: (key: string) => string | undefined;
  submitLabel: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** More fields before the button (Add Section's branches). */
  children?: React.ReactNode;
  /** What comes before the fields (Edit Section's version, and what someone else changed). */
  first?: React.ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const { t } = useI18n();
  return (
    <Form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {first}
      <TextField
        label={t("Section name")}
        name="originalName"
        required
        maxLength={80}
        defaultValue={value("originalName")}
        error={errors.originalName}
      />
      <TextField
        label={t("Name in Urdu")}
        name="sectionNameUr"
        optional
        lang="ur"
        dir="rtl"
        maxLength={80}
        hint={t("Urdu readers see this name; left empty, they see the English one.")}
        defaultValue={value("sectionNameUr")}
        error={errors.sectionNameUr}
      />
      <TextAreaField
        label={t("Top note")}
        name="topNote"
        optional
        rows={2}
        maxLength={500}
        hint={t("Shown above the section, e.g. 'Served with raita'.")}
        defaultValue={value("topNote")}
        error={errors.topNote}
      />
      <TextAreaField
        label={t("Bottom note")}
        name="bottomNote"
        optional
        rows={2}
        maxLength={500}
        defaultValue={value("bottomNote")}
        error={errors.bottomNote}
      />
      {children}
      <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
        {busy ? t("Saving…") : submitLabel}
      </button>
    </Form>
  );
}
