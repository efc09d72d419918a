import { redirect } from "react-router";
import { BRANCH_MESSAGES } from "~/features/branches/branches.messages.ts";
import { openTableCode } from "~/features/tables/tables.server.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/table-code";

/**
 * A printed table card's code (issue 33, ADR 0046): counted as a scan of the branch
 * (page-views.server.ts), a table pass for the diner's browser, then the branch page's
 * own address, so the page the diner reads is the one every diner shares in the cache.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const opened = await openTableCode(
    services,
    {
      urlName: params.restaurantName,
      branchUrl: params.branchName,
      code: params.code,
    },
    { address: request.headers.get(CLIENT_IP_HEADER) ?? "unknown", cookies: request.headers.get("cookie") },
  );
  if (!opened) notFound(BRANCH_MESSAGES.notFound);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (opened.setCookie) headers.append("Set-Cookie", opened.setCookie);
  return redirect(opened.location, { headers });
}
