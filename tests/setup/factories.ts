import type { CustomerSignup, RestaurantSignup } from "~/features/accounts/accounts.schema.ts";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export function restaurantInput(overrides: Partial<RestaurantSignup> = {}): Record<string, unknown> {
  const id = unique();
  return {
    restName: `Test Kitchen ${id}`,
    restType: "Desi",
    restOthertypes: ["BBQ"],
    hasDelivery: "yes",
    country: "Pakistan",
    about: "Karahi and naan since 1990.",
    username: `owner${id}`,
    email: `owner-${id}@example.com`,
    password: "correct-horse-1",
    sociallinks: [],
    ...overrides,
  };
}

export function customerInput(overrides: Partial<CustomerSignup> = {}): Record<string, unknown> {
  const id = unique();
  return {
    firstName: "Ayesha",
    lastName: "Khan",
    gender: "Female",
    about: "I review every biryani in Lahore.",
    username: `ayesha${id}`,
    email: `ayesha-${id}@example.com`,
    password: "correct-horse-2",
    sociallinks: [],
    ...overrides,
  };
}

/** The fields of a valid menu item (no section or position), as the Add Item form sends them. */
export const ITEM_FIELDS = {
  name: "Chicken Karahi",
  price: "1800",
  itemPriceRange: "1000-2000",
  itemTaste: "Spicy",
  itemCat: "Curries",
  itemSubCat: "Karahi",
  itemType: "Non-Veg",
} as const;

/** The form values of a valid menu item in `sectionId` at `positionInSection` 1. */
export function itemInput(sectionId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return { sectionId, positionInSection: "1", ...ITEM_FIELDS, ...overrides };
}

/** The three pictures an item needs, as uploaded files keyed by field. */
export function itemViews<T>(top: T, front: T = top, side: T = top): Map<string, T> {
  return new Map([
    ["topView", top],
    ["frontView", front],
    ["sideView", side],
  ]);
}

/** The finder tests' dishes: a valid item at position `index + 1`, in category Other. */
export function dishInput(
  sectionId: string,
  index: number,
  dish: { name: string; price: number; taste: string; type: string },
): Record<string, string> {
  return itemInput(sectionId, {
    positionInSection: String(index + 1),
    name: dish.name,
    price: String(dish.price),
    itemPriceRange: "0-500",
    itemTaste: dish.taste,
    itemCat: "Other",
    itemSubCat: "Other",
    itemType: dish.type,
  });
}
