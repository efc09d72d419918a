import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { ITEM_TYPES, PRICE_RANGES, TASTES, type ItemCategory } from "~/lib/reference-data.ts";
import { IMPORT_COLUMNS } from "./menu-import.messages.ts";

type RangeValidations = { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } };

/** The template's column names and three example dishes, with the restaurant type's own categories. */
export function templateRows(categories: readonly ItemCategory[]): string[][] {
  const category = (i: number) => categories[i % Math.max(1, categories.length)];
  const cat = (i: number) => category(i)?.category ?? "Other";
  const sub = (i: number) => category(i)?.subcategories[0] ?? "Other";
  const example: Record<string, string>[] = [
    {
      section: "Karahi",
      sectionUr: "کڑاہی",
      name: "Chicken Karahi",
      nameUr: "چکن کڑاہی",
      sizes: "Half kg: 1650; Full kg: 3100",
      itemTaste: "Spicy",
      itemCat: cat(0),
      itemSubCat: sub(0),
      itemType: "Non-Veg",
      description: "Tomatoes, green chillies and ginger.",
      topView: "chicken-karahi.jpg",
    },
    {
      section: "Karahi",
      name: "Daal Mash",
      nameUr: "دال ماش",
      price: "650",
      itemTaste: "Savory",
      itemCat: cat(0),
      itemSubCat: sub(0),
      itemType: "Veg",
      topView: "daal-mash.jpg",
    },
    {
      section: "Drinks",
      sectionUr: "مشروبات",
      name: "Sweet Lassi",
      nameUr: "میٹھی لسی",
      price: "250",
      itemTaste: "Sweet",
      itemCat: cat(1),
      itemSubCat: sub(1),
      itemType: "Veg",
      foodAllergies: "Dairy",
      topView: "lassi.jpg",
    },
  ];
  return [
    IMPORT_COLUMNS.map((c) => c.header),
    ...example.map((row) => IMPORT_COLUMNS.map((c) => row[c.key] ?? "")),
  ];
}

/** UTF-8 with a byte-order mark, so Excel opens names in any script as they are. */
export function templateCsv(categories: readonly ItemCategory[]): string {
  return `\uFEFF${stringify(templateRows(categories))}`;
}

/**
 * The workbook: the "Menu" sheet to fill (taste, type and price range chosen from a
 * list), and a "How to fill it" sheet with each column's note and the categories.
 */
export async function templateXlsx(categories: readonly ItemCategory[]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const menu = workbook.addWorksheet("Menu", { views: [{ state: "frozen", ySplit: 1 }] });
  for (const row of templateRows(categories)) menu.addRow(row);
  menu.getRow(1).font = { bold: true };
  menu.columns.forEach((column, i) => {
    column.width = Math.max(12, IMPORT_COLUMNS[i]?.header.length ?? 12) + 4;
  });
  const lists: [string, readonly string[]][] = [
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
