// Client-safe and zod-free: the import screens and the template share these.
// Read by the sheet worker too (sheet-worker.server.ts): relative imports only.
import { keyed } from "../../lib/message.ts";

/**
 * The spreadsheet's columns (docs/decisions/0023-menu-import.md): one row a dish, with
 * the Add Item form's fields. Headers are matched without case, spaces or dashes, and
 * by the form's own labels too ("Item Name", "Taste Category"…). `max` is the form's
 * limit (menus.schema.ts): the reader keeps at most one character more of a cell, so
 * an over-long cell still gets the form's 'Use at most…' words and no more is stored.
 */
export const IMPORT_COLUMNS = [
  {
    key: "kind",
    max: 20,
    header: "kind",
    aliases: ["row kind", "row type"],
    note: 'Leave it empty for a dish. "deal" or "iftar deal": the row is a deal or combo of your dishes (the parts column says which); its section, category and type stay empty.',
  },
  {
    key: "section",
    max: 80,
    header: "section",
    aliases: ["section name"],
    required: true,
    note: "The section the dish goes in. A name the menu does not have yet makes a new section.",
  },
  {
    key: "position",
    max: 20,
    header: "position",
    aliases: ["position in section"],
    note: "Its place in the section. Leave it empty: the next free place.",
  },
  {
    key: "sectionUr",
    max: 80,
    header: "section_ur",
    aliases: ["urdu section", "section urdu", "سیکشن"],
    note: "The section's name in Urdu (optional).",
  },
  {
    key: "name",
    max: 120,
    header: "name",
    aliases: ["item name", "dish", "dish name"],
    required: true,
    note: "",
  },
  { key: "nameExtra", max: 120, header: "name_extra", aliases: ["name extra"], note: "e.g. 4 pieces" },
  {
    key: "nameUr",
    max: 120,
    header: "name_ur",
    aliases: ["urdu name", "name urdu", "اردو نام"],
    note: "The dish's name in Urdu (optional).",
  },
  {
    key: "price",
    max: 20,
    header: "price",
    aliases: ["price (rs.)", "price rs", "price rs."],
    note: "In Rs. Leave it empty for a dish with sizes.",
  },
  {
    key: "sizes",
    max: 1500,
    header: "sizes",
    aliases: ["size"],
    note: "For a dish sold in sizes: name: price; name: price (e.g. Half: 1650; Full: 3100).",
  },
  {
    key: "itemPriceRange",
    max: 20,
    header: "price_range",
    aliases: ["item price range", "price range"],
    note: "Leave it empty: taken from the price.",
  },
  {
    key: "itemTaste",
    max: 20,
    header: "taste",
    aliases: ["taste category"],
    required: true,
    note: "Spicy, Sweet or Savory",
  },
  {
    key: "itemCat",
    max: 60,
    header: "category",
    aliases: [],
    required: true,
    note: "A category of your menu's type.",
  },
  {
    key: "itemSubCat",
    max: 60,
    header: "subcategory",
    aliases: ["sub category"],
    required: true,
    note: "One of the category's subcategories (the Excel template lists them).",
  },
  {
    key: "itemType",
    max: 20,
    header: "type",
    aliases: ["item type"],
    required: true,
    note: "Veg, Non-Veg or Vegan",
  },
  { key: "description", max: 1000, header: "description", aliases: [], note: "" },
  {
    key: "descriptionExtra",
    max: 1000,
    header: "description_extra",
    aliases: ["description extra"],
    note: "",
  },
  {
    key: "descriptionUr",
    max: 1000,
    header: "description_ur",
    aliases: ["urdu description", "description urdu"],
    note: "",
  },
  { key: "foodAllergies", max: 300, header: "allergies", aliases: ["food allergies", "allergens"], note: "" },
  {
    key: "topView",
    max: 255,
    header: "top_photo",
    aliases: ["top view", "photo", "top photo"],
    note: "The photo's file name, e.g. karahi.jpg. Alone, it is used for all three views.",
  },
  { key: "frontView", max: 255, header: "front_photo", aliases: ["front view", "front photo"], note: "" },
  { key: "sideView", max: 255, header: "side_photo", aliases: ["side view", "side photo"], note: "" },
  {
    key: "parts",
    max: 1000,
    header: "parts",
    aliases: ["deal parts", "deal items", "combo"],
    note: "A deal's parts, separated by semicolons: how many, then a dish of your menu with its size in brackets, or a few words (e.g. 2 x Chicken Karahi (Full kg); 4 x Naan; 1.5 L drink).",
  },
  {
    key: "serves",
    max: 20,
    header: "serves",
    aliases: ["persons", "people", "for persons"],
    note: "A deal: for how many people (1 when empty).",
  },
  {
    key: "validFrom",
    max: 20,
    header: "valid_from",
    aliases: ["from date", "first day"],
    note: "A deal's first day, e.g. 2027-03-01 (optional).",
  },
  {
    key: "validUntil",
    max: 20,
    header: "valid_until",
    aliases: ["until date", "last day"],
    note: "A deal's last day, e.g. 2027-03-31 (optional).",
  },
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number]["key"];

/** A header or a choice as it is compared: without case, spaces, dashes, dots or underscores. */
export const looseKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replaceAll(/[\s_\-.]+/gu, "");

/** The column a header names, by the template's header or the form's own label. */
export function importColumnOf(header: string): (typeof IMPORT_COLUMNS)[number] | undefined {
  const name = looseKey(header);
  if (!name) return undefined;
  return IMPORT_COLUMNS.find(
    (c) => looseKey(c.header) === name || c.aliases.some((a) => looseKey(a) === name),
  );
}

