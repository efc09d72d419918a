import { fieldErrors, type FormValues } from "~/lib/forms.ts";
import { priceRangeOf } from "~/lib/price-range.ts";
import { ITEM_TYPES, PRICE_RANGES, TASTES, type ItemCategory } from "~/lib/reference-data.ts";
import { toSlug } from "~/lib/slug.ts";
import { addItemSchema, MENU_MESSAGES } from "../menus/menus.schema.ts";
import {
  IMPORT_COLUMNS,
  IMPORT_MESSAGES as M,
  importColumnOf,
  looseKey,
  photoKey,
  type ImportColumn,
} from "./menu-import.messages.ts";
import type { Message } from "~/lib/message.ts";
import {
  nameableDishes,
  planDeals,
  type CurrentDeal,
  type DealCells,
  type PlannedDeal,
} from "./import-deals.server.ts";

export { matchPhoto } from "./menu-import.messages.ts";

/** The general menu as the plan needs it: sections by name, dishes by section. */
export interface CurrentMenu {
  sections: { id: string; originalName: string; sectionName: string; sectionNameUr?: string }[];
  items: {
    id: string;
    sectionId: string;
    name: string;
    nameExtra: string;
    positionInSection: number;
    nameUr?: string;
    descriptionUr?: string;
    /** Its sizes as stored (JSON), for a deal's parts. */
    sizes?: string;
  }[];
  /** The restaurant's general deals, which a deal row of the same name updates. */
  deals?: CurrentDeal[];
}

export type ItemInput = ReturnType<typeof addItemSchema.parse>;

export interface PlannedDish {
  /** The spreadsheet's row number (its column names are row 1). */
  line: number;
  section: string;
  name: string;
  action: "add" | "update";
  /** The general dish it updates. */
  existingId?: string;
  /** The section it goes in, when the menu has it; undefined: the new section named `section`. */
  sectionId?: string;
  /** The dish as the Add Item form would send it, checked; undefined when it has problems. */
  input?: ItemInput;
  /** The photo each view takes (keys of photoKey); "" keeps an updated dish's picture. */
  photos: { topView: string; frontView: string; sideView: string };
  problems: Message[];
}

export interface ImportPlan {
  /** Problems of the file as a whole (a missing column). */
  problems: Message[];
  dishes: PlannedDish[];
  /** The deal rows (issue 32), in the sheet's order. */
  deals: PlannedDeal[];
  /** Sections the import makes, in the order the spreadsheet first names them. */
  newSections: string[];
  /** Every photo the spreadsheet names, once. */
  photos: string[];
  /** ADR 0026: Urdu names of sections (new or existing) by slug, where a row gives one. */
  sectionNamesUr: Record<string, string>;
}

const keyOf = (text: string) => text.trim().toLowerCase().replaceAll(/\s+/gu, " ");
const dishKey = (name: string, extra: string) => `${keyOf(name)}\u0000${keyOf(extra)}`;

/** Which column holds which field: by the template's header, or the form's own label. */
function columnsOf(header: string[]): {
  columns: Partial<Record<ImportColumn, number>>;
  problems: Message[];
} {
  const columns: Partial<Record<ImportColumn, number>> = {};
  header.forEach((cell, index) => {
    const found = importColumnOf(cell);
    if (found && columns[found.key] === undefined) columns[found.key] = index;
  });
  const problems: Message[] = IMPORT_COLUMNS.filter(
    (c) => "required" in c && c.required && columns[c.key] === undefined,
  ).map((c) => M.missingColumn(c.header));
  if (columns.price === undefined && columns.sizes === undefined) problems.push(M.noPrice);
  return { columns, problems };
}

/** "Half: 1650; Full: 3100" (or "Half 1650", "Half = 1650") as the form's two lists of size rows. */
function sizeRows(cell: string): { sizeLabel: string[]; sizePrice: string[] } {
  const sizeLabel: string[] = [];
  const sizePrice: string[] = [];
  for (const part of cell
    .split(/[;\n|]/u)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(.*?)[\s:=]+(?:rs\.?\s*)?([\d.,]+)$/iu.exec(part);
    sizeLabel.push((match?.[1] ?? part).trim());
    sizePrice.push(match?.[2]?.replaceAll(",", "") ?? "");
  }
  return { sizeLabel, sizePrice };
}

