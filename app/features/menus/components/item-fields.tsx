import type { Message } from "~/lib/message.ts";
import { Fragment, useId, useRef, useState, useSyncExternalStore, type ChangeEvent } from "react";
import { flushSync } from "react-dom";
import { SelectField, TextAreaField, TextField, translatedOptions } from "~/components/ui/field.tsx";
import { ImageField } from "~/components/ui/image-field.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import { plainDecimal } from "~/lib/numbers.ts";
import { priceRangeOf } from "~/lib/price-range.ts";
import { ITEM_TYPES, PRICE_RANGES, TASTES, type ItemCategory } from "~/lib/reference-data.ts";
import { MAX_SIZE_LABEL, MAX_SIZES, type DishSize } from "~/lib/sizes.ts";
import { ITEM_VIEWS } from "../menus.messages.ts";

type Values = (key: string) => string | undefined;
/** A position held by the form around the fields (Add Item moves it with the section). */
type HeldPosition = { value: string; set: (value: string) => void };

/**
 * The fields Add Item and Edit Item share (product rules §2). `position`, when
 * given, holds the position from outside (Add Item moves it with the section).
 */
export function ItemFields({
  errors,
  value,
  position,
  sizes,
}: {
  errors: FieldErrors;
  value: Values;
  position?: HeldPosition;
  /** The sizes to show: the dish's own, or what a refused form sent back. */
  sizes: readonly SizeRow[];
}) {
  const { t } = useI18n();
  return (
    <>
      <PositionField position={position} value={value} error={errors.positionInSection} />
      <TextField
        label={t("Item Name")}
        name="name"
        required
        maxLength={120}
        defaultValue={value("name")}
        error={errors.name}
      />
      <TextField
        label={t("Name Extra")}
        name="nameExtra"
        optional
        maxLength={120}
        // Not Half / Full: those are sizes, a few fields below.
        hint={t("e.g. Boneless, or a second name")}
        defaultValue={value("nameExtra")}
        error={errors.nameExtra}
      />
      <PriceFields errors={errors} value={value} />
      <SizeFields sizes={sizes} error={errors.sizes} />
      <TasteAndTypeFields errors={errors} value={value} />
      <TextAreaField
        label={t("Description")}
        name="description"
        optional
        maxLength={1000}
        defaultValue={value("description")}
        error={errors.description}
      />
      <UrduFields errors={errors} value={value} />
      <TextAreaField
        label={t("Description Extra")}
        name="descriptionExtra"
        optional
        rows={2}
        maxLength={1000}
        defaultValue={value("descriptionExtra")}
        error={errors.descriptionExtra}
      />
      <TextAreaField
        label={t("Food Allergies")}
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

function PositionField({
  position,
  value,
  error,
}: {
  position?: HeldPosition;
  value: Values;
  error?: Message;
}) {
  const { t } = useI18n();
  return (
    <TextField
      label={t("Position in Section")}
      name="positionInSection"
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      required
      {...(position
        ? {
            value: position.value,
            onChange: (e: ChangeEvent<HTMLInputElement>) => position.set(e.target.value),
          }
        : { defaultValue: value("positionInSection") })}
      error={error}
    />
  );
}

/** The price, and its range, which follows the price as it is typed. */
function PriceFields({ errors, value }: { errors: FieldErrors; value: Values }) {
  const [range, setRange] = useState(value("itemPriceRange") ?? "");
  const { t } = useI18n();
  return (
    <>
      <TextField
        label={t("Price (Rs.)")}
        name="price"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        required
        hint={t("A dish with sizes can leave this empty: it takes the lowest size's price.")}
        defaultValue={value("price")}
        onChange={(e) => {
          // Typing a price picks its range; choosing another range afterwards keeps that choice.
          const derived = priceRangeOf(plainDecimal(e.target.value) ?? undefined);
          if (derived) setRange(derived);
        }}
        error={errors.price}
      />
      <SelectField
        label={t("Item Price Range")}
        name="itemPriceRange"
        required
        options={PRICE_RANGES}
        value={range}
        onChange={(e) => setRange(e.target.value)}
        hint={t("Follows the price as you type it; you can choose another.")}
        error={errors.itemPriceRange}
      />
    </>
  );
}

function TasteAndTypeFields({ errors, value }: { errors: FieldErrors; value: Values }) {
  const { t } = useI18n();
  return (
    <>
      <SelectField
        label={t("Taste Category")}
        name="itemTaste"
        required
        options={translatedOptions(TASTES, t)}
        defaultValue={value("itemTaste")}
        error={errors.itemTaste}
      />
      <SelectField
        label={t("Item Type")}
        name="itemType"
        required
        options={translatedOptions(ITEM_TYPES, t)}
        defaultValue={value("itemType")}
        error={errors.itemType}
      />
    </>
  );
}

/** The dish's name and description for Urdu readers. */
function UrduFields({ errors, value }: { errors: FieldErrors; value: Values }) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        label={t("Name in Urdu")}
        name="nameUr"
        optional
        lang="ur"
        dir="rtl"
        maxLength={120}
        hint={t("Urdu readers see this name; left empty, they see the English one.")}
        defaultValue={value("nameUr")}
        error={errors.nameUr}
      />
      <TextAreaField
        label={t("Description in Urdu")}
        name="descriptionUr"
        optional
        lang="ur"
        dir="rtl"
        rows={2}
        maxLength={1000}
        defaultValue={value("descriptionUr")}
        error={errors.descriptionUr}
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
  const { t } = useI18n();
  return (
    <>
      <SelectField
        label={t("Category")}
        name="itemCat"
        required
        options={translatedOptions(
          categories.map((c) => c.category),
          t,
        )}
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        error={errors.itemCat}
      />
      <SelectField
        label={t("Subcategory")}
        name="itemSubCat"
        required
        disabled={!chosen}
        key={category}
        options={translatedOptions(chosen?.subcategories ?? [], t)}
        defaultValue={value("itemSubCat")}
        error={errors.itemSubCat}
        hint={chosen ? undefined : t("Choose a category first.")}
      />
    </>
  );
}

/**
 * The three views (product rules §2): required when adding, each optional when editing.
 * Adding also offers one photo for all three and a picker that takes all three at once.
 */
export function ItemViewFields({
  errors,
  current,
  required,
}: {
  errors: FieldErrors;
  current?: Partial<Record<(typeof ITEM_VIEWS)[number]["field"], string>>;
  required: boolean;
}) {
  const [sameViews, setSameViews] = useState(false);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const { t } = useI18n();
  return (
    <fieldset ref={fieldset} className="flex flex-col gap-4">
      <legend className="font-medium">{required ? t("Pictures (all three required)") : t("Pictures")}</legend>
      {required ? (
        <AllViewsPicker
          onPick={(files) => {
            const inputs = fieldset.current;
            if (!inputs) return;
            // One photo stands for all three views; two or three fill the views in order.
            // At once, so the fields about to be filled are no longer switched off.
            flushSync(() => setSameViews(files.length === 1));
            files.slice(0, ITEM_VIEWS.length).forEach((file, i) => {
              const input = inputs.querySelector<HTMLInputElement>(`input[name="${ITEM_VIEWS[i]!.field}"]`);
              if (!input) return;
              const transfer = new DataTransfer();
              transfer.items.add(file);
              input.files = transfer.files;
              // The field's own change handler shows the preview.
              input.dispatchEvent(new Event("change", { bubbles: true }));
            });
          }}
        />
      ) : null}
      {ITEM_VIEWS.map(({ field }) => {
        const shared = sameViews && field !== "topView";
        return (
          <Fragment key={field}>
            <ImageField
              label={t(VIEW_LABEL[field])}
              name={field}
              currentUrl={current?.[field] ?? ""}
              // Off while the top view stands for it: a disabled field is not sent.
              disabled={shared}
              hint={shared ? t("The top view's photo is used.") : undefined}
              error={errors[field]}
              optional={!required}
            />
            {required && field === "topView" ? (
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  name="sameViews"
                  checked={sameViews}
                  onChange={(e) => setSameViews(e.target.checked)}
                  className="size-5 shrink-0 accent-brand"
                />
                <span>
                  {t("Use the top photo for all three views")}
                  <span className="block text-sm text-muted">{t("One photo of the dish is enough.")}</span>
                </span>
              </label>
            ) : null}
          </Fragment>
        );
      })}
    </fieldset>
  );
}

const VIEW_LABEL: Record<(typeof ITEM_VIEWS)[number]["field"], string> = {
  topView: "Top view",
  frontView: "Front view",
  sideView: "Side view",
};

const noSubscription = () => () => {};

/**
 * Takes up to three photos at once (chosen together or dropped on it) and hands
 * them on; it needs scripts, so it only appears once they run, and it sends
 * nothing itself (no name): the three fields below carry the files.
 */
function AllViewsPicker({ onPick }: { onPick: (files: File[]) => void }) {
  const id = useId();
  const { t } = useI18n();
  // False in the server's HTML and while hydrating, true once React runs in the browser.
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!scripted) return null;
  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-dashed border-brand bg-brand-soft p-3"
      // The whole box takes dropped photos, not only the small input inside it.
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        const files = [...e.dataTransfer.files].filter((f) => f.type.startsWith("image/"));
        if (files.length > 0) onPick(files);
      }}
    >
      <label htmlFor={id} className="font-medium">
        {t("All pictures at once")} <span className="font-normal text-muted">{t("(optional)")}</span>
      </label>
      <p id={`${id}-note`} className="text-sm text-muted">
        {t(
          "Choose or drop up to three photos together, in the order top, front, side. One photo is used for all three views.",
        )}
      </p>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          if (files.length > 0) onPick(files);
        }}
        className="block min-h-11 w-full text-sm file:me-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-3 file:font-semibold file:text-brand"
      />
    </div>
  );
}

