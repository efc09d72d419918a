import type { EditForm } from "~/lib/edit-version.ts";
import type { FormValues } from "~/lib/forms.ts";
import { readSizes } from "~/lib/sizes.ts";

/** Edit Item's fields (item-fields.tsx), a size's label and price read together. */
export const ITEM_EDIT_FORM: EditForm = {
  fields: [
    "name",
    "nameExtra",
    "nameUr",
    "description",
    "descriptionExtra",
    "descriptionUr",
    "foodAllergies",
    "positionInSection",
    "price",
    "itemPriceRange",
    "itemTaste",
    "itemType",
    "sizeLabel",
    "sizePrice",
  ],
  groups: { sizes: ["sizeLabel", "sizePrice"] },
};

/** A dish row as Edit Item shows it (the form's `saved` values, its size rows). */
export function itemFormValues(item: Record<string, unknown> & { sizes: string }): FormValues {
  const values: FormValues = {};
  for (const field of ITEM_EDIT_FORM.fields) {
    const value = item[field];
    values[field] = value === undefined || value === null ? "" : String(value);
  }
  const sizes = readSizes(item.sizes);
  values.sizeLabel = sizes.map((s) => s.label);
  values.sizePrice = sizes.map((s) => String(s.price));
  return values;
}

/** Edit Section's fields (section-form.tsx). */
export const SECTION_EDIT_FORM: EditForm = {
  fields: ["originalName", "sectionNameUr", "topNote", "bottomNote"],
};

/** A section row as Edit Section shows it. */
export function sectionFormValues(section: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    SECTION_EDIT_FORM.fields.map((field) => {
      const value = section[field];
      return [field, value === undefined || value === null ? "" : String(value)];
    }),
  );
}
