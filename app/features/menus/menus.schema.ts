import { z } from "zod";
import { ITEM_TYPES, PRICE_RANGES, TASTES } from "~/lib/reference-data.ts";
import { MENU_MESSAGES, ITEM_VIEWS, SECTIONS_PER_PAGE } from "./menus.messages.ts";
import { plainDecimal } from "~/lib/numbers.ts";

export { MENU_MESSAGES, ITEM_VIEWS, SECTIONS_PER_PAGE };
export type { ItemView } from "./menus.messages.ts";

const note = z.string().trim().max(500, "Use at most 500 characters.").optional().default("");

export const addSectionSchema = z.object({
  originalName: z
    .string({ error: MENU_MESSAGES.sectionNameMissing })
    .trim()
    .min(1, MENU_MESSAGES.sectionNameMissing)
    .max(80, "Use at most 80 characters."),
  topNote: note,
  bottomNote: note,
});

export const editSectionSchema = addSectionSchema.extend({
  originalName: z
    .string({ error: MENU_MESSAGES.sectionNameEmpty })
    .trim()
    .min(1, MENU_MESSAGES.sectionNameEmpty)
    .max(80, "Use at most 80 characters."),
});

const requiredText = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters.`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `Use at most ${max} characters.`).optional().default("");

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

/** Fields the Edit Item screen owns (SPEC §2/§5). */
export const editItemSchema = z.object({
  name: requiredText("Please enter the item name."),
  price,
  itemPriceRange: z.enum(PRICE_RANGES, { error: "Please choose a price range." }),
  itemTaste: z.enum(TASTES, { error: "Please choose a taste category." }),
  itemType: z.enum(ITEM_TYPES, { error: "Please choose an item type." }),
  positionInSection: position,
  nameExtra: optionalText(120),
  description: optionalText(1000),
  descriptionExtra: optionalText(1000),
  foodAllergies: optionalText(300),
});

export const addItemSchema = editItemSchema.extend({
  sectionId: z.string({ error: MENU_MESSAGES.selectSection }).min(1, MENU_MESSAGES.selectSection),
  itemCat: requiredText("Please choose a category.", 60),
  itemSubCat: requiredText("Please choose a subcategory.", 60),
});

export const rateItemSchema = z.object({
  rating: z.coerce.number().int().min(1, "Choose 1 to 5 stars.").max(5, "Choose 1 to 5 stars."),
});
