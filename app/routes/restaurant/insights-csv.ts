import { create as contentDisposition } from "content-disposition";
import { requireRole } from "~/features/accounts/access.server.ts";
import { periodOf } from "~/features/insights/insights.messages.ts";
import { insightsCsv } from "~/features/insights/insights.server.ts";
import { notFound } from "~/server/request.server.ts";
import type { Route } from "./+types/insights-csv";

// Serves /profile/restaurant/insights.csv?days=7|30|90: the insights screen's numbers per day and branch.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const days = periodOf(new URL(request.url).searchParams.get("days"));
  const csv = await insightsCsv(services, viewer.userId, days, services.now());
  if (!csv) notFound();
  return new Response(csv.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      // An ASCII name for every browser, the real one (a name in Urdu, say) for those that read filename*.
      "Content-Disposition": contentDisposition(csv.fileName, { fallback: csv.asciiFileName }),
      "Cache-Control": "private, no-store",
    },
  });
}
