import type { ImportColumn } from "./menu-import.messages.ts";

type Example = Partial<Record<ImportColumn, string>> & {
  section: string;
  name: string;
  itemCat: string;
  itemSubCat: string;
};

// Dishes most restaurants' examples share; each list puts them in its own categories.
const CHICKEN_KARAHI = {
  name: "Chicken Karahi",
  nameUr: "چکن کڑاہی",
  sizes: "Half kg: 1650; Full kg: 3100",
  itemTaste: "Spicy",
  itemType: "Non-Veg",
  description: "Tomatoes, green chillies and ginger.",
  topView: "chicken-karahi.jpg",
};
const DAAL_MASH = {
  name: "Daal Mash",
  nameUr: "دال ماش",
  price: "650",
  itemTaste: "Savory",
  itemType: "Veg",
  topView: "daal-mash.jpg",
};
const SWEET_LASSI = {
  name: "Sweet Lassi",
  nameUr: "میٹھی لسی",
  price: "250",
  itemTaste: "Sweet",
  itemType: "Veg",
  foodAllergies: "Dairy",
  topView: "lassi.jpg",
};

/**
 * The template's three example dishes for each list of item categories
 * (app/data/item-categories.json), each under the category and subcategory it really
 * is: an owner copies the examples, so a lassi filed under Rice teaches a wrong menu
 * filed wrong. One example is sold in sizes, one has allergens, two share a section.
 */
export const TEMPLATE_EXAMPLES: Record<string, readonly [Example, Example, Example]> = {
  Desi: [
    { ...CHICKEN_KARAHI, section: "Curries", sectionUr: "سالن", itemCat: "Curries", itemSubCat: "Karahi" },
    { ...DAAL_MASH, section: "Curries", itemCat: "Curries", itemSubCat: "Daal" },
    { ...SWEET_LASSI, section: "Drinks", sectionUr: "مشروبات", itemCat: "Drinks", itemSubCat: "Lassi" },
  ],
  "Fast Food": [
    {
      section: "Burgers",
      sectionUr: "برگر",
      name: "Zinger Burger",
      nameUr: "زنگر برگر",
      price: "650",
      itemTaste: "Spicy",
      itemCat: "Burgers",
      itemSubCat: "Zinger",
      itemType: "Non-Veg",
      foodAllergies: "Gluten, egg",
      topView: "zinger-burger.jpg",
    },
    {
      section: "Burgers",
      name: "Veggie Burger",
      nameUr: "ویجی برگر",
      price: "450",
      itemTaste: "Savory",
      itemCat: "Burgers",
      itemSubCat: "Veggie",
      itemType: "Veg",
      topView: "veggie-burger.jpg",
    },
    {
      section: "Fries",
      sectionUr: "فرائز",
      name: "Fries",
      nameUr: "فرائز",
      sizes: "Regular: 250; Large: 400",
      itemTaste: "Savory",
      itemCat: "Sides",
      itemSubCat: "Fries",
      itemType: "Vegan",
      topView: "fries.jpg",
    },
  ],
  Chinese: [
    {
      section: "Soups",
      sectionUr: "سوپ",
      name: "Chicken Corn Soup",
      nameUr: "چکن کارن سوپ",
      sizes: "Single: 350; Family: 1200",
      itemTaste: "Savory",
      itemCat: "Soups",
      itemSubCat: "Chicken Corn",
      itemType: "Non-Veg",
      foodAllergies: "Egg",
      topView: "chicken-corn-soup.jpg",
    },
    {
      section: "Soups",
      name: "Hot and Sour Soup",
      nameUr: "ہاٹ اینڈ ساور سوپ",
      price: "400",
      itemTaste: "Spicy",
      itemCat: "Soups",
      itemSubCat: "Hot and Sour",
      itemType: "Non-Veg",
      topView: "hot-and-sour.jpg",
    },
    {
      section: "Noodles",
      sectionUr: "نوڈلز",
      name: "Vegetable Chow Mein",
      nameUr: "سبزی چاؤمین",
      price: "750",
      itemTaste: "Savory",
      itemCat: "Rice and Noodles",
      itemSubCat: "Chow Mein",
      itemType: "Veg",
      foodAllergies: "Gluten, soy",
      topView: "chow-mein.jpg",
    },
  ],
  Cafe: [
    {
      section: "Coffee",
      sectionUr: "کافی",
      name: "Cappuccino",
      nameUr: "کیپچینو",
      sizes: "Regular: 450; Large: 600",
      itemTaste: "Savory",
      itemCat: "Coffee",
      itemSubCat: "Cappuccino",
      itemType: "Veg",
      foodAllergies: "Dairy",
      topView: "cappuccino.jpg",
    },
    {
      section: "Coffee",
      name: "Iced Latte",
      nameUr: "آئسڈ لاٹے",
      price: "550",
      itemTaste: "Sweet",
      itemCat: "Coffee",
      itemSubCat: "Iced Coffee",
      itemType: "Veg",
      foodAllergies: "Dairy",
      topView: "iced-latte.jpg",
    },
    {
      section: "Bakery",
      sectionUr: "بیکری",
      name: "Chocolate Cake",
      nameUr: "چاکلیٹ کیک",
      price: "400",
      itemTaste: "Sweet",
      itemCat: "Bakery",
      itemSubCat: "Cakes",
      itemType: "Veg",
      foodAllergies: "Gluten, egg, dairy",
      topView: "chocolate-cake.jpg",
    },
  ],
  BBQ: [
    {
      section: "Grills",
      sectionUr: "گرل",
      name: "Chicken Tikka",
      nameUr: "چکن تکہ",
      sizes: "Quarter: 450; Half: 850",
      itemTaste: "Spicy",
      itemCat: "Grills",
      itemSubCat: "Tikka",
      itemType: "Non-Veg",
      topView: "chicken-tikka.jpg",
    },
    {
      section: "Grills",
      name: "Beef Seekh Kabab",
      nameUr: "بیف سیخ کباب",
      nameExtra: "4 pieces",
      price: "900",
      itemTaste: "Spicy",
      itemCat: "Grills",
      itemSubCat: "Seekh Kabab",
      itemType: "Non-Veg",
      topView: "seekh-kabab.jpg",
    },
    {
      section: "Breads",
      sectionUr: "روٹیاں",
      name: "Roghni Naan",
      nameUr: "روغنی نان",
      price: "80",
      itemTaste: "Savory",
      itemCat: "Breads",
      itemSubCat: "Roghni Naan",
      itemType: "Veg",
      foodAllergies: "Gluten, dairy",
      topView: "roghni-naan.jpg",
    },
  ],
  other: [
    { ...CHICKEN_KARAHI, section: "Mains", sectionUr: "مین کورس", itemCat: "Mains", itemSubCat: "Chicken" },
    { ...DAAL_MASH, section: "Mains", itemCat: "Mains", itemSubCat: "Vegetarian" },
    { ...SWEET_LASSI, section: "Drinks", sectionUr: "مشروبات", itemCat: "Drinks", itemSubCat: "Cold" },
  ],
};
