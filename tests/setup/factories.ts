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
