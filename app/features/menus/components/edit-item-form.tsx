import type { FormEvent } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { EditConflictNotice, EditedFrom } from "~/components/ui/edit-conflict.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { editVersion, type EditConflict } from "~/lib/edit-version.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import { readSizes } from "~/lib/sizes.ts";
import { ITEM_EDIT_FORM, itemFormValues } from "../menu-edit-versions.ts";
import { ItemFields, ItemViewFields, sizeRows } from "./item-fields.tsx";

type EditableItem = Record<string, unknown> & {
  sizes: string;
  topView: string;
  frontView: string;
  sideView: string;
};

/** Each field's label, for what someone else changed (ADR 0037). */
const ITEM_FIELD_LABELS: Record<string, string> = {
  name: "Item Name",
  nameExtra: "Name Extra",
  nameUr: "Name in Urdu",
  description: "Description",
  descriptionExtra: "Description Extra",
  descriptionUr: "Description in Urdu",
  foodAllergies: "Food Allergies",
  positionInSection: "Position in Section",
  price: "Price (Rs.)",
  itemPriceRange: "Item Price Range",
  itemTaste: "Taste Category",
  itemType: "Item Type",
  sizes: "Sizes",
};

/**
 * Edit Item (product rules §2): the dish's fields and sizes, each picture optional;
 * 'Update Item'. It carries the version it was loaded at; a save after someone else's
 * comes back with what changed and this person's changes on top (ADR 0037).
 */
export function EditItemForm({
  item,
  errors,
  sent,
  list,
  onSubmit,
  busy,
  conflict,
}: {
  item: EditableItem;
  errors: FieldErrors;
  conflict?: EditConflict;
  /** What a refused form sent back (undefined: show the dish as saved). */
  sent?: (key: string) => string | undefined;
  list: (key: string) => string[];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  const saved = (key: string) => {
    const value = item[key];
    return value === undefined || value === null ? undefined : String(value);
  };
  return (
    <Form
      // A refused save's merged values replace what the fields hold: a new form, not the typed one.
      key={conflict?.version ?? "loaded"}
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
    >
      <EditedFrom version={conflict?.version ?? editVersion(itemFormValues(item), ITEM_EDIT_FORM)} />
      <EditConflictNotice conflict={conflict} labels={ITEM_FIELD_LABELS} />
      <FormAlert message={errors.form} />
      <ItemFields
        errors={errors}
        value={sent ?? saved}
        sizes={sizeRows(
          readSizes(item.sizes),
          sent ? { labels: list("sizeLabel"), prices: list("sizePrice") } : undefined,
        )}
      />
      <ItemViewFields errors={errors} current={item} required={false} />
      <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
        {busy ? t("Updating…") : conflict ? t("Apply my changes on top") : t("Update Item")}
      </button>
    </Form>
  );
}
