import { useState } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field.tsx";
import { ImageField } from "~/components/ui/image-field.tsx";
import type { FieldErrors } from "~/features/accounts/accounts.schema.ts";
import { ITEM_TYPES, PRICE_RANGES, TASTES, type ItemCategory } from "~/lib/reference-data.ts";
import { ITEM_VIEWS } from "../menus.messages.ts";

type Values = (key: string) => string | undefined;

/** The fields Add Item and Edit Item share (SPEC §2). */
export function ItemFields({ errors, value }: { errors: FieldErrors; value: Values }) {
  return (
    <>
      <TextField
        label="Position in Section"
        name="positionInSection"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        defaultValue={value("positionInSection")}
        error={errors.positionInSection}
      />
      <TextField
        label="Item Name"
        name="name"
        required
        maxLength={120}
        defaultValue={value("name")}
        error={errors.name}
      />
      <TextField
        label="Name Extra"
        name="nameExtra"
        optional
        maxLength={120}
        hint="e.g. Half / Full, or the Urdu name"
        defaultValue={value("nameExtra")}
        error={errors.nameExtra}
      />
      <TextField
        label="Price (Rs.)"
        name="price"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        required
        defaultValue={value("price")}
        error={errors.price}
      />
      <SelectField
        label="Item Price Range"
        name="itemPriceRange"
        required
        options={PRICE_RANGES}
        defaultValue={value("itemPriceRange")}
        error={errors.itemPriceRange}
      />
      <SelectField
        label="Taste Category"
        name="itemTaste"
        required
        options={TASTES}
        defaultValue={value("itemTaste")}
        error={errors.itemTaste}
      />
      <SelectField
        label="Item Type"
        name="itemType"
        required
        options={ITEM_TYPES}
        defaultValue={value("itemType")}
        error={errors.itemType}
      />
      <TextAreaField
        label="Description"
        name="description"
        optional
        maxLength={1000}
        defaultValue={value("description")}
        error={errors.description}
      />
      <TextAreaField
        label="Description Extra"
        name="descriptionExtra"
        optional
        rows={2}
        maxLength={1000}
        defaultValue={value("descriptionExtra")}
        error={errors.descriptionExtra}
      />
      <TextAreaField
        label="Food Allergies"
        name="foodAllergies"
        optional
        rows={2}
        maxLength={300}
        defaultValue={value("foodAllergies")}
        error={errors.foodAllergies}
      />
    </>
  );
}

/** Category and subcategory from the restaurant type's list; subcategories follow the category. */
export function CategoryFields({
  categories,
  errors,
  value,
}: {
  categories: ItemCategory[];
  errors: FieldErrors;
  value: Values;
}) {
  const [category, setCategory] = useState(value("itemCat") ?? "");
  const chosen = categories.find((c) => c.category === category);
  return (
    <>
      <SelectField
        label="Category"
        name="itemCat"
        required
        options={categories.map((c) => c.category)}
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        error={errors.itemCat}
      />
      <SelectField
        label="Subcategory"
        name="itemSubCat"
        required
        disabled={!chosen}
        key={category}
        options={chosen?.subcategories ?? []}
        defaultValue={value("itemSubCat")}
        error={errors.itemSubCat}
        hint={chosen ? undefined : "Choose a category first."}
      />
    </>
  );
}

/** The three views (SPEC §2): required when adding, each optional when editing. */
export function ItemViewFields({
  errors,
  current,
  required,
}: {
  errors: FieldErrors;
  current?: Partial<Record<(typeof ITEM_VIEWS)[number]["field"], string>>;
  required: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="font-medium">Pictures{required ? " (all three required)" : ""}</legend>
      {ITEM_VIEWS.map(({ field, label }) => (
        <ImageField
          key={field}
          label={`${label[0]!.toUpperCase()}${label.slice(1)} view`}
          name={field}
          currentUrl={current?.[field] ?? ""}
          error={errors[field]}
          optional={!required}
        />
      ))}
    </fieldset>
  );
}
