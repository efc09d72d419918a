import { requireRole } from "~/features/accounts/access.server.ts";
import { customerData } from "~/features/privacy/account-data.server.ts";
import { notFound } from "~/server/request.server.ts";
import { jsonDownload } from "~/server/json-download.server.ts";
import type { Route } from "./+types/data-json";

// Serves /profile/customer/data.json: everything Foodverse holds about the signed-in customer.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  const data = await customerData(services, viewer.userId);
  if (!data) notFound();
  return jsonDownload(data, "foodverse-my-data.json");
}
