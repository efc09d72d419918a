import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { islandUrls } from "virtual:islands";
import type { Route } from "./+types/root";
import "./app.css";
import { NavigationProgress } from "./components/navigation-progress.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { ToastHost } from "./components/ui/toasts.tsx";
import { islandsOf, isStaticForVisitors } from "./lib/static-page.ts";
import { ISLAND_LOADER } from "./lib/island-loader.ts";
import { useToastMessage } from "./components/ui/use-toast-message.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { nonceContext } from "./server/context.ts";
import { pageTemplateContext } from "./server/page-variant.server.ts";
import { servicesOf } from "./server/request.server.ts";
import { takeToast } from "./server/toast.server.ts";
import { keepLanguageInRedirects } from "./server/language-redirects.server.ts";
import { translatorFor } from "./i18n/i18n.ts";
import { useI18n } from "./i18n/use-i18n.ts";
import { localeOfPath } from "./lib/locale.ts";
import { localeOf } from "./lib/seo.ts";
import { notAfterUnanswered } from "./lib/submissions.ts";
import { isMessage } from "./lib/message.ts";

export const middleware: Route.MiddlewareFunction[] = [keepLanguageInRedirects];

// A form whose post got no answer stays on the screen (ADR 0032): no reload of data that would fail too.
export const shouldRevalidate = notAfterUnanswered;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [viewer, { toast, headers }] = await Promise.all([getViewer(services, request), takeToast(request)]);
  // A page rendered to be kept for the viewer's role has a slot where their name goes (ADR 0028).
  const slot = context.get(pageTemplateContext)?.slot ?? null;
  return data(
    {
      viewer: viewer && { role: viewer.role, displayName: viewer.displayName, slot },
      // An action's answer (a form posted without scripts) may carry a toast: React shows it.
      afterAction: request.method !== "GET" && request.method !== "HEAD",
      toast,
      nonce: context.get(nonceContext),
      // Every page's meta builds absolute canonical and share URLs from it (app/lib/seo.ts).
      origin: services.env.PUBLIC_URL,
      locale: localeOfPath(new URL(request.url).pathname),
    },
    { headers },
  );
}

/**
 * The header's viewer. A page sent without React to a reader whose page is being kept
 * for their role shows the slot (the page cache puts their name in); a page React
 * hydrates carries the name in its data anyway, and is never kept.
 */
function headerViewer<T extends { displayName: string; slot: string | null }>(
  viewer: T | null,
  scripts: boolean,
) {
  if (!viewer || scripts || viewer.slot === null) return viewer;
  return { ...viewer, displayName: viewer.slot };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.nonce;
  const busy = useNavigation().state === "loading";
  const matches = useMatches();
  const page = matches.at(-1);
  const { locale, dir, t } = useI18n();
  // Signed-in readers get a read-only page without React too (ADR 0028: it is kept for their role).
  const scripts =
    Boolean(root?.toast || root?.afterAction) ||
    !page ||
    page.id === "root" ||
    !isStaticForVisitors(page.handle);
  const islands = scripts ? [] : islandsOf(page?.handle).map((name) => islandUrls[name]);
  return (
    <html lang={locale} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b4410c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-gray-50 font-sans" data-islands={islands.join(" ") || undefined}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          {t("Skip to content")}
        </a>
        <NavigationProgress />
        <SiteHeader viewer={headerViewer(root?.viewer ?? null, scripts)} />
        <main id="main" aria-busy={busy} className="mx-auto w-full max-w-6xl px-4 py-6">
          {children}
        </main>
        <ToastHost />
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : islands.length > 0 ? (
          // An island enhances what is painted already: it loads after the page (ADR 0029).
          <script type="module" dangerouslySetInnerHTML={{ __html: ISLAND_LOADER }} />
        ) : null}
      </body>
    </html>
  );
}

export function meta({ error, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: error ? `${t(missing ? "Page not found" : "Oops!")} · Foodverse` : "Foodverse" },
    { name: "description", content: t("Restaurant menus, branches and reviews.") },
  ];
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, tm, href } = useI18n();
  let detail = t("Unknown Error");
  // A refusal thrown with its message (app/server/upload-form.server.ts) is shown in the page's language.
  const said = isRouteErrorResponse(error)
    ? (error.data as { message?: unknown } | null)?.message
    : undefined;
  if (isRouteErrorResponse(error))
    detail = (isMessage(said) ? tm(said) : tm(error.statusText)) || `${error.status}`;
  else if (error instanceof Error) detail = tm(error.message);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <h1 className="text-4xl font-bold">{t("Oops!")}</h1>
      <p className="text-lg">{t("Sorry, an unexpected error has occurred.")}</p>
      <p className="text-muted">
        <i>{detail}</i>
      </p>
      {/* Somewhere to go from here: a search (a GET form, no scripts needed) and the home page. */}
      <form action={href("/search")} method="get" role="search" className="flex w-full max-w-sm gap-2">
        <input type="hidden" name="tab" value="items" />
        <label htmlFor="oops-search" className="sr-only">
          {t("Search dishes")}
        </label>
        <input
          id="oops-search"
          name="q"
          type="search"
          placeholder={t("Search dishes, e.g. karahi")}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-line px-3"
        />
        <button type="submit" className="min-h-11 rounded-md bg-brand px-4 font-semibold text-white">
          {t("Search")}
        </button>
      </form>
      <Link to="/" className="font-medium text-brand underline">
        {t("Go to the home page")}
      </Link>
    </section>
  );
}