export interface SizeRow {
  label: string;
  price: string;
}

/** A dish's sizes as form rows; after a refusal, the rows as they were sent. */
export function sizeRows(
  sizes: readonly DishSize[],
  sent?: { labels: string[]; prices: string[] },
): SizeRow[] {
  if (sent && (sent.labels.length > 0 || sent.prices.length > 0)) {
    return sent.labels.map((label, i) => ({ label, price: sent.prices[i] ?? "" }));
  }
  return sizes.map((s) => ({ label: s.label, price: String(s.price) }));
}

/**
 * Sizes (ADR 0022): rows of a name and a price (Half / Full, Quarter / Half / Full kg…).
 * Blank rows are ignored, so the form works without scripts; with them, 'Add a size'
 * adds a row up to the limit.
 */
function SizeFields({ sizes, error }: { sizes: readonly SizeRow[]; error?: Message }) {
  const filled = sizes.filter((s) => s.label || s.price);
  const [count, setCount] = useState(Math.min(MAX_SIZES, Math.max(2, filled.length + 1)));
  const rows = Array.from({ length: count }, (_, i) => filled[i] ?? { label: "", price: "" });
  const id = useId();
  const { t, tm } = useI18n();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-note${error ? ` ${id}-error` : ""}`}>
      <legend className="font-medium">
        {t("Sizes")} <span className="font-normal text-muted">{t("(optional)")}</span>
      </legend>
      <p id={`${id}-note`} className="text-sm text-muted">
        {t("For a dish sold in sizes, e.g. Half Rs. 1,650 and Full Rs. 3,100. Leave empty for one price.")}
      </p>
      {/* Column labels over the rows; each field's name is its column's label and row number. */}
      <div className="grid grid-cols-[1fr_8rem] gap-2 text-sm font-medium">
        <span id={`${id}-size`}>{t("Size")}</span>
        <span id={`${id}-price`}>{t("Price")}</span>
      </div>
      {rows.map((row, i) => (
        <div key={i} className="grid grid-cols-[1fr_8rem] gap-2">
          <span id={`${id}-row-${i}`} className="sr-only">
            {i + 1}
          </span>
          <input
            name="sizeLabel"
            aria-labelledby={`${id}-size ${id}-row-${i}`}
            placeholder={i === 0 ? t("Half") : i === 1 ? t("Full") : t("Size name")}
            maxLength={MAX_SIZE_LABEL}
            defaultValue={row.label}
            aria-invalid={error ? true : undefined}
            className="block min-h-11 w-full rounded-md border border-line bg-white px-3 py-2"
          />
          <input
            name="sizePrice"
            aria-labelledby={`${id}-price ${id}-row-${i}`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            dir="ltr"
            placeholder="Rs."
            defaultValue={row.price}
            aria-invalid={error ? true : undefined}
            className="block min-h-11 w-full rounded-md border border-line bg-white px-3 py-2"
          />
        </div>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {tm(error)}
        </p>
      ) : null}
      {count < MAX_SIZES ? (
        <button
          type="button"
          onClick={() => setCount((n) => Math.min(MAX_SIZES, n + 1))}
          className="min-h-11 self-start font-semibold text-brand underline"
        >
          {t("Add a size")}
        </button>
      ) : null}
    </fieldset>
  );
}