/** A choice typed in any case ("spicy", "non veg") as the form's own value. */
function choice(text: string, options: readonly string[]) {
  return options.find((o) => looseKey(o) === looseKey(text)) ?? text;
}

/**
 * A choice's message naming what may be written (a first sheet failed every
 * row with 'Please choose a subcategory.' and no word of what to choose).
 */
const LISTED_CHOICES: Record<string, Message> = {
  itemTaste: M.chooseFrom("Please choose a taste category.", TASTES),
  itemType: M.chooseFrom("Please choose an item type.", ITEM_TYPES),
  itemPriceRange: M.chooseFrom("Please choose a price range.", PRICE_RANGES),
};

/**
 * The category must be one of the restaurant type's and the subcategory one of that
 * category's (product rules §3, §5: both are required, and the Add Item form only
 * offers these); each refusal lists the values allowed for the row.
 */
function choiceErrors(
  category: ItemCategory | undefined,
  subcategory: string | undefined,
  categories: readonly ItemCategory[],
): Record<string, Message> {
  if (!category)
    return {
      itemCat: M.chooseFrom(
        "Please choose a category.",
        categories.map((c) => c.category),
      ),
    };
  if (!subcategory) return { itemSubCat: M.chooseSubcategory(category.category, category.subcategories) };
  return {};
}

/**
 * What importing `rows` into the general menu would do, row by row, with every
 * problem in the product rules' words (the Add Item form's checks): nothing is
 * written here. A row whose section and dish (name and extra name) the menu has
 * updates that dish; any other adds one. Positions left empty follow the section's
 * last dish; a position given must be free.
 */
