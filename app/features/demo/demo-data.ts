import type { ITEM_TYPES, TASTES } from "~/lib/reference-data.ts";
import type { ServedWindow } from "~/lib/served-times.ts";

const EVERY_DAY = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as ServedWindow["days"];

// The demo world's content: made-up restaurants in Islamabad and Rawalpindi with
// Pakistani menus and prices in rupees. Names are invented so no real business is
// shown with made-up reviews. Types, categories and places are the reference data's.

/** Every demo account's email ends here; nothing else may use it, so demo data is recognisable. */
export const DEMO_EMAIL_DOMAIN = "demo.foodverse.pk";

/** One password for every demo account, printed with the logins. */
export const DEMO_PASSWORD = "foodverse-demo";

type Taste = (typeof TASTES)[number];
type ItemType = (typeof ITEM_TYPES)[number];

export interface DemoDish {
  name: string;
  price: number;
  taste: Taste;
  type: ItemType;
  category: string;
  subcategory: string;
  description: string;
  nameExtra?: string;
  allergies?: string;
  /** Sold by size (ADR 0022): each size's name and price; `price` is then the lowest. */
  sizes?: [string, number][];
}

export interface DemoSection {
  name: string;
  topNote?: string;
  bottomNote?: string;
  /** Served only in these windows (ADR 0043); always when left out. */
  servedTimes?: ServedWindow[];
  dishes: DemoDish[];
}

export interface DemoBranch {
  name: string;
  city: "Islamabad" | "Rawalpindi";
  area: string;
  address: string;
  contact: string;
}

export interface DemoRestaurant {
  name: string;
  type: string;
  otherTypes: string[];
  hasDelivery: "yes" | "no";
  about: string;
  username: string;
  address: string;
  contact: string;
  contacttwo: string;
  /** Hue (0–360) of the generated logo, cover and dish pictures. */
  hue: number;
  /** The star rating its reviews lean towards. */
  quality: number;
  branches: DemoBranch[];
  menu: DemoSection[];
  /** Every day's opening and closing time; by default the kind of restaurant's. */
  hours?: { opens: string; closes: string };
  /** Deals of the general menu (ADR 0044): parts name dishes of this menu, or are words. */
  deals?: DemoDeal[];
  /** Ramadan and Eid hours of every branch (ADR 0045). */
  schedules?: Record<string, string>[];
}

export interface DemoDeal {
  name: string;
  nameUr: string;
  price: number;
  serves: number;
  parts: [dish: string, quantity: number][];
  words?: string;
  servedTimes?: ServedWindow[];
  validFrom?: string;
  validUntil?: string;
  iftar?: boolean;
}

export interface DemoCustomer {
  firstName: string;
  lastName: string;
  gender: "Male" | "Female" | "Other" | "Prefer Not To Tell";
  about: string;
}

const dish = (
  name: string,
  price: number,
  taste: Taste,
  type: ItemType,
  [category, subcategory]: [string, string],
  description: string,
  more: { nameExtra?: string; allergies?: string; sizes?: [string, number][] } = {},
): DemoDish => ({ name, price, taste, type, category, subcategory, description, ...more });

