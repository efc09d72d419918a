import { keyed } from "~/lib/message.ts";
// Client-safe and zod-free, so pages that only show these texts don't download the validator.

/** product rules §5 and §8, word for word, plus Foodverse's own. */
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
    keyed(
      "Position {{position}} already exists in this section. Choose another position or use Edit to change that item.",
      { position },
    ),
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
  deleteItemConfirm: (name: string) => keyed('Delete item "{{name}}"?', { name }),
  noSections: "No sections found.",
  noItems: "No items in this section.",
  noMenu: "No menu data available.",
  itemPageNotFound: "Item Not Found",
  soldOutOn: "Marked as sold out",
  soldOutOff: "Back on the menu",
  moved: "Order updated",
  rated: "Thanks for rating this dish",
  sizeNameMissing: "Give each size a name, e.g. Half or Full.",
  sizePriceMissing: (label: string) => keyed("Enter a price of 0 or more for {{label}}.", { label }),
  sizeTwice: (label: string) => keyed("{{label}} is listed twice. Give each size its own name.", { label }),
  tooManySizes: "Use at most 6 sizes.",
} as const;

export const ITEM_VIEWS = [
  { field: "topView", label: "top" },
  { field: "frontView", label: "front" },
  { field: "sideView", label: "side" },
] as const;
export type ItemView = (typeof ITEM_VIEWS)[number]["field"];

export const SECTIONS_PER_PAGE = 4;
