import type { CustomerSignup, RestaurantSignup } from "~/features/accounts/accounts.schema.ts";
import { signUpCustomer, signUpRestaurant } from "~/features/accounts/accounts.server.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import type { Services } from "~/server/services.server.ts";
import { customerInput, restaurantInput } from "./factories.ts";
import { headersWithCookies } from "./test-services.ts";

/** An account made through the real sign-up use case, with the session it was given. */
export interface SignedUp {
  id: string;
  /** The request headers that carry the new session's cookie. */
  cookies: Headers;
  /** What was signed up with (email, password, names…). */
  input: Record<string, unknown>;
}

export interface SignedUpOwner extends SignedUp {
  urlName: string;
  restName: string;
}

function signedUpOrThrow<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`sign-up failed: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

/** A restaurant owner signed up with `restaurantInput(overrides)`. */
export async function signedUpOwner(
  services: Services,
  overrides: Partial<RestaurantSignup> = {},
  requestHeaders = new Headers(),
): Promise<SignedUpOwner> {
  const input = restaurantInput(overrides);
  const result = signedUpOrThrow(await signUpRestaurant(services, input, requestHeaders));
  const cookies = headersWithCookies(result.headers);
  const viewer = (await getViewer(services, cookies))!;
  return { id: viewer.userId, urlName: viewer.urlName!, restName: String(input.restName), cookies, input };
}

/** A customer signed up with `customerInput(overrides)`. */
export async function signedUpCustomer(
  services: Services,
  overrides: Partial<CustomerSignup> = {},
  requestHeaders = new Headers(),
): Promise<SignedUp> {
  const input = customerInput(overrides);
  const result = signedUpOrThrow(await signUpCustomer(services, input, requestHeaders));
  const cookies = headersWithCookies(result.headers);
  const viewer = (await getViewer(services, cookies))!;
  return { id: viewer.userId, cookies, input };
}
