import { create as contentDisposition } from "content-disposition";
import { requireRole } from "~/features/accounts/access.server.ts";
import { importTemplate } from "~/features/menu-import/menu-import.server.ts";
import { notFound } from "~/server/request.server.ts";
import type { Route } from "./+types/import-template";

// Serves /profile/restaurant/addmenu/import/template.csv and template.xlsx.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const format = new URL(request.url).pathname.endsWith(".xlsx") ? "xlsx" : "csv";
  const template = await importTemplate(services, viewer.userId, format);
  if (!template) notFound();
  return new Response(template.body, {
    headers: {
      "Content-Type": template.type,
      "Content-Disposition": contentDisposition(template.fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
