import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { i18nFor, registerMessages } from "./i18n/i18n.ts";
import { urduMessages } from "./i18n/urdu-messages.ts";
import { localeOfPath } from "./lib/locale.ts";
import { nonceContext } from "./server/context.ts";
import { markPersonalUnlessKept, pageTemplateContext } from "./server/page-variant.server.ts";
import { isKeptForRoles } from "./lib/static-page.ts";

registerMessages("en");
registerMessages("ur", urduMessages);

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  // ADR 0028: kept for a role only if the route the page ended on opted in.
  const leaf = routerContext.staticHandlerContext.matches.at(-1);
  markPersonalUnlessKept(
    loadContext.get(pageTemplateContext),
    isKeptForRoles(leaf ? routerContext.routeModules[leaf.route.id]?.handle : undefined),
  );
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18nFor(localeOfPath(new URL(request.url).pathname))}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
