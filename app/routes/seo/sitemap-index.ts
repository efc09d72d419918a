import { SITEMAP_CACHE, sitemapIndex } from "~/features/seo/sitemap.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/sitemap-index";

export async function loader({ context }: Route.LoaderArgs) {
  return new Response(await sitemapIndex(servicesOf(context)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE },
  });
}
