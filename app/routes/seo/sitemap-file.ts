import { SITEMAP_CACHE, sitemapFile } from "~/features/seo/sitemap.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/sitemap-file";

export async function loader({ context, params }: Route.LoaderArgs) {
  const xml = await sitemapFile(servicesOf(context), params.file);
  if (xml === null)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE },
  });
}
