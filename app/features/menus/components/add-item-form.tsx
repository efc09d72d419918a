import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { SelectField } from "~/components/ui/field.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { SubmissionField } from "~/components/ui/submission-field.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import type { ItemCategory } from "~/lib/reference-data.ts";
import { BranchChoiceField } from "./branch-choice-field.tsx";
import { CategoryFields, ItemFields, ItemViewFields, sizeRows } from "./item-fields.tsx";

export interface AddItemFormData {
  sections: { value: string; label: string }[];
  categories: ItemCategory[];
  nextPosition: Record<string, number>;
  branches: { id: string; branchName: string }[];
  /** The form's token (ADR 0032). */
  submission: string;
}

/**
 * Add Item (product rules §2, §5), for the general menu or for one branch only: the
 * section, the dish's fields and sizes, its three pictures, and on the general menu
 * the branches it goes to. 'Save and add another' keeps what the next dish shares.
 */
export function AddItemForm({
  data,
  errors,
  value,
  list,
  onSubmit,
  busy,
  another,
  submitLabel,
}: {
  data: AddItemFormData;
  errors: FieldErrors;
  value: (key: string) => string | undefined;
  /** A list field as a refused form sent it back (empty otherwise). */
  list: (key: string) => string[];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  another: boolean;
  submitLabel?: string;
}) {
  const { t } = useI18n();
  const [sectionId, setSectionId] = useState(value("sectionId") ?? "");
  const [position, setPosition] = useState(value("positionInSection") ?? "");
  const refused = value("branchChoice") !== undefined;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
    >
      <SubmissionField token={data.submission} />
      <FormAlert message={errors.form} />
      <SelectField
        label={t("Section")}
        name="sectionId"
        required
        options={data.sections}
        placeholder={t("Select a section")}
        value={sectionId}
        onChange={(e) => {
          setSectionId(e.target.value);
          // The next free position of the section chosen; the owner may still type another.
          const next = data.nextPosition[e.target.value];
          if (next !== undefined) setPosition(String(next));
        }}
        error={errors.sectionId}
      />
      <CategoryFields categories={data.categories} errors={errors} value={value} />
      <ItemFields
        errors={errors}
        value={value}
        position={{ value: position, set: setPosition }}
        sizes={sizeRows([], { labels: list("sizeLabel"), prices: list("sizePrice") })}
      />
      <ItemViewFields errors={errors} required />
      <BranchChoiceField branches={data.branches} chosen={refused ? list("toBranches") : undefined} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          {busy && !another ? t("Adding…") : (submitLabel ?? t("Add Item"))}
        </button>
        <button
          type="submit"
          name="intent"
          value="another"
          className={buttonClass("secondary")}
          disabled={busy}
        >
          {another ? t("Saving…") : t("Save and add another")}
        </button>
      </div>
    </Form>
  );
}