export function planImport(
  rows: string[][],
  menu: CurrentMenu,
  categories: readonly ItemCategory[],
): ImportPlan {
  const [header = [], ...body] = rows;
  const { columns, problems } = columnsOf(header);
  const plan: ImportPlan = {
    problems,
    dishes: [],
    deals: [],
    newSections: [],
    photos: [],
    sectionNamesUr: {},
  };
  if (problems.length > 0) return plan;

  const sectionBySlug = new Map(menu.sections.map((s) => [s.sectionName, s]));
  const existing = new Map<string, CurrentMenu["items"][number]>(
    menu.items.map((i) => [`${i.sectionId}\u0000${dishKey(i.name, i.nameExtra)}`, i]),
  );
  // Taken positions per section (an existing section's id, or "new:" and a new one's slug).
  const taken = new Map<string, Set<number>>();
  const takenIn = (sectionKey: string) => {
    if (!taken.has(sectionKey)) taken.set(sectionKey, new Set());
    return taken.get(sectionKey)!;
  };
  for (const item of menu.items) takenIn(item.sectionId).add(item.positionInSection);
  const seen = new Map<string, number>();
  const photos = new Set<string>();
  const dealRows: DealCells[] = [];

  body.forEach((row, index) => {
    const line = index + 2;
    const cell = (key: ImportColumn) => {
      const at = columns[key];
      return at === undefined ? "" : (row[at] ?? "").trim();
    };
    const kind = KINDS.get(looseKey(cell("kind")));
    if (kind === "deal" || kind === "iftar deal") {
      dealRows.push(dealCells(line, kind, cell, (key) => columns[key] !== undefined));
      return;
    }
    const dish: PlannedDish = {
      line,
      section: cell("section"),
      name: cell("name"),
      action: "add",
      photos: { topView: "", frontView: "", sideView: "" },
      problems: [],
    };
    plan.dishes.push(dish);
    if (!kind) {
      dish.problems.push(M.kindUnknown);
      return;
    }
    const slug = toSlug(dish.section);
    const section = sectionBySlug.get(slug);
    dish.sectionId = section?.id;
    if (!dish.section) dish.problems.push(MENU_MESSAGES.selectSection);
    else if (!section && !plan.newSections.some((s) => toSlug(s) === slug))
      plan.newSections.push(dish.section);
    const sectionKey = section?.id ?? `new:${slug}`;
    const sectionUr = cell("sectionUr");
    if (sectionUr && dish.section && !(slug in plan.sectionNamesUr)) plan.sectionNamesUr[slug] = sectionUr;

    const key = `${sectionKey}\u0000${dishKey(dish.name, cell("nameExtra"))}`;
    const twice = seen.get(key);
    if (twice !== undefined && dish.name) dish.problems.push(M.twice(twice));
    seen.set(key, line);
    const current = existing.get(key);
    if (current) {
      dish.action = "update";
      dish.existingId = current.id;
    }

    const used = takenIn(sectionKey);
    let position = cell("position");
    if (position === "") {
      position = String(current ? current.positionInSection : Math.max(0, ...used) + 1);
    } else if (Number(position) !== current?.positionInSection && used.has(Number(position))) {
      dish.problems.push(MENU_MESSAGES.positionTaken(Number(position)));
    }

    const category = categories.find((c) => looseKey(c.category) === looseKey(cell("itemCat")));
    const subcategory = category?.subcategories.find((c) => looseKey(c) === looseKey(cell("itemSubCat")));
    const sizes = sizeRows(cell("sizes"));
    const values: FormValues = {
      sectionId: sectionKey,
      positionInSection: position,
      name: dish.name,
      nameExtra: cell("nameExtra"),
      price: cell("price").replaceAll(",", ""),
      itemPriceRange: cell("itemPriceRange") ? choice(cell("itemPriceRange"), PRICE_RANGES) : "",
      itemTaste: choice(cell("itemTaste"), TASTES),
      itemCat: category?.category ?? cell("itemCat"),
      itemSubCat: subcategory ?? cell("itemSubCat"),
      itemType: choice(cell("itemType"), ITEM_TYPES),
      description: cell("description"),
      descriptionExtra: cell("descriptionExtra"),
      // A sheet without the Urdu columns keeps an updated dish's Urdu name and description.
      nameUr: columns.nameUr === undefined ? (current?.nameUr ?? "") : cell("nameUr"),
      descriptionUr:
        columns.descriptionUr === undefined ? (current?.descriptionUr ?? "") : cell("descriptionUr"),
      foodAllergies: cell("foodAllergies"),
      ...sizes,
    };
    const parsed = addItemSchema.safeParse(values);
    const choices = choiceErrors(category, subcategory, categories);
    if (parsed.success && Object.keys(choices).length === 0) {
      dish.input = {
        ...parsed.data,
        itemPriceRange: parsed.data.itemPriceRange ?? priceRangeOf(parsed.data.price),
      };
      used.add(parsed.data.positionInSection);
    } else {
      const errors = parsed.success ? {} : fieldErrors(parsed.error);
      delete errors.sectionId;
      delete errors.itemSubCat;
      Object.assign(errors, choices);
      for (const [field, message] of Object.entries(LISTED_CHOICES))
        if (errors[field]) errors[field] = message;
      dish.problems.push(...new Set(Object.values(errors).filter((e): e is string => Boolean(e))));
    }

    // One photo named: all three views (ADR 0020). A new dish needs at least the top one.
    const top = photoKey(cell("topView"));
    dish.photos = {
      topView: top,
      frontView: photoKey(cell("frontView")) || (dish.action === "add" ? top : ""),
      sideView: photoKey(cell("sideView")) || (dish.action === "add" ? top : ""),
    };
    if (dish.action === "add" && !top) dish.problems.push(MENU_MESSAGES.imageMissing("top"));
    for (const name of Object.values(dish.photos)) if (name) photos.add(name);
    if (dish.problems.length > 0) dish.input = undefined;
  });
  plan.deals = planDeals(dealRows, nameableDishes(menu.items, plan.dishes), menu.deals ?? []);
  for (const deal of plan.deals) if (deal.photo) photos.add(deal.photo);
  plan.photos = [...photos];
  return plan;
}

/** The kind column's words: empty or "dish" for a dish. */
const KINDS = new Map<string, "dish" | "deal" | "iftar deal">([
  ["", "dish"],
  ["dish", "dish"],
  ["deal", "deal"],
  ["combo", "deal"],
  ["iftardeal", "iftar deal"],
]);

function dealCells(
  line: number,
  kind: DealCells["kind"],
  cell: (key: ImportColumn) => string,
  has: (key: ImportColumn) => boolean,
): DealCells {
  const optional = (key: ImportColumn) => (has(key) ? cell(key) : undefined);
  return {
    line,
    kind,
    name: cell("name"),
    nameUr: optional("nameUr"),
    price: cell("price"),
    parts: cell("parts"),
    serves: optional("serves"),
    validFrom: optional("validFrom"),
    validUntil: optional("validUntil"),
    photo: cell("topView"),
  };
}
