// Client-safe and zod-free: the import screens and the template share these.

/**
 * The spreadsheet's columns (docs/decisions/0023-menu-import.md): one row a dish, with
 * the Add Item form's fields. Headers are matched without case, spaces or dashes, and
 * by the form's own labels too ("Item Name", "Taste Category"…).
 */
export const IMPORT_COLUMNS = [
  {
    key: "section",
    header: "section",
    aliases: ["section name"],
    required: true,
    note: "The section the dish goes in. A name the menu does not have yet makes a new section.",
  },
  {
    key: "position",
    header: "position",
    aliases: ["position in section"],
    note: "Its place in the section. Leave it empty: the next free place.",
  },
  {
    key: "sectionUr",
    header: "section_ur",
    aliases: ["urdu section", "section urdu", "سیکشن"],
    note: "The section's name in Urdu (optional).",
  },
  { key: "name", header: "name", aliases: ["item name", "dish", "dish name"], required: true, note: "" },
  { key: "nameExtra", header: "name_extra", aliases: ["name extra"], note: "e.g. 4 pieces" },
  {
    key: "nameUr",
    header: "name_ur",
    aliases: ["urdu name", "name urdu", "اردو نام"],
    note: "The dish's name in Urdu (optional).",
  },
  {
    key: "price",
    header: "price",
    aliases: ["price (rs.)", "price rs", "price rs."],
    note: "In Rs. Leave it empty for a dish with sizes.",
  },
  {
    key: "sizes",
    header: "sizes",
    aliases: ["size"],
    note: "For a dish sold in sizes: name: price; name: price (e.g. Half: 1650; Full: 3100).",
  },
  {
    key: "itemPriceRange",
    header: "price_range",
    aliases: ["item price range", "price range"],
    note: "Leave it empty: taken from the price.",
  },
  {
    key: "itemTaste",
    header: "taste",
    aliases: ["taste category"],
    required: true,
    note: "Spicy, Sweet or Savory",
  },
  {
    key: "itemCat",
    header: "category",
    aliases: [],
    required: true,
    note: "A category of your menu's type.",
  },
  { key: "itemSubCat", header: "subcategory", aliases: ["sub category"], required: true, note: "" },
  { key: "itemType", header: "type", aliases: ["item type"], required: true, note: "Veg, Non-Veg or Vegan" },
  { key: "description", header: "description", aliases: [], note: "" },
  { key: "descriptionExtra", header: "description_extra", aliases: ["description extra"], note: "" },
  {
    key: "descriptionUr",
    header: "description_ur",
    aliases: ["urdu description", "description urdu"],
    note: "",
  },
  { key: "foodAllergies", header: "allergies", aliases: ["food allergies", "allergens"], note: "" },
  {
    key: "topView",
    header: "top_photo",
    aliases: ["top view", "photo", "top photo"],
    note: "The photo's file name, e.g. karahi.jpg. Alone, it is used for all three views.",
  },
  { key: "frontView", header: "front_photo", aliases: ["front view", "front photo"], note: "" },
  { key: "sideView", header: "side_photo", aliases: ["side view", "side photo"], note: "" },
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number]["key"];

export const IMPORT_MESSAGES = {
  noFile: "Choose a spreadsheet: a .csv or .xlsx file.",
  notASheet:
    "This is not a spreadsheet we can read. Save it as .xlsx or .csv (the template shows the columns).",
  oldExcel: "This is an old Excel file (.xls). Save it as .xlsx or .csv and try again.",
  tooLarge: (mb: number) => `The spreadsheet is larger than ${mb} MB. Split it into smaller files.`,
  tooManyRows: (max: number) => `The spreadsheet has more than ${max} dishes. Split it into smaller files.`,
  empty: "The spreadsheet has no dishes: one row a dish, below a row of column names.",
  missingColumn: (header: string) => `The spreadsheet has no "${header}" column. Start from the template.`,
  noPrice: 'The spreadsheet has neither a "price" nor a "sizes" column. Start from the template.',
  twice: (line: number) => `This dish is already on row ${line}. Give each dish one row.`,
  photoMissing: (name: string) => `Upload the photo ${name}.`,
  notFound: "This import is not there any more. Start again with your spreadsheet.",
  hasProblems: "Nothing was imported: fix the rows marked below in your spreadsheet and upload it again.",
  waitingForPhotos: (n: number) =>
    `Nothing was imported: ${n} ${n === 1 ? "photo is" : "photos are"} still missing.`,
  imported: (added: number, updated: number) =>
    `Menu imported: ${added} ${added === 1 ? "dish" : "dishes"} added, ${updated} updated.`,
  importFailed: "The menu could not be imported. Nothing was changed; please try again.",
  discarded: "Import discarded. Nothing was changed.",
  photosStored: (n: number) => `${n} ${n === 1 ? "photo" : "photos"} uploaded.`,
  photoNotNeeded: (name: string) => `${name} is not named in the spreadsheet, so it was not uploaded.`,
} as const;

/** Largest spreadsheet accepted, and most dishes in one import. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;

/** The key a photo is matched by: its file name without folders, in lower case. */
export function photoKey(name: string): string {
  return (name.split(/[\\/]/u).at(-1) ?? "").trim().toLowerCase();
}

/** The photo the spreadsheet names, among uploaded ones: the same file name, or the same name without its extension. */
export function matchPhoto(name: string, uploaded: readonly string[]): string | undefined {
  if (uploaded.includes(name)) return name;
  return uploaded.find((u) => stem(u) === stem(name));
}

const stem = (name: string) => name.replace(/\.[a-z0-9]+$/u, "");