export const DEMO_RESTAURANTS: DemoRestaurant[] = [
  {
    name: "Margalla Karahi House",
    type: "Desi",
    otherTypes: ["Karahi", "Family Restaurant"],
    hasDelivery: "yes",
    about:
      "Karahi cooked to order over a high flame since 1998, with naan from our own tandoor. Family hall upstairs, parking in front.",
    username: "margallakarahi",
    address: "Shop 12, F-7 Markaz, Islamabad",
    contact: "0300 5012345",
    contacttwo: "051 2650123",
    hue: 14,
    quality: 4.5,
    branches: [
      {
        name: "F-7 Markaz",
        city: "Islamabad",
        area: "F-7",
        address: "Shop 12, Jinnah Super, F-7 Markaz",
        contact: "051 2650123",
      },
      {
        name: "Blue Area",
        city: "Islamabad",
        area: "Blue Area",
        address: "Ground floor, Saeed Plaza, Jinnah Avenue",
        contact: "051 2270456",
      },
      {
        name: "Saddar",
        city: "Rawalpindi",
        area: "Saddar",
        address: "Bank Road, near Cantt Plaza",
        contact: "051 5564789",
      },
    ],
    menu: [
      {
        name: "Karahi",
        topNote: "Cooked to order in the wok: please allow 20 minutes.",
        bottomNote: "A half kg karahi serves two.",
        dishes: [
          dish(
            "Chicken Karahi",
            1650,
            "Spicy",
            "Non-Veg",
            ["Curries", "Karahi"],
            "Tomatoes, green chillies and ginger, finished with fresh coriander.",
            {
              sizes: [
                ["Half kg", 1650],
                ["Full kg", 3100],
              ],
            },
          ),
          dish(
            "Mutton Karahi",
            2900,
            "Spicy",
            "Non-Veg",
            ["Curries", "Karahi"],
            "Tender goat meat cooked down with tomatoes and crushed black pepper.",
            {
              sizes: [
                ["Half kg", 2900],
                ["Full kg", 5600],
              ],
            },
          ),
          dish(
            "Chicken White Karahi",
            1850,
            "Savory",
            "Non-Veg",
            ["Curries", "Karahi"],
            "Cream, yoghurt and white pepper: mild and rich.",
            {
              sizes: [
                ["Half kg", 1850],
                ["Full kg", 3500],
              ],
              allergies: "Dairy",
            },
          ),
        ],
      },
      {
        name: "From the Tandoor",
        dishes: [
          dish(
            "Roghni Naan",
            120,
            "Savory",
            "Veg",
            ["Breads", "Naan"],
            "Soft naan brushed with butter and sesame seeds.",
            { allergies: "Gluten, Dairy, Sesame" },
          ),
          dish(
            "Garlic Naan",
            150,
            "Savory",
            "Veg",
            ["Breads", "Naan"],
            "Chopped garlic and coriander baked into the dough.",
            { allergies: "Gluten, Dairy" },
          ),
          dish(
            "Tandoori Roti",
            40,
            "Savory",
            "Vegan",
            ["Breads", "Roti"],
            "Whole-wheat roti straight from the clay oven.",
            { allergies: "Gluten" },
          ),
        ],
      },
      {
        name: "Sweet and Cold",
        dishes: [
          dish(
            "Kheer",
            350,
            "Sweet",
            "Veg",
            ["Desserts", "Kheer"],
            "Slow-cooked rice pudding with cardamom and pistachio.",
            { allergies: "Dairy, Nuts" },
          ),
          dish(
            "Sweet Lassi",
            280,
            "Sweet",
            "Veg",
            ["Drinks", "Lassi"],
            "Churned yoghurt with sugar and a splash of rose water.",
            { allergies: "Dairy" },
          ),
          dish(
            "Doodh Patti Chai",
            150,
            "Sweet",
            "Veg",
            ["Drinks", "Chai"],
            "Tea leaves boiled in milk until deep brown.",
            { allergies: "Dairy" },
          ),
        ],
      },
    ],
  },
  {
    name: "Potohar Tikka Corner",
    type: "BBQ",
    otherTypes: ["Desi"],
    hasDelivery: "yes",
    about:
      "Charcoal BBQ from the Potohar plateau: tikka, seekh and chops grilled in front of you every evening from 6 pm.",
    username: "potohartikka",
    address: "Plot 4, 6th Road, Satellite Town, Rawalpindi",
    contact: "0321 5123456",
    contacttwo: "051 4420987",
    hue: 24,
    quality: 4.2,
    branches: [
      {
        name: "Satellite Town",
        city: "Rawalpindi",
        area: "Satellite Town",
        address: "Plot 4, near 6th Road chowk",
        contact: "051 4420987",
      },
      {
        name: "Commercial Market",
        city: "Rawalpindi",
        area: "Commercial Market",
        address: "Shop 31, Block E, Commercial Market",
        contact: "051 4851230",
      },
    ],
    menu: [
      {
        name: "Off the Coals",
        topNote: "Everything is grilled over charcoal to order.",
        dishes: [
          dish(
            "Chicken Tikka",
            520,
            "Spicy",
            "Non-Veg",
            ["Grills", "Tikka"],
            "Marinated overnight in yoghurt and red chilli, charred on the coals.",
            { nameExtra: "Leg piece", allergies: "Dairy" },
          ),
          dish(
            "Beef Seekh Kabab",
            780,
            "Spicy",
            "Non-Veg",
            ["Grills", "Seekh Kabab"],
            "Hand-minced beef with green chilli and onion on the skewer.",
            { nameExtra: "4 pieces" },
          ),
          dish(
            "Mutton Chops",
            1900,
            "Spicy",
            "Non-Veg",
            ["Grills", "Chops"],
            "Lamb chops in a raw papaya marinade, smoky and tender.",
            { nameExtra: "4 pieces" },
          ),
        ],
      },
      {
        name: "Platters",
        bottomNote: "Platters come with naan, raita and salad.",
        dishes: [
          dish(
            "Family Platter",
            4200,
            "Spicy",
            "Non-Veg",
            ["Platters", "Family Platter"],
            "Tikka, seekh kabab, malai boti and chops for four.",
            { allergies: "Dairy, Gluten" },
          ),
          dish(
            "Mixed Grill",
            2400,
            "Savory",
            "Non-Veg",
            ["Platters", "Mixed Grill"],
            "A little of everything from the grill, for two.",
            { allergies: "Dairy, Gluten" },
          ),
          dish(
            "Grilled Rahu Fish",
            1600,
            "Spicy",
            "Non-Veg",
            ["Grills", "Fish"],
            "River fish in ajwain masala, grilled whole.",
            { allergies: "Fish" },
          ),
        ],
      },
      {
        name: "Breads and Drinks",
        dishes: [
          dish(
            "Roghni Naan",
            120,
            "Savory",
            "Veg",
            ["Breads", "Roghni Naan"],
            "Butter and sesame naan, baked as you order.",
            { allergies: "Gluten, Dairy, Sesame" },
          ),
          dish(
            "Aloo Paratha",
            220,
            "Savory",
            "Veg",
            ["Breads", "Paratha"],
            "Flaky paratha stuffed with spiced potato.",
            { allergies: "Gluten, Dairy" },
          ),
          dish(
            "Salted Lassi",
            250,
            "Savory",
            "Veg",
            ["Drinks", "Lassi"],
            "Cold yoghurt drink with roasted cumin.",
            { allergies: "Dairy" },
          ),
        ],
      },
    ],
  },
  {
    name: "Red Lantern Chinese",
    type: "Chinese",
    otherTypes: ["Family Restaurant"],
    hasDelivery: "yes",
    about:
      "Pakistani-Chinese favourites from a family kitchen: hot and sour soup, chilli dry and chowmein, generous portions for sharing.",
    username: "redlantern",
    address: "Main Double Road, F-10 Markaz, Islamabad",
    contact: "0333 5234567",
    contacttwo: "051 2101234",
    hue: 352,
    quality: 4.0,
    branches: [
      {
        name: "F-10 Markaz",
        city: "Islamabad",
        area: "F-10",
        address: "Main Double Road, F-10 Markaz",
        contact: "051 2101234",
      },
      {
        name: "G-9 Markaz",
        city: "Islamabad",
        area: "G-9",
        address: "Karachi Company, G-9 Markaz",
        contact: "051 2855432",
      },
    ],
    menu: [
      {
        name: "Soups and Starters",
        dishes: [
          dish(
            "Hot and Sour Soup",
            650,
            "Spicy",
            "Non-Veg",
            ["Soups", "Hot and Sour"],
            "Chicken, egg ribbons, vinegar and chilli; serves two.",
            { allergies: "Egg, Soy" },
          ),
          dish(
            "Chicken Corn Soup",
            600,
            "Savory",
            "Non-Veg",
            ["Soups", "Chicken Corn"],
            "Creamy sweetcorn with shredded chicken; serves two.",
            { allergies: "Egg" },
          ),
          dish(
            "Vegetable Spring Rolls",
            550,
            "Savory",
            "Vegan",
            ["Starters", "Spring Rolls"],
            "Crisp rolls of cabbage, carrot and glass noodles.",
            { nameExtra: "4 pieces", allergies: "Gluten, Soy" },
          ),
        ],
      },
      {
        name: "Mains",
        bottomNote: "Mains are cooked medium hot; ask for extra chilli.",
        dishes: [
          dish(
            "Kung Pao Chicken",
            1450,
            "Spicy",
            "Non-Veg",
            ["Mains", "Chicken"],
            "Wok-tossed chicken with dried red chillies and peanuts.",
            { allergies: "Peanuts, Soy" },
          ),
          dish(
            "Beef Chilli Dry",
            1650,
            "Spicy",
            "Non-Veg",
            ["Mains", "Beef"],
            "Strips of beef with capsicum, onion and green chillies.",
            { allergies: "Soy" },
          ),
          dish(
            "Szechuan Prawns",
            2400,
            "Spicy",
            "Non-Veg",
            ["Mains", "Prawns"],
            "King prawns in a fiery Szechuan pepper sauce.",
            { allergies: "Shellfish, Soy" },
          ),
        ],
      },
      {
        name: "Rice and Noodles",
        dishes: [
          dish(
            "Vegetable Fried Rice",
            750,
            "Savory",
            "Vegan",
            ["Rice and Noodles", "Fried Rice"],
            "Wok-fried rice with spring onion, carrot and peas.",
            { allergies: "Soy" },
          ),
          dish(
            "Chicken Chow Mein",
            950,
            "Savory",
            "Non-Veg",
            ["Rice and Noodles", "Chow Mein"],
            "Soft noodles with chicken, cabbage and soy.",
            { allergies: "Gluten, Soy" },
          ),
          dish(
            "American Chopsuey",
            1100,
            "Sweet",
            "Non-Veg",
            ["Rice and Noodles", "Chopsuey"],
            "Crispy noodles under a sweet and sour chicken sauce, with a fried egg.",
            { allergies: "Gluten, Egg, Soy" },
          ),
        ],
      },
    ],
  },
  {
    name: "Kohsar Chai Khana",
    type: "Cafe",
    otherTypes: ["Tea House", "Bakery"],
    hasDelivery: "no",
    about:
      "A small tea house by the Margalla hills: Kashmiri chai, karak and fresh bakes, with a terrace for slow afternoons.",
    username: "kohsarchai",
    address: "Kohsar Market, F-6/3, Islamabad",
    contact: "0312 5345678",
    contacttwo: "051 2826789",
    hue: 200,
    quality: 4.6,
    branches: [
      {
        name: "Kohsar Market",
        city: "Islamabad",
        area: "F-6",
        address: "Kohsar Market, F-6/3",
        contact: "051 2826789",
      },
      {
        name: "DHA Phase 2",
        city: "Rawalpindi",
        area: "DHA Phase 2",
        address: "Sector A, Main Boulevard, DHA Phase 2",
        contact: "051 5419876",
      },
    ],
    // A tea house open from breakfast to past midnight: each of its menus in turn (issue 32).
    hours: { opens: "07:00", closes: "03:00" },
    deals: [
      {
        name: "Breakfast for Two",
        nameUr: "دو افراد کا ناشتہ",
        price: 1100,
        serves: 2,
        parts: [
          ["Anda Paratha", 2],
          ["Karak Chai", 2],
        ],
        servedTimes: [{ days: EVERY_DAY, from: "07:00", to: "12:00" }],
      },
      {
        name: "Midnight Chai Deal",
        nameUr: "آدھی رات کی چائے ڈیل",
        price: 1100,
        serves: 2,
        parts: [
          ["Kashmiri Chai", 2],
          ["Chocolate Fudge Cake", 1],
        ],
        servedTimes: [{ days: ["thu", "fri", "sat"], from: "23:00", to: "03:00" }],
      },
      {
        name: "Iftar Deal",
        nameUr: "افطار ڈیل",
        price: 950,
        serves: 2,
        parts: [
          ["Karak Chai", 2],
          ["Butter Croissant", 1],
        ],
        words: "Dates and fruit chaat",
        validFrom: "2027-02-08",
        validUntil: "2027-03-09",
        iftar: true,
      },
    ],
    // Ramadan 1448 as expected (the moon decides): from iftar to late, and a sehri service; Eid afternoons.
    schedules: [
      {
        kind: "ramadan",
        validFrom: "2027-02-08",
        validUntil: "2027-03-09",
        r0FromAt: "iftar",
        r0To: "23:30",
        r1From: "02:00",
        r1ToAt: "sehri",
      },
      { kind: "eid", validFrom: "2027-03-10", validUntil: "2027-03-12", r0From: "16:00", r0To: "23:30" },
    ],
    menu: [
      {
        name: "Chai and Coffee",
        dishes: [
          dish(
            "Kashmiri Chai",
            350,
            "Sweet",
            "Veg",
            ["Tea", "Chai"],
            "Pink tea with crushed pistachio and almond flakes.",
            { allergies: "Dairy, Nuts" },
          ),
          dish(
            "Karak Chai",
            220,
            "Sweet",
            "Veg",
            ["Tea", "Chai"],
            "Strong, milky and spiced with cardamom.",
            { allergies: "Dairy" },
          ),
          dish(
            "Cappuccino",
            550,
            "Savory",
            "Veg",
            ["Coffee", "Cappuccino"],
            "Double espresso under thick steamed milk foam.",
            { allergies: "Dairy" },
          ),
        ],
      },
      {
        name: "Breakfast",
        topNote: "Served until 12 noon.",
        servedTimes: [{ days: EVERY_DAY, from: "07:00", to: "12:00" }],
        dishes: [
          dish(
            "Anda Paratha",
            450,
            "Savory",
            "Non-Veg",
            ["Breakfast", "Eggs"],
            "Two fried eggs with a flaky paratha and chai-stall chutney.",
            { allergies: "Egg, Gluten, Dairy" },
          ),
          dish(
            "Club Sandwich",
            850,
            "Savory",
            "Non-Veg",
            ["Breakfast", "Sandwiches"],
            "Chicken, egg and cheese on toasted bread, with fries.",
            { allergies: "Gluten, Egg, Dairy" },
          ),
          dish(
            "Honey Pancakes",
            700,
            "Sweet",
            "Veg",
            ["Breakfast", "Pancakes"],
            "A stack of three with butter and Sidr honey.",
            { allergies: "Gluten, Dairy, Egg" },
          ),
        ],
      },
      {
        name: "Midnight Menu",
        topNote: "Late bakes with chai, on weekend nights.",
        servedTimes: [{ days: ["thu", "fri", "sat"], from: "23:00", to: "03:00" }],
        dishes: [
          dish(
            "Chocolate Fudge Cake",
            550,
            "Sweet",
            "Veg",
            ["Bakery", "Cakes"],
            "A thick slice of dark chocolate cake with fudge icing.",
            { nameExtra: "Slice", allergies: "Gluten, Dairy, Egg" },
          ),
          dish(
            "Butter Croissant",
            400,
            "Savory",
            "Veg",
            ["Bakery", "Croissants"],
            "Baked every morning with local butter.",
            { allergies: "Gluten, Dairy" },
          ),
          dish(
            "Zeera Biscuits",
            300,
            "Savory",
            "Veg",
            ["Bakery", "Cookies"],
            "Crumbly cumin biscuits, made for dipping in chai.",
            { nameExtra: "6 pieces", allergies: "Gluten, Dairy" },
          ),
        ],
      },
    ],
  },
  {
    name: "Burger Barn",
    type: "Fast Food",
    otherTypes: [],
    hasDelivery: "yes",
    about: "Smash burgers, crispy zingers and thick shakes. Late-night delivery across Pindi and Islamabad.",
    username: "burgerbarn",
    address: "Civic Centre, Bahria Town Phase 7, Rawalpindi",
    contact: "0345 5456789",
    contacttwo: "051 5730111",
    hue: 40,
    quality: 3.9,
    branches: [
      {
        name: "Bahria Civic Centre",
        city: "Rawalpindi",
        area: "Bahria Town Phase 7",
        address: "Shop 5, Civic Centre, Phase 7",
        contact: "051 5730111",
      },
      {
        name: "G-11 Markaz",
        city: "Islamabad",
        area: "G-11",
        address: "Plot 9, G-11 Markaz",
        contact: "051 2224455",
      },
    ],
    menu: [
      {
        name: "Burgers",
        bottomNote: "Make it a meal with fries and a drink for Rs. 350 more.",
        dishes: [
          dish(
            "Zinger Burger",
            690,
            "Spicy",
            "Non-Veg",
            ["Burgers", "Zinger"],
            "Crunchy fried chicken fillet, lettuce and spicy mayo.",
            { allergies: "Gluten, Egg" },
          ),
          dish(
            "Double Beef Smash",
            1150,
            "Savory",
            "Non-Veg",
            ["Burgers", "Beef"],
            "Two smashed beef patties, cheddar, pickles and house sauce.",
            { allergies: "Gluten, Dairy, Egg" },
          ),
          dish(
            "Crispy Veggie Burger",
            550,
            "Savory",
            "Veg",
            ["Burgers", "Veggie"],
            "Potato and pea patty with mint chutney mayo.",
            { allergies: "Gluten, Egg" },
          ),
        ],
      },
      {
        name: "Sides",
        dishes: [
          dish(
            "Masala Fries",
            350,
            "Spicy",
            "Vegan",
            ["Sides", "Fries"],
            "Skin-on fries tossed in chaat masala.",
          ),
          dish("Hot Wings", 750, "Spicy", "Non-Veg", ["Sides", "Wings"], "Six wings in a sticky hot sauce.", {
            nameExtra: "6 pieces",
          }),
          dish(
            "Chicken Nuggets",
            600,
            "Savory",
            "Non-Veg",
            ["Sides", "Nuggets"],
            "Golden nuggets with garlic dip.",
            { nameExtra: "8 pieces", allergies: "Gluten" },
          ),
        ],
      },
      {
        name: "Shakes and Drinks",
        dishes: [
          dish(
            "Oreo Shake",
            650,
            "Sweet",
            "Veg",
            ["Drinks", "Shakes"],
            "Vanilla ice cream blended with crushed cookies.",
            { allergies: "Dairy, Gluten" },
          ),
          dish(
            "Mango Shake",
            550,
            "Sweet",
            "Veg",
            ["Drinks", "Shakes"],
            "Sindhri mangoes and cold milk, in season.",
            { allergies: "Dairy" },
          ),
          dish(
            "Mint Margarita",
            400,
            "Sweet",
            "Vegan",
            ["Drinks", "Soft Drinks"],
            "Fresh mint, lemon and crushed ice.",
          ),
        ],
      },
    ],
  },
  {
    name: "Raja Bazaar Nihari",
    type: "Desi",
    otherTypes: ["Dhaba"],
    hasDelivery: "no",
    about:
      "Three generations of nihari in the old city. The pot goes on at midnight and is served from 7 am until it runs out.",
    username: "rajabazaarnihari",
    address: "Near Fawara Chowk, Raja Bazaar, Rawalpindi",
    contact: "0301 5567890",
    contacttwo: "",
    hue: 8,
    quality: 4.7,
    branches: [
      {
        name: "Raja Bazaar",
        city: "Rawalpindi",
        area: "Raja Bazaar",
        address: "Near Fawara Chowk, Raja Bazaar",
        contact: "0301 5567890",
      },
    ],
    menu: [
      {
        name: "Nihari and Haleem",
        topNote: "Served from 7 am until the pot is empty.",
        dishes: [
          dish(
            "Beef Nihari",
            750,
            "Spicy",
            "Non-Veg",
            ["Curries", "Nihari"],
            "Beef shank slow-cooked overnight; ginger, lemon and green chilli on the side.",
          ),
          dish(
            "Nalli Nihari",
            1100,
            "Spicy",
            "Non-Veg",
            ["Curries", "Nihari"],
            "Our nihari with a marrow bone and extra tari.",
          ),
          dish(
            "Chicken Haleem",
            550,
            "Spicy",
            "Non-Veg",
            ["Curries", "Haleem"],
            "Wheat, lentils and chicken pounded smooth, topped with fried onions.",
            { allergies: "Gluten" },
          ),
        ],
      },
      {
        name: "Rice",
        dishes: [
          dish(
            "Chicken Biryani",
            450,
            "Spicy",
            "Non-Veg",
            ["Rice", "Biryani"],
            "Layered rice with chicken, potato and plum.",
          ),
          dish(
            "Beef Pulao",
            520,
            "Savory",
            "Non-Veg",
            ["Rice", "Pulao"],
            "Rice cooked in beef yakhni with whole spices.",
          ),
          dish(
            "Zeera Rice",
            250,
            "Savory",
            "Vegan",
            ["Rice", "Plain Rice"],
            "Basmati rice with toasted cumin.",
          ),
        ],
      },
      {
        name: "Breads and Sweets",
        dishes: [
          dish(
            "Khamiri Roti",
            40,
            "Savory",
            "Vegan",
            ["Breads", "Roti"],
            "Leavened roti from the tandoor, made for nihari.",
            { allergies: "Gluten" },
          ),
          dish(
            "Gulab Jamun",
            200,
            "Sweet",
            "Veg",
            ["Desserts", "Gulab Jamun"],
            "Two warm jamuns in cardamom syrup.",
            { nameExtra: "2 pieces", allergies: "Dairy, Gluten" },
          ),
          dish(
            "Suji Halwa",
            250,
            "Sweet",
            "Veg",
            ["Desserts", "Halwa"],
            "Semolina roasted in ghee with almonds.",
            { allergies: "Dairy, Gluten, Nuts" },
          ),
        ],
      },
    ],
  },
  {
    name: "Shinwari Dera",
    type: "BBQ",
    otherTypes: ["Karahi"],
    hasDelivery: "no",
    about:
      "Peshawari namkeen tikka and dumba grills: salt, fat and fire, nothing else. Floor seating and family cabins.",
    username: "shinwaridera",
    address: "I-8 Markaz, Islamabad",
    contact: "0315 5678901",
    contacttwo: "051 4861122",
    hue: 30,
    quality: 4.3,
    branches: [
      {
        name: "I-8 Markaz",
        city: "Islamabad",
        area: "I-8",
        address: "Plot 21, I-8 Markaz",
        contact: "051 4861122",
      },
      {
        name: "Peshawar Road",
        city: "Rawalpindi",
        area: "Peshawar Road",
        address: "Near Golra Morr, Peshawar Road",
        contact: "051 5491133",
      },
    ],
    menu: [
      {
        name: "Namkeen Grills",
        topNote: "Peshawari style: salt, pepper and tail fat.",
        dishes: [
          dish(
            "Namkeen Tikka",
            2200,
            "Savory",
            "Non-Veg",
            ["Grills", "Tikka"],
            "Lamb on the bone grilled with salt and dumba fat.",
            {
              sizes: [
                ["Half kg", 2200],
                ["Full kg", 4200],
              ],
            },
          ),
          dish(
            "Lamb Chops",
            2100,
            "Savory",
            "Non-Veg",
            ["Grills", "Chops"],
            "Thick chops, salted and grilled pink.",
            { nameExtra: "4 pieces" },
          ),
          dish(
            "Lamb Seekh Kabab",
            900,
            "Spicy",
            "Non-Veg",
            ["Grills", "Seekh Kabab"],
            "Minced lamb with green chilli and coriander.",
            { nameExtra: "4 pieces" },
          ),
        ],
      },
      {
        name: "Dumba Platters",
        bottomNote: "Platters come with Afghani naan and salad.",
        dishes: [
          dish(
            "Dumba Mixed Grill",
            3800,
            "Savory",
            "Non-Veg",
            ["Platters", "Mixed Grill"],
            "Namkeen tikka, chops and seekh for two to three.",
            { allergies: "Gluten" },
          ),
          dish(
            "Shinwari Family Platter",
            6500,
            "Savory",
            "Non-Veg",
            ["Platters", "Family Platter"],
            "1 kg namkeen tikka, 6 seekh and 6 chops: serves five.",
            { allergies: "Gluten" },
          ),
          dish(
            "Chicken Sajji",
            1300,
            "Savory",
            "Non-Veg",
            ["Platters", "Family Platter"],
            "Chicken roasted by the fire, with rice inside.",
            {
              sizes: [
                ["Half", 1300],
                ["Full", 2300],
              ],
            },
          ),
        ],
      },
      {
        name: "Breads and Drinks",
        dishes: [
          dish(
            "Afghani Naan",
            100,
            "Savory",
            "Vegan",
            ["Breads", "Naan"],
            "Long, thin naan with nigella seeds.",
            { allergies: "Gluten" },
          ),
          dish(
            "Roghni Naan",
            130,
            "Savory",
            "Veg",
            ["Breads", "Roghni Naan"],
            "Soft naan with butter and sesame.",
            { allergies: "Gluten, Dairy, Sesame" },
          ),
          dish(
            "Doodh Soda",
            200,
            "Sweet",
            "Veg",
            ["Drinks", "Soft Drinks"],
            "Cold milk and lemon-lime soda, the street classic.",
            { allergies: "Dairy" },
          ),
        ],
      },
    ],
  },
  {
    name: "Pindi Chaska Point",
    type: "Fast Food",
    otherTypes: ["Food Truck"],
    hasDelivery: "yes",
    about:
      "Shawarma, paratha rolls and pizza slices from the truck that started on 6th Road. Open till 2 am.",
    username: "pindichaska",
    address: "6th Road, Rawalpindi",
    contact: "0322 5789012",
    contacttwo: "",
    hue: 90,
    quality: 3.8,
    branches: [
      {
        name: "6th Road",
        city: "Rawalpindi",
        area: "6th Road",
        address: "Opposite the metro station, 6th Road",
        contact: "0322 5789012",
      },
      {
        name: "Committee Chowk",
        city: "Rawalpindi",
        area: "Committee Chowk",
        address: "Murree Road, near Committee Chowk",
        contact: "0322 5789013",
      },
    ],
    menu: [
      {
        name: "Rolls and Shawarma",
        dishes: [
          dish(
            "Chicken Shawarma",
            350,
            "Spicy",
            "Non-Veg",
            ["Wraps", "Shawarma"],
            "Grilled chicken, garlic sauce and pickles in pita.",
            { allergies: "Gluten, Sesame" },
          ),
          dish(
            "Chicken Paratha Roll",
            420,
            "Spicy",
            "Non-Veg",
            ["Wraps", "Paratha Roll"],
            "Tikka boti rolled in a crisp paratha with chutney.",
            { allergies: "Gluten, Dairy" },
          ),
          dish(
            "Falafel Wrap",
            380,
            "Savory",
            "Vegan",
            ["Wraps", "Tortilla"],
            "Chickpea falafel, tahini and salad.",
            { allergies: "Gluten, Sesame" },
          ),
        ],
      },
      {
        name: "Pizza",
        topNote: "Thin crust, baked in a stone oven.",
        dishes: [
          dish(
            "Chicken Tikka Pizza",
            750,
            "Spicy",
            "Non-Veg",
            ["Pizza", "Small"],
            "Tikka chicken, onion and green chilli.",
            { nameExtra: "Small", allergies: "Gluten, Dairy" },
          ),
          dish(
            "Fajita Pizza",
            1350,
            "Spicy",
            "Non-Veg",
            ["Pizza", "Medium"],
            "Fajita chicken, capsicum and olives.",
            { nameExtra: "Medium", allergies: "Gluten, Dairy" },
          ),
          dish(
            "Cheese Lover Pizza",
            1950,
            "Savory",
            "Veg",
            ["Pizza", "Large"],
            "Mozzarella, cheddar and parmesan.",
            { nameExtra: "Large", allergies: "Gluten, Dairy" },
          ),
        ],
      },
      {
        name: "Sides and Drinks",
        dishes: [
          dish(
            "Loaded Fries",
            550,
            "Spicy",
            "Non-Veg",
            ["Sides", "Fries"],
            "Fries under cheese sauce, chicken and jalapeños.",
            { allergies: "Dairy" },
          ),
          dish(
            "Garden Salad",
            400,
            "Savory",
            "Vegan",
            ["Sides", "Salads"],
            "Cucumber, tomato, onion and lemon.",
          ),
          dish("Mineral Water", 80, "Savory", "Vegan", ["Drinks", "Water"], "Half-litre bottle."),
        ],
      },
    ],
  },
  {
    name: "Trattoria Saidpur",
    type: "Italian",
    otherTypes: ["Continental", "Fine Dining"],
    hasDelivery: "no",
    about:
      "Fresh pasta and wood-fired mains in an old stone house in Saidpur Village, at the foot of the Margallas.",
    username: "trattoriasaidpur",
    address: "Saidpur Village, Islamabad",
    contact: "0311 5890123",
    contacttwo: "051 2344321",
    hue: 120,
    quality: 4.4,
    branches: [
      {
        name: "Saidpur Village",
        city: "Islamabad",
        area: "Saidpur",
        address: "Lane 2, Saidpur Village",
        contact: "051 2344321",
      },
    ],
    menu: [
      {
        name: "Antipasti",
        dishes: [
          dish(
            "Minestrone",
            750,
            "Savory",
            "Vegan",
            ["Starters", "Soups"],
            "Vegetable and bean soup with small pasta.",
            { allergies: "Gluten" },
          ),
          dish(
            "Caesar Salad",
            1100,
            "Savory",
            "Non-Veg",
            ["Starters", "Salads"],
            "Romaine, grilled chicken, parmesan and croutons.",
            { allergies: "Egg, Dairy, Fish, Gluten" },
          ),
          dish(
            "Garlic Bread with Cheese",
            650,
            "Savory",
            "Veg",
            ["Sides", "Breads"],
            "Wood-fired focaccia, garlic butter and mozzarella.",
            { allergies: "Gluten, Dairy" },
          ),
        ],
      },
      {
        name: "Pasta and Mains",
        topNote: "Pasta is made fresh every morning.",
        dishes: [
          dish(
            "Fettuccine Alfredo",
            1850,
            "Savory",
            "Non-Veg",
            ["Mains", "Chicken"],
            "Fresh fettuccine, cream, parmesan and grilled chicken.",
            { allergies: "Gluten, Dairy, Egg" },
          ),
          dish(
            "Penne Arrabbiata",
            1450,
            "Spicy",
            "Vegan",
            ["Mains", "Vegetarian"],
            "Tomato, garlic and red chilli.",
            { allergies: "Gluten" },
          ),
          dish(
            "Beef Tenderloin",
            3900,
            "Savory",
            "Non-Veg",
            ["Mains", "Beef"],
            "Grilled tenderloin with mushroom sauce and mash.",
            { allergies: "Dairy" },
          ),
        ],
      },
      {
        name: "Dolci",
        dishes: [
          dish(
            "Tiramisu",
            950,
            "Sweet",
            "Veg",
            ["Desserts", "Cakes"],
            "Coffee-soaked sponge and mascarpone cream.",
            { allergies: "Dairy, Egg, Gluten" },
          ),
          dish(
            "Pistachio Gelato",
            700,
            "Sweet",
            "Veg",
            ["Desserts", "Ice Cream"],
            "Two scoops, made in house.",
            { allergies: "Dairy, Nuts" },
          ),
          dish("Espresso", 450, "Savory", "Vegan", ["Drinks", "Hot"], "A short, strong single shot."),
        ],
      },
    ],
  },
  {
    name: "Jade Garden",
    type: "Chinese",
    otherTypes: [],
    hasDelivery: "yes",
    about: "Dim sum baskets and wok dishes in the heart of Saddar, serving Pindi since 1985.",
    username: "jadegarden",
    address: "Kashmir Road, Saddar, Rawalpindi",
    contact: "0302 5901234",
    contacttwo: "051 5512345",
    hue: 160,
    quality: 4.1,
    branches: [
      {
        name: "Saddar",
        city: "Rawalpindi",
        area: "Saddar",
        address: "Kashmir Road, Saddar",
        contact: "051 5512345",
      },
      {
        name: "E-11",
        city: "Islamabad",
        area: "E-11",
        address: "Main Boulevard, E-11/2",
        contact: "051 2298765",
      },
    ],
    menu: [
      {
        name: "Dim Sum",
        topNote: "Steamed to order, four pieces a basket.",
        dishes: [
          dish(
            "Chicken Dumplings",
            850,
            "Savory",
            "Non-Veg",
            ["Starters", "Dumplings"],
            "Chicken and ginger in thin wrappers, with chilli oil.",
            { allergies: "Gluten, Soy" },
          ),
          dish(
            "Prawn Har Gow",
            1200,
            "Savory",
            "Non-Veg",
            ["Starters", "Dumplings"],
            "Crystal-skin prawn dumplings.",
            { allergies: "Shellfish, Gluten" },
          ),
          dish(
            "Honey Chilli Wings",
            900,
            "Sweet",
            "Non-Veg",
            ["Starters", "Wings"],
            "Crispy wings glazed with honey and chilli.",
            { allergies: "Soy, Sesame" },
          ),
        ],
      },
      {
        name: "From the Wok",
        dishes: [
          dish(
            "Chicken Manchurian",
            1350,
            "Spicy",
            "Non-Veg",
            ["Mains", "Chicken"],
            "Chicken balls in a tangy garlic and soy gravy.",
            { allergies: "Soy, Gluten" },
          ),
          dish(
            "Mongolian Beef",
            1700,
            "Sweet",
            "Non-Veg",
            ["Mains", "Beef"],
            "Sliced beef with spring onion in a sweet soy glaze.",
            { allergies: "Soy" },
          ),
          dish(
            "Stir-fried Vegetables",
            950,
            "Savory",
            "Vegan",
            ["Mains", "Vegetables"],
            "Broccoli, bok choy, mushrooms and baby corn.",
            { allergies: "Soy" },
          ),
        ],
      },
      {
        name: "Noodles and Soup",
        dishes: [
          dish(
            "Wonton Soup",
            750,
            "Savory",
            "Non-Veg",
            ["Soups", "Wonton"],
            "Chicken wontons in a clear broth.",
            { allergies: "Gluten, Soy" },
          ),
          dish(
            "Beef Chow Mein",
            1150,
            "Savory",
            "Non-Veg",
            ["Rice and Noodles", "Chow Mein"],
            "Wok-fried noodles with beef and vegetables.",
            { allergies: "Gluten, Soy" },
          ),
          dish(
            "Chicken Fried Rice",
            900,
            "Savory",
            "Non-Veg",
            ["Rice and Noodles", "Fried Rice"],
            "Egg fried rice with diced chicken.",
            { allergies: "Egg, Soy" },
          ),
        ],
      },
    ],
  },
  {
    name: "Hunza Highland Cafe",
    type: "Cafe",
    otherTypes: ["Coffee Shop"],
    hasDelivery: "no",
    about:
      "Food from Hunza in the capital: chapshuro, apricot and walnut bakes, and mountain herbal tea. Run by a family from Karimabad.",
    username: "hunzahighland",
    address: "F-11 Markaz, Islamabad",
    contact: "0355 5012345",
    contacttwo: "",
    hue: 270,
    quality: 4.5,
    branches: [
      {
        name: "F-11 Markaz",
        city: "Islamabad",
        area: "F-11",
        address: "Shop 3, Al-Safa Heights, F-11 Markaz",
        contact: "0355 5012345",
      },
    ],
    menu: [
      {
        name: "Hunza Breakfast",
        topNote: "Apricots and walnuts come from the family orchard.",
        dishes: [
          dish(
            "Chapshuro",
            1100,
            "Savory",
            "Non-Veg",
            ["Breakfast", "Sandwiches"],
            "Hunza meat pie: minced beef and onion baked in thin bread.",
            { allergies: "Gluten" },
          ),
          dish(
            "Apricot Pancakes",
            850,
            "Sweet",
            "Veg",
            ["Breakfast", "Pancakes"],
            "Buckwheat pancakes with apricot compote.",
            { allergies: "Gluten, Dairy, Egg" },
          ),
          dish(
            "Masala Omelette",
            600,
            "Spicy",
            "Non-Veg",
            ["Breakfast", "Eggs"],
            "Three eggs with onion, tomato and green chilli, with toast.",
            { allergies: "Egg, Gluten" },
          ),
        ],
      },
      {
        name: "Coffee and Tea",
        dishes: [
          dish(
            "Iced Latte",
            750,
            "Sweet",
            "Veg",
            ["Coffee", "Iced Coffee"],
            "Espresso over ice and cold milk.",
            { allergies: "Dairy" },
          ),
          dish("Cafe Latte", 650, "Savory", "Veg", ["Coffee", "Latte"], "Espresso with silky steamed milk.", {
            allergies: "Dairy",
          }),
          dish(
            "Mountain Herbal Tea",
            300,
            "Savory",
            "Vegan",
            ["Tea", "Green Tea"],
            "Green tea with wild thyme from the valley.",
          ),
        ],
      },
      {
        name: "Cakes and Bakes",
        dishes: [
          dish("Walnut Cake", 600, "Sweet", "Veg", ["Bakery", "Cakes"], "Moist walnut sponge with caramel.", {
            nameExtra: "Slice",
            allergies: "Nuts, Gluten, Dairy, Egg",
          }),
          dish(
            "Apricot Danish",
            500,
            "Sweet",
            "Veg",
            ["Bakery", "Pastries"],
            "Flaky pastry with dried apricot and custard.",
            { allergies: "Gluten, Dairy, Egg" },
          ),
          dish(
            "Chocolate Chip Cookies",
            450,
            "Sweet",
            "Veg",
            ["Bakery", "Cookies"],
            "Three soft-baked cookies.",
            { nameExtra: "3 pieces", allergies: "Gluten, Dairy, Egg" },
          ),
        ],
      },
    ],
  },
  {
    name: "Zaiqa Biryani Centre",
    type: "Desi",
    otherTypes: ["Biryani", "Home Kitchen"],
    hasDelivery: "yes",
    about:
      "Home-style biryani and salan, cooked by the Zaiqa family every morning. Single plates, family degs and office lunches.",
    username: "zaiqabiryani",
    address: "G-13 Markaz, Islamabad",
    contact: "0331 5123450",
    contacttwo: "051 2305678",
    hue: 55,
    quality: 4.2,
    branches: [
      {
        name: "G-13 Markaz",
        city: "Islamabad",
        area: "G-13",
        address: "Plot 7, G-13/1 Markaz",
        contact: "051 2305678",
      },
      {
        name: "Chaklala Scheme III",
        city: "Rawalpindi",
        area: "Chaklala Scheme III",
        address: "Main Boulevard, Chaklala Scheme III",
        contact: "051 5705432",
      },
      {
        name: "H-8",
        city: "Islamabad",
        area: "H-8",
        address: "Near the university gate, H-8/4",
        contact: "051 4443210",
      },
    ],
    menu: [
      {
        name: "Biryani",
        topNote: "Every biryani comes with raita and salad.",
        dishes: [
          dish(
            "Chicken Biryani",
            420,
            "Spicy",
            "Non-Veg",
            ["Rice", "Biryani"],
            "Long-grain rice layered with chicken masala and fried onion.",
            { nameExtra: "Single plate" },
          ),
          dish(
            "Sindhi Mutton Biryani",
            950,
            "Spicy",
            "Non-Veg",
            ["Rice", "Biryani"],
            "Mutton, potato, plum and plenty of green chilli.",
            { nameExtra: "Single plate" },
          ),
          dish(
            "Vegetable Biryani",
            380,
            "Spicy",
            "Vegan",
            ["Rice", "Biryani"],
            "Mixed vegetables and chickpeas in biryani masala.",
          ),
        ],
      },
      {
        name: "Salan",
        dishes: [
          dish(
            "Chicken Qorma",
            1200,
            "Spicy",
            "Non-Veg",
            ["Curries", "Qorma"],
            "Wedding-style qorma with yoghurt and fried onion.",
            { nameExtra: "Half kg", allergies: "Dairy, Nuts" },
          ),
          dish(
            "Aloo Palak",
            550,
            "Savory",
            "Vegan",
            ["Curries", "Sabzi"],
            "Spinach and potato cooked with garlic.",
          ),
          dish(
            "Daal Chana",
            500,
            "Spicy",
            "Vegan",
            ["Curries", "Daal"],
            "Split chickpeas with a cumin and red chilli tarka.",
          ),
        ],
      },
      {
        name: "Desserts and Drinks",
        dishes: [
          dish(
            "Kulfi Falooda",
            400,
            "Sweet",
            "Veg",
            ["Desserts", "Kulfi"],
            "Pistachio kulfi over falooda noodles and rose syrup.",
            { allergies: "Dairy, Nuts, Gluten" },
          ),
          dish(
            "Firni",
            300,
            "Sweet",
            "Veg",
            ["Desserts", "Kheer"],
            "Ground-rice pudding set in a clay bowl.",
            { allergies: "Dairy, Nuts" },
          ),
          dish(
            "Fresh Orange Juice",
            350,
            "Sweet",
            "Vegan",
            ["Drinks", "Fresh Juice"],
            "Kinnow oranges squeezed to order.",
          ),
        ],
      },
    ],
  },
];

