import { z } from "zod";
import { ITEM_TYPES, PRICE_RANGES, TASTES } from "~/lib/reference-data.ts";

/** SPEC §5 and §8, word for word, plus Foodverse's own. */
export const MENU_MESSAGES = {
  sectionNameMissing: "Please enter a section name",
  sectionNameEmpty: "Section name cannot be empty",
  sectionAdded: "Section added successfully",
  sectionAddFailed: "Failed to add section",
  sectionsLoadFailed: "Failed to load sections.",
  sectionDeleted: "Section and its items deleted",
  sectionDeleteFailed: "Failed to delete section",
  sectionUpdated: "Section updated",
  sectionUpdateFailed: "Error updating section",
  notAuthenticated: "Not authenticated",
  userDataNotFound: "User data not found",
  sectionNotFound: "Section not found",
  sectionLoadFailed: "Failed to load section",
  selectSection: "Please select a section",
  positionPositive: "Position in section must be greater than 0.",
  positionTaken: (position: number) =>
    `Position ${position} already exists in this section. Choose another position or use Edit to change that item.`,
  itemAdded: "Item added successfully",
  itemAddFailed: "Error adding item",
  itemsRefreshFailed: "Could not refresh item list",
  itemsLoadFailed: "Failed to load sections and items",
  itemDeleted: "Item deleted",
  itemDeleteFailed: "Item deletion failed",
  itemNotFound: "Item not found",
  itemLoadFailed: "Error loading item",
  itemUpdated: "Item updated successfully!",
  itemUpdateFailed: "Error updating item",
  imageMissing: (view: string) => `Please add the ${view} image.`,
  deleteItemConfirm: (name: string) => `Delete item "${name}"?`,
  noSections: "No sections found.",
  noItems: "No items in this section.",
  noMenu: "No menu data available.",
  itemPageNotFound: "Item Not Found",
  soldOutOn: "Marked as sold out",
  soldOutOff: "Back on the menu",
  moved: "Order updated",
  rated: "Thanks for rating this dish",
} as const;

export const ITEM_VIEWS = [
  { field: "topView", label: "top" },
  { field: "frontView", label: "front" },
  { field: "sideView", label: "side" },
] as const;
export type ItemView = (typeof ITEM_VIEWS)[number]["field"];

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

const position = z.coerce
  .number({ error: "Position must be a number." })
  .int("Position must be a whole number.")
  .gt(0, MENU_MESSAGES.positionPositive)
  .max(10_000, "Position must be 10000 or less.");

const price = z.coerce
  .number({ error: "Price must be a number." })
  .min(0, "Price cannot be negative.")
  .max(10_000_000, "Price is too large.");

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

export const SECTIONS_PER_PAGE = 4;
