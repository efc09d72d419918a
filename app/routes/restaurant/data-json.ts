import { requireRole } from "~/features/accounts/access.server.ts";
import { restaurantData } from "~/features/privacy/account-data.server.ts";
import { notFound } from "~/server/request.server.ts";
import { jsonDownload } from "~/server/json-download.server.ts";
import type { Route } from "./+types/data-json";

// Serves /profile/restaurant/data.json: the owner's account, restaurant, menus and media links, reviews received.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const data = await restaurantData(services, viewer.userId);
  if (!data) notFound();
  return jsonDownload(data, "foodverse-restaurant-data.json");
}
