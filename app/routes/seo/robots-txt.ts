import { robotsTxt } from "~/features/seo/sitemap.server.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(servicesOf(context).env.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