/**
 * A restaurant that has signed up, built its menu and opened a branch, and waits for
 * an admin's approval: what /admin shows first. Not public (ADR 0017), so it is in no
 * listing, takes no reviews and its dishes are not rated.
 */
export const DEMO_PENDING_RESTAURANT: DemoRestaurant = {
  name: "Chandni Chowk Chargha House",
  type: "Desi",
  otherTypes: ["Family Restaurant"],
  hasDelivery: "no",
  about:
    "Lahori chargha, steamed and then fried whole, with boti off the coals and fresh puri. Opening soon on Murree Road.",
  username: "chandnichargha",
  address: "Plot 7, Murree Road, Chandni Chowk, Rawalpindi",
  contact: "0333 5198765",
  contacttwo: "",
  hue: 350,
  quality: 4,
  branches: [
    {
      name: "Chandni Chowk",
      city: "Rawalpindi",
      area: "Chandni Chowk",
      address: "Plot 7, Murree Road",
      contact: "051 4412345",
    },
  ],
  menu: [
    {
      name: "Chargha and Boti",
      topNote: "A whole chargha serves two to three.",
      dishes: [
        dish(
          "Chicken Chargha",
          1400,
          "Spicy",
          "Non-Veg",
          ["BBQ", "Tikka"],
          "A whole chicken in red spices, steamed, then fried crisp.",
          { nameExtra: "Whole" },
        ),
        dish(
          "Malai Boti",
          1100,
          "Savory",
          "Non-Veg",
          ["BBQ", "Malai Boti"],
          "Boneless chicken in cream and mild spices, grilled on skewers.",
          { allergies: "Dairy" },
        ),
        dish(
          "Beef Boti",
          1200,
          "Spicy",
          "Non-Veg",
          ["BBQ", "Boti"],
          "Cubes of beef in chilli and raw papaya, grilled over coals.",
        ),
      ],
    },
    {
      name: "Breads and Rice",
      dishes: [
        dish("Puri", 60, "Savory", "Vegan", ["Breads", "Puri"], "Puffed, deep-fried bread, two to a plate.", {
          allergies: "Gluten",
        }),
        dish(
          "Lachha Paratha",
          120,
          "Savory",
          "Veg",
          ["Breads", "Paratha"],
          "Layered paratha crisped on the tawa with butter.",
          { allergies: "Gluten, Dairy" },
        ),
        dish(
          "Chicken Pulao",
          650,
          "Savory",
          "Non-Veg",
          ["Rice", "Pulao"],
          "Rice cooked in chicken stock with whole spices.",
        ),
      ],
    },
    {
      name: "Sweet and Cold",
      dishes: [
        dish(
          "Gajar Halwa",
          400,
          "Sweet",
          "Veg",
          ["Desserts", "Halwa"],
          "Carrots slow-cooked in milk with ghee and khoya.",
          { allergies: "Dairy, Nuts" },
        ),
        dish("Mango Lassi", 320, "Sweet", "Veg", ["Drinks", "Lassi"], "Ripe mangoes blended with yoghurt.", {
          allergies: "Dairy",
        }),
      ],
    },
  ],
};

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  { firstName: "Ayesha", lastName: "Khan", gender: "Female", about: "I review every biryani in town." },
  { firstName: "Hamza", lastName: "Malik", gender: "Male", about: "Karahi hunter, weekends only." },
  { firstName: "Fatima", lastName: "Raza", gender: "Female", about: "Chai first, then everything else." },
  { firstName: "Bilal", lastName: "Ahmed", gender: "Male", about: "Office lunches around Blue Area." },
  { firstName: "Zainab", lastName: "Qureshi", gender: "Female", about: "Dessert is a main course." },
  { firstName: "Usman", lastName: "Tariq", gender: "Male", about: "BBQ nights with the cousins." },
  { firstName: "Mahnoor", lastName: "Iqbal", gender: "Female", about: "Student in H-8, budget eats." },
  { firstName: "Ali", lastName: "Haider", gender: "Male", about: "Nihari before sunrise." },
  { firstName: "Sana", lastName: "Javed", gender: "Female", about: "Cafes with good light and wifi." },
  { firstName: "Omar", lastName: "Farooq", gender: "Male", about: "Burgers, shakes, repeat." },
  { firstName: "Hira", lastName: "Siddiqui", gender: "Female", about: "Vegetarian, always asking for more." },
  { firstName: "Faisal", lastName: "Abbasi", gender: "Male", about: "From Murree, eating my way down." },
  { firstName: "Amna", lastName: "Butt", gender: "Female", about: "Family dinners every Sunday." },
  { firstName: "Saad", lastName: "Chaudhry", gender: "Male", about: "Late-night shawarma reviewer." },
  { firstName: "Maryam", lastName: "Sheikh", gender: "Female", about: "Chinese food is my comfort food." },
  { firstName: "Danish", lastName: "Mirza", gender: "Male", about: "Pasta snob, Saidpur regular." },
  { firstName: "Iqra", lastName: "Aslam", gender: "Female", about: "Breakfast places only." },
  { firstName: "Hassan", lastName: "Shah", gender: "Male", about: "Spice level: Peshawar." },
  { firstName: "Noor", lastName: "Gill", gender: "Prefer Not To Tell", about: "Photos first, then I eat." },
  { firstName: "Kamran", lastName: "Akhtar", gender: "Male", about: "Twenty years of Raja Bazaar." },
];

