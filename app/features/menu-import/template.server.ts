import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import {
  ITEM_TYPES,
  itemCategoriesFor,
  itemCategoryList,
  PRICE_RANGES,
  TASTES,
} from "~/lib/reference-data.ts";
import { IMPORT_COLUMNS, type ImportColumn } from "./menu-import.messages.ts";
import { TEMPLATE_EXAMPLES } from "./template-examples.ts";

type RangeValidations = { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } };

/**
 * The template's column names, three example dishes of the restaurant type's own
 * categories, and a deal of the three (issue 32) so an owner sees how a deal row reads.
 */
export function templateRows(restType: string): string[][] {
  const examples = TEMPLATE_EXAMPLES[itemCategoryList(restType)] ?? TEMPLATE_EXAMPLES.other!;
  return [
    IMPORT_COLUMNS.map((c) => c.header),
    ...[...examples, exampleDeal(examples)].map((row: Partial<Record<ImportColumn, string>>) =>
      IMPORT_COLUMNS.map((c) => row[c.key] ?? ""),
    ),
  ];
}

/** Two of each example dish (the largest size of one sold in sizes) for four people, a tenth off. */
function exampleDeal(examples: readonly Partial<Record<ImportColumn, string>>[]) {
  let full = 0;
  const parts = examples.map((dish) => {
    const sizes = (dish.sizes ?? "").split(";").map((s) => s.trim().split(/:\s*/u));
    const [label, price] = dish.sizes ? sizes.at(-1)! : [undefined, dish.price];
    const quantity = label ? 1 : 2;
    full += quantity * Number(price);
    return `${quantity} x ${dish.name}${label ? ` (${label})` : ""}`;
  });
  return {
    kind: "deal",
    name: "Family Deal",
    nameUr: "فیملی ڈیل",
    price: String(Math.round((full * 0.9) / 50) * 50),
    serves: "4",
    parts: parts.join("; "),
  } satisfies Partial<Record<ImportColumn, string>>;
}

/** UTF-8 with a byte-order mark, so Excel opens names in any script as they are. */
export function templateCsv(restType: string): string {
  return `\uFEFF${stringify(templateRows(restType))}`;
}

/**
 * The workbook: the "Menu" sheet to fill (taste, type and price range chosen from a
 * list), and a "How to fill it" sheet with each column's note and the categories.
 */
export async function templateXlsx(restType: string): Promise<Uint8Array<ArrayBuffer>> {
  const categories = itemCategoriesFor(restType);
  const workbook = new ExcelJS.Workbook();
  const menu = workbook.addWorksheet("Menu", { views: [{ state: "frozen", ySplit: 1 }] });
  for (const row of templateRows(restType)) menu.addRow(row);
  menu.getRow(1).font = { bold: true };
  menu.columns.forEach((column, i) => {
    column.width = Math.max(12, IMPORT_COLUMNS[i]?.header.length ?? 12) + 4;
  });
  const lists: [string, readonly string[]][] = [
    ["kind", ["dish", "deal", "iftar deal"]],
    ["itemTaste", TASTES],
    ["itemType", ITEM_TYPES],
    ["itemPriceRange", PRICE_RANGES],
  ];
  for (const [key, values] of lists) {
    const column = menu.getColumn(IMPORT_COLUMNS.findIndex((c) => c.key === key) + 1).letter;
    // A range's list, written once (exceljs has it at run time; its types only know a cell's).
    (menu as unknown as RangeValidations).dataValidations.add(`${column}2:${column}1001`, {
      type: "list",
      allowBlank: true,
      formulae: [`"${values.join(",")}"`],
    });
  }
  const help = workbook.addWorksheet("How to fill it");
  help.addRow(["Column", "What to write"]).font = { bold: true };
  for (const column of IMPORT_COLUMNS) {
    help.addRow([
      column.header,
      `${"required" in column && column.required ? "Required. " : ""}${column.note}`,
    ]);
  }
  help.addRow([]);
  help.addRow(["Category", "Subcategories"]).font = { bold: true };
  for (const c of categories) help.addRow([c.category, c.subcategories.join(", ")]);
  help.getColumn(1).width = 22;
  help.getColumn(2).width = 90;
  return new Uint8Array(await workbook.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>;
}
