import { qrAddressNote } from "~/lib/public-address.ts";
import type { Services } from "~/server/services.server.ts";
import { shownCode } from "~/server/shown-code.server.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { isPublicRestaurant, withoutStatus } from "./public-restaurants.queries.server.ts";
import { findPublicRestaurant, findRestaurantProfile } from "./restaurants.queries.server.ts";

/** The owner's own profile page, with a note when its QR code's address is not public. */
export async function ownRestaurantProfile(services: Services, ownerId: string) {
  const found = await findRestaurantProfile(services.database.db, ownerId);
  if (!found) return null;
  const code = await shownCode(
    services.env,
    { url: found.restQRcode, image: found.restQRimg },
    restaurantPath(found.urlName),
  );
  const restaurant = { ...found, restQRcode: code.url, restQRimg: code.image };
  return { restaurant, qrNote: qrAddressNote(restaurant.restQRcode) };
}

/** A restaurant's public page, and whether the public may see its menus yet (ADR 0017). */
export async function publicRestaurant(services: Services, urlName: string) {
  const found = await findPublicRestaurant(services.database.db, urlName);
  if (!found) return null;
  // The approval status itself is never shown (product rules §1). ADR 0017: a restaurant
  // that is not public shows its profile only, out of search and without the
  // figures of its reviews.
  const listed = isPublicRestaurant(found);
  // Its id is for the use cases that build on this, never for a page's data.
  const { id, ...restaurant } = withoutStatus(found);
  return {
    id,
    restaurant: listed ? restaurant : { ...restaurant, restRating: 0, restNoofReviews: 0 },
    listed,
  };
}