/**
 * Review texts by star count; {dish} is the dish the review is about (one of the
 * restaurant's menu), {branch} the branch's name. They speak of the dish, its photo
 * on the menu, the place and the staff: what a diner at the table sees, never
 * ordering or delivery, which Foodverse does not have.
 */
export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    "The {dish} was outstanding, easily the best I've had in years. Staff at {branch} were friendly and helpful.",
    "Came for the {dish} and it did not disappoint. Fair price for what you get. Will be back!",
    "Scanned the QR code on the table, saw the photos of the {dish} and had to try it. It looked just like them.",
    "Family dinner at {branch}: the kids finished the {dish} before we did. Clean place, great service.",
    "Perfect {dish}. Ten out of ten.",
  ],
  4: [
    "Really good {dish}. {branch} gets busy on Friday nights, so come early.",
    "Tasty {dish} and polite staff. Parking near {branch} is tricky.",
    "Solid meal, and the {dish} was the highlight of our table.",
    "Good value for money, and the {dish} matched its photo on the menu.",
  ],
  3: [
    "The {dish} was fine, nothing special for the price.",
    "Decent {dish}, but better last time.",
    "The {dish} was okay. {branch} was noisy and the tables were crowded.",
  ],
  2: [
    "The {dish} was a letdown, and our table at {branch} had not been wiped.",
    "The {dish} looked nothing like its photo on the menu, and cost more than last time.",
  ],
  1: [
    "The {dish} was not worth the money, and the staff at {branch} did not seem to care. Hope they fix this.",
  ],
};