export const IMPORT_MESSAGES = {
  noFile: "Choose a spreadsheet: a .csv or .xlsx file.",
  notASheet:
    "This is not a spreadsheet we can read. Save it as .xlsx or .csv (the template shows the columns).",
  oldExcel: "This is an old Excel file (.xls). Save it as .xlsx or .csv and try again.",
  tooLarge: (mb: number) =>
    keyed("The spreadsheet is larger than {{mb}} MB. Split it into smaller files.", { mb }),
  tooManyRows: (max: number) =>
    keyed("The spreadsheet has more than {{max}} dishes. Split it into smaller files.", { max }),
  tooManyColumns: (max: number) =>
    keyed(
      "The spreadsheet has more than {{max}} columns. Keep the template's columns and remove the others.",
      { max },
    ),
  tooManyCells: (max: number) =>
    keyed(
      "The spreadsheet has more than {{max}} cells. Keep the template's columns, one row a dish, and split it into smaller files.",
      { max },
    ),
  tooMuchText: (mb: number) =>
    keyed(
      "The spreadsheet holds more than {{mb}} MB of text. Keep the template's columns and split it into smaller files.",
      { mb },
    ),
  tooComplex:
    "The spreadsheet is too large or too complex to read. Save it again as .xlsx or .csv, or split it into smaller files.",
  notInTime:
    "The spreadsheet could not be checked in time. Please try again in a minute; if it happens again, split it into smaller files.",
  busy: "Many spreadsheets are being checked right now. Please try again in a minute.",
  oneAtATime: "Your last spreadsheet is still being checked. Wait until it is done, then try again.",
  tooManyImports: "You have uploaded many spreadsheets this hour. Try again in an hour.",
  empty: "The spreadsheet has no dishes: one row a dish, below a row of column names.",
  missingColumn: (header: string) =>
    keyed('The spreadsheet has no "{{header}}" column. Start from the template.', { header }),
  noPrice: 'The spreadsheet has neither a "price" nor a "sizes" column. Start from the template.',
  chooseFrom: (
    message:
      | "Please choose a category."
      | "Please choose a taste category."
      | "Please choose an item type."
      | "Please choose a price range.",
    choices: readonly string[],
  ) => keyed(`${message} Write one of: {{choices}}.`, { choices: choices.join(", ") }),
  chooseSubcategory: (category: string, choices: readonly string[]) =>
    keyed("Please choose a subcategory of {{category}}. Write one of: {{choices}}.", {
      category,
      choices: choices.join(", "),
    }),
  twice: (line: number) => keyed("This dish is already on row {{line}}. Give each dish one row.", { line }),
  kindUnknown: 'Write "deal" or "iftar deal" in the kind column, or leave it empty for a dish.',
  dealTwice: (line: number) =>
    keyed("This deal is already on row {{line}}. Give each deal one row.", { line }),
  partSize: (dish: string, sizes: readonly string[]) =>
    keyed("Say which size of {{dish}}, in brackets: {{sizes}}.", { dish, sizes: sizes.join(", ") }),
  partNoSize: (dish: string, size: string, sizes: readonly string[]) =>
    keyed("{{dish}} has no size {{size}}. Write one of: {{sizes}}.", { dish, size, sizes: sizes.join(", ") }),
  photoMissing: (name: string) => keyed("Upload the photo {{name}}.", { name }),
  notFound: "This import is not there any more. Start again with your spreadsheet.",
  hasProblems: "Nothing was imported: fix the rows marked below in your spreadsheet and upload it again.",
  waitingForPhotos: (n: number) =>
    keyed(`Nothing was imported: {{n}} ${n === 1 ? "photo is" : "photos are"} still missing.`, { n }),
  imported: (added: number, updated: number) =>
    keyed(`Menu imported: {{added}} ${added === 1 ? "dish" : "dishes"} added, {{updated}} updated.`, {
      added,
      updated,
    }),
  importedWithDeals: (added: number, updated: number, deals: number) =>
    keyed(
      `Menu imported: {{added}} ${added === 1 ? "dish" : "dishes"} added, {{updated}} updated, {{deals}} ${deals === 1 ? "deal" : "deals"} saved.`,
      { added, updated, deals },
    ),
  importFailed: "The menu could not be imported. Nothing was changed; please try again.",
  discarded: "Import discarded. Nothing was changed.",
  /** How many photos were kept, and the first three not named in the spreadsheet: one toast. */
  photosUploaded: (n: number, ignored: readonly string[]) => {
    const names = ["name", "second", "third"] as const;
    const shown = ignored.slice(0, names.length);
    const key = [
      `{{n}} ${n === 1 ? "photo" : "photos"} uploaded.`,
      ...shown.map((_, i) => `{{${names[i]}}} is not named in the spreadsheet, so it was not uploaded.`),
    ].join(" ");
    return keyed(key, Object.fromEntries([["n", n], ...shown.map((name, i) => [names[i], name])]));
  },
} as const;

/** Largest spreadsheet accepted, and most dishes in one import. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;
/** Columns with a value (the template has 25), and cells however empty, in one sheet. */
export const IMPORT_MAX_COLUMNS = 50;
export const IMPORT_MAX_CELLS = 100_000;
/** Text a workbook's shared strings may hold, all of them together. */
export const IMPORT_MAX_SHARED_TEXT_MB = 4;

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
