import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { requireRole } from "~/features/accounts/access.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { TABLE_MESSAGES } from "~/features/tables/tables.schema.ts";
import { tableCards, type CardLayout } from "~/features/tables/tables.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { ownBranchPath } from "~/lib/slug.ts";
import { notFound } from "~/server/request.server.ts";
import type { Route } from "./+types/table-cards";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    { title: `${t("Table cards: {{branch}}", { branch: loaderData?.branch.name ?? "" })} · Foodverse` },
  ];
}

/** What every card says, in both languages whatever the screen's: a table's diners read either. */
function cardWords() {
  const [en, ur] = [translatorFor("en"), translatorFor("ur")];
  const both = (key: string) => ({ en: en(key), ur: ur(key) });
  return {
    scan: both("Scan for the menu"),
    review: both("Review your meal from this phone: your review shows you ate here."),
    table: { en: en("Table {{number}}", { number: "#" }), ur: ur("Table {{number}}", { number: "#" }) },
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const url = new URL(request.url);
  const layout: CardLayout = url.searchParams.get("layout") === "a6" ? "a6" : "a4";
  const tableId = url.searchParams.get("table");
  const found = await tableCards(services, viewer.userId, params.branchName, tableId);
  if (!found) notFound(BRANCH_MESSAGES.notFound);
  if (tableId !== null && found.cards.length === 0) notFound(TABLE_MESSAGES.notFound);
  return { ...found, layout, tableId, words: cardWords() };
}

/** Four A6 cards fill an A4 page (2 × 2), with room for a printer's margin. */
const PER_A4 = 4;

const PRINT_CSS = {
  a6: "@page { size: A6; margin: 5mm } .table-card { width: 95mm; max-width: 100%; min-height: 138mm } @media print { .table-card { break-after: page } }",
  a4: "@page { size: A4; margin: 6mm } .table-card { width: 96mm; max-width: 100%; min-height: 138mm } @media print { .card-page { break-after: page } }",
};

type Words = Route.ComponentProps["loaderData"]["words"];
type Card = Route.ComponentProps["loaderData"]["cards"][number];

function TableCard({
  card,
  words,
  restaurant,
  branch,
}: {
  card: Card;
  words: Words;
  restaurant: string;
  branch: string;
}) {
  const { t } = useI18n();
  const name = (locale: "en" | "ur") =>
    card.numbered ? words.table[locale].replace("#", card.label) : card.label;
  return (
    <article className="table-card flex flex-col items-center gap-2 rounded-xl border-2 border-ink bg-white p-5 text-center break-inside-avoid print:rounded-none">
      <p className="text-xl font-bold">{restaurant}</p>
      <p className="font-semibold">{branch}</p>
      <h2 className="text-3xl font-bold">
        <span lang="en" dir="ltr">
          {name("en")}
        </span>
      </h2>
      {card.numbered ? (
        <p lang="ur" dir="rtl" className="text-2xl font-bold">
          {name("ur")}
        </p>
      ) : null}
      <div
        role="img"
        aria-label={t("QR code for {{url}}", { url: card.shortUrl })}
        className="w-48 [&>svg]:h-auto [&>svg]:w-full"
        // The SVG is made on the server by the qrcode library from our own URL.
        dangerouslySetInnerHTML={{ __html: card.svg }}
      />
      <p lang="en" dir="ltr" className="font-semibold">
        {words.scan.en}
      </p>
      <p lang="ur" dir="rtl" className="font-semibold">
        {words.scan.ur}
      </p>
      <p lang="en" dir="ltr" className="text-sm">
        {words.review.en}
      </p>
      <p lang="ur" dir="rtl" className="text-sm">
        {words.review.ur}
      </p>
      <p dir="ltr" className="font-mono text-xs break-all">
        {card.shortUrl}
      </p>
    </article>
  );
}

/** The branch's table cards to print (issue 33): each in English and Urdu, one an A6 page or four an A4 page. */
export default function TableCards({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { cards, layout, words, restaurantName, branch, tableId } = loaderData;
  const other = new URLSearchParams({
    layout: layout === "a4" ? "a6" : "a4",
    ...(tableId ? { table: tableId } : {}),
  });
  const pages =
    layout === "a4"
      ? Array.from({ length: Math.ceil(cards.length / PER_A4) }, (_, i) =>
          cards.slice(i * PER_A4, (i + 1) * PER_A4),
        )
      : [cards];
  const tables = `${ownBranchPath(branch.url)}/tables`;
  return (
    <div className="flex flex-col items-center gap-4">
      <style>{`${PRINT_CSS[layout]} @media print { header, nav, footer, .no-print, .Toastify { display: none !important } main { padding: 0 !important; max-width: none !important } body { background: #fff } }`}</style>
      <div className="no-print flex w-full max-w-3xl flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
        <h1 className="text-2xl font-bold">{t("Table cards")}</h1>
        <p>
          {branch.name} · {t("{{count}} cards", { count: cards.length })}
        </p>
        {cards.length === 0 ? <p>{t("No tables yet. Add them above to print a card for each.")}</p> : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass("primary")}
            onClick={() => window.print()}
            disabled={cards.length === 0}
          >
            {t("Print")}
          </button>
          <Link to={`?${other}`} className={buttonClass("secondary")}>
            {layout === "a4" ? t("One card on each A6 page") : t("Print every card: four on an A4 page")}
          </Link>
          <Link to={tables} className={buttonClass("ghost")}>
            {t("Back to the tables")}
          </Link>
        </div>
      </div>
      {pages.map((page, i) => (
        <div key={i} className="card-page flex w-full flex-wrap justify-center gap-3 print:gap-2">
          {page.map((card) => (
            <TableCard
              key={card.id}
              card={card}
              words={words}
              restaurant={restaurantName}
              branch={branch.name}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