/**
 * A sentence some reviews add on how the dish ({dish}) tasted, by the taste the menu gives it
 * (so no sweet dish is called spicy): praise with 4 or 5 stars, a complaint below.
 */
export const TASTE_REMARKS: Record<Taste, { praise: string; complaint: string }> = {
  Spicy: {
    praise: "The {dish} had proper heat, just as the menu promises.",
    complaint: "The {dish} was less spicy than the menu says.",
  },
  Sweet: {
    praise: "The {dish} was sweet, but not too sweet.",
    complaint: "The {dish} was far too sweet for me.",
  },
  Savory: { praise: "The {dish} was full of flavour.", complaint: "The {dish} tasted rather bland." },
};

/**
 * The one review someone has reported, so the admin's queue of reported reviews has
 * something in it: an advert posted as a review (the kind an admin hides).
 */
export const DEMO_REPORTED_REVIEW = {
  stars: 5,
  text: "Best {dish} in town! For catering at half the price, call 0300 0000000 and ask for Bilal.",
  reason: "This is an advert for another business's catering, with its phone number.",
} as const;

export const OWNER_REPLIES = {
  thanks: "Thank you for visiting {branch}! We are glad you enjoyed the {dish}. See you again soon.",
  sorry:
    "We are sorry your visit to {branch} was not up to our standard. Please ask for the manager next time; the {dish} is on us.",
} as const;
