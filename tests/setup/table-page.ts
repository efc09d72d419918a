import { RouterContextProvider } from "react-router";
import * as branchPage from "~/routes/public/branch.tsx";
import { servicesContext } from "~/server/context.ts";
import { FRESH_UNTIL_HEADER } from "~/server/page-cache.server.ts";
import { newPageTemplate, pageTemplateContext } from "~/server/page-variant.server.ts";
import type { Services } from "~/server/services.server.ts";

/**
 * The table page's loader answer as the page cache renders it (issue 32): its data, until
 * when it is true (`x-fresh-until`), whether it may be kept, and its JSON-LD. The caller
 * sets the services' clock first; a redirect is thrown as the loader throws it.
 */
export async function tablePageAnswer<Data>(
  services: Services,
  path: { urlName: string; branch: string; query?: string },
  cookies?: Headers,
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const template = newPageTemplate();
  context.set(pageTemplateContext, template);
  const params = { restaurantName: path.urlName, branchName: path.branch };
  const answer = (await branchPage.loader({
    request: new Request(`http://localhost:3000/r/${path.urlName}/branch/${path.branch}${path.query ?? ""}`, {
      headers: cookies ?? {},
    }),
    params,
    context,
  } as never)) as unknown as { data: Data; init?: ResponseInit };
  const fresh = answer.init?.headers ? new Headers(answer.init.headers).get(FRESH_UNTIL_HEADER) : null;
  const meta = branchPage.meta({
    loaderData: answer.data,
    data: answer.data,
    params,
    matches: [{ id: "root", loaderData: { origin: "http://localhost:3000", locale: "en" } }],
  } as never);
  return {
    data: answer.data,
    freshUntil: fresh ? new Date(Number(fresh)).toISOString() : null,
    kept: !template.personal,
    jsonLd: JSON.stringify(meta),
  };
}
