import { z } from "zod";
import { ITEM_TYPES, PRICE_RANGES, TASTES } from "~/lib/reference-data.ts";
import { MENU_MESSAGES, ITEM_VIEWS, SECTIONS_PER_PAGE } from "./menus.messages.ts";
import { plainDecimal } from "~/lib/numbers.ts";
import { MAX_SIZE_LABEL, MAX_SIZES, type DishSize } from "~/lib/sizes.ts";
import { type Message, keyed, messageAsText } from "~/lib/message.ts";
import { atMostCharacters } from "~/lib/forms.ts";

export { MENU_MESSAGES, ITEM_VIEWS, SECTIONS_PER_PAGE };
export type { ItemView } from "./menus.messages.ts";

const note = z.string().trim().max(500, atMostCharacters(500)).optional().default("");

const sectionFields = z.object({
  originalName: z
    .string({ error: MENU_MESSAGES.sectionNameMissing })
    .trim()
    .min(1, MENU_MESSAGES.sectionNameMissing)
    .max(80, atMostCharacters(80)),
  topNote: note,
  bottomNote: note,
  // ADR 0026: optional; the SPEC's field stays the English name.
  sectionNameUr: z.string().trim().max(80, atMostCharacters(80)).optional().default(""),
});

/**
 * 'Add to all branches' or a chosen set (ADR 0021): without `branchChoice`, every
 * branch; with it, the ticked ones (none ticked: the general menu only).
 */
export const branchChoiceFields = {
  branchChoice: z.literal("chosen").optional(),
  toBranches: z.array(z.string().max(100)).max(500).default([]),
};

export const addSectionSchema = sectionFields.extend(branchChoiceFields);

export const editSectionSchema = sectionFields.extend({
  originalName: z
    .string({ error: MENU_MESSAGES.sectionNameEmpty })
    .trim()
    .min(1, MENU_MESSAGES.sectionNameEmpty)
    .max(80, atMostCharacters(80)),
});

const requiredText = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, atMostCharacters(max));
const optionalText = (max: number) =>
  z.string().trim().max(max, atMostCharacters(max)).optional().default("");

/** A form's number: plain digits only (see plainDecimal); numbers passed by code go through as they are. */
const formNumber = (v: unknown) => (typeof v === "string" ? (plainDecimal(v) ?? Number.NaN) : v);

const position = z.preprocess(
  formNumber,
  z
    .number({ error: "Position must be a number." })
    .int("Position must be a whole number.")
    .gt(0, MENU_MESSAGES.positionPositive)
    .max(10_000, "Position must be 10000 or less."),
);

const price = z.preprocess(
  formNumber,
  z
    .number({ error: "Price must be a number." })
    .min(0, "Price cannot be negative.")
    .max(10_000_000, "Price is too large."),
);

const sizeRow = z
  .string()
  .trim()
  .max(
    MAX_SIZE_LABEL,
    messageAsText(keyed("Use at most {{max}} characters for a size.", { max: MAX_SIZE_LABEL })),
  );

/** Sizes come as rows of two lists, a name and a price each (blank rows are ignored). */
const sizeLists = {
  sizeLabel: z.array(sizeRow).max(20).default([]),
  sizePrice: z.array(z.string().trim().max(20)).max(20).default([]),
};

/** Fields the Edit Item screen owns (product rules §2/§5), and the dish's sizes (ADR 0022). */
export const editItemFields = z.object({
  name: requiredText("Please enter the item name."),
  price,
  itemPriceRange: z.enum(PRICE_RANGES, { error: "Please choose a price range." }),
  itemTaste: z.enum(TASTES, { error: "Please choose a taste category." }),
  itemType: z.enum(ITEM_TYPES, { error: "Please choose an item type." }),
  positionInSection: position,
  nameExtra: optionalText(120),
  description: optionalText(1000),
  descriptionExtra: optionalText(1000),
  nameUr: optionalText(120),
  descriptionUr: optionalText(1000),
  foodAllergies: optionalText(300),
  ...sizeLists,
});

export const addItemFields = editItemFields.extend({
  sectionId: z.string({ error: MENU_MESSAGES.selectSection }).min(1, MENU_MESSAGES.selectSection),
  itemCat: requiredText("Please choose a category.", 60),
  itemSubCat: requiredText("Please choose a subcategory.", 60),
  // Left empty, addItem takes it from the price (ADR 0020); a value that is no range is still refused.
  itemPriceRange: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(PRICE_RANGES, { error: "Please choose a price range." }).optional(),
  ),
  ...branchChoiceFields,
});

/** The size rows of a form, checked: named, priced, each name once, at most MAX_SIZES. */
export function sizesOf(
  rows: { sizeLabel: string[]; sizePrice: string[] },
  addIssue: (message: Message) => void,
): DishSize[] {
  const sizes: DishSize[] = [];
  const count = Math.max(rows.sizeLabel.length, rows.sizePrice.length);
  for (let i = 0; i < count; i++) {
    const label = rows.sizeLabel[i] ?? "";
    const text = rows.sizePrice[i] ?? "";
    if (!label && !text) continue;
    const amount = plainDecimal(text);
    if (!label) addIssue(MENU_MESSAGES.sizeNameMissing);
    else if (amount === null || amount < 0 || amount > 10_000_000)
      addIssue(MENU_MESSAGES.sizePriceMissing(label));
    else if (sizes.some((s) => s.label.toLowerCase() === label.toLowerCase()))
      addIssue(MENU_MESSAGES.sizeTwice(label));
    else sizes.push({ label, price: amount });
  }
  if (sizes.length > MAX_SIZES) addIssue(MENU_MESSAGES.tooManySizes);
  return sizes;
}

/** A dish with sizes needs no price of its own: it is its lowest size's (filled in before the price is checked). */
function priceFromSizes(input: unknown) {
  if (typeof input !== "object" || input === null) return input;
  const values = input as Record<string, unknown>;
  if (typeof values.price === "string" && values.price.trim() !== "") return input;
  const prices = (Array.isArray(values.sizePrice) ? values.sizePrice : [])
    .map((v) => (typeof v === "string" ? plainDecimal(v.trim()) : null))
    .filter((v): v is number => v !== null && v >= 0);
  return prices.length > 0 ? { ...values, price: String(Math.min(...prices)) } : input;
}

function withSizes<T extends { sizeLabel: string[]; sizePrice: string[]; price: number }>(
  schema: z.ZodType<T>,
) {
  return z.preprocess(
    priceFromSizes,
    schema.transform(({ sizeLabel, sizePrice, ...rest }, ctx) => {
      const sizes = sizesOf({ sizeLabel, sizePrice }, (message) =>
        ctx.addIssue({ code: "custom", message: messageAsText(message), path: ["sizes"] }),
      );
      return {
        ...rest,
        sizes,
        price: sizes.length > 0 ? Math.min(...sizes.map((s) => s.price)) : rest.price,
      };
    }),
  );
}

export const editItemSchema = withSizes(editItemFields);
export const addItemSchema = withSizes(addItemFields);

export const rateItemSchema = z.object({
  rating: z.coerce.number().int().min(1, "Choose 1 to 5 stars.").max(5, "Choose 1 to 5 stars."),
});
