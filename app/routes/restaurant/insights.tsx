import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { Cell, DataTable, ROW_CLASS } from "~/components/ui/data-table.tsx";
import { isolated } from "~/components/ui/isolated.tsx";
import { Stars } from "~/components/ui/stars.tsx";
import { requireRole } from "~/features/accounts/access.server.ts";
import { DailyBars } from "~/features/insights/components/daily-bars.tsx";
import { DishBars } from "~/features/insights/components/dish-bars.tsx";
import { RatingLine } from "~/features/insights/components/rating-line.tsx";
import { PERIODS, periodOf, RESTAURANT_PAGES } from "~/features/insights/insights.messages.ts";
import { inLanguage } from "~/lib/menu-language.ts";
import { requestLocale } from "~/lib/locale.ts";
import { ownInsights } from "~/features/insights/insights.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { ownBranchPath } from "~/lib/slug.ts";
import { notFound } from "~/server/request.server.ts";
import type { Route } from "./+types/insights";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Insights")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const days = periodOf(new URL(request.url).searchParams.get("days"));
  const insights = await ownInsights(services, viewer.userId, days, services.now());
  if (!insights) notFound();
  return inLanguage(insights, requestLocale(request));
}

const CARD = "flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6";

/** ADR 0027: how diners found the restaurant, what they looked at, how they rated it, and who waits for a reply. */
export default function Insights({ loaderData }: Route.ComponentProps) {
  const { restaurant, period, perDay, totals, restaurantPages, branches, dishes, ratings, waiting } =
    loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <InsightsHeading restaurantName={restaurant.restName} period={period} />

      <ScansAndViews
        days={period.days}
        perDay={perDay}
        totals={totals}
        restaurantPages={restaurantPages}
        branches={branches}
      />

      <MostViewedDishes dishes={dishes} />

      <RatingOverTime days={period.days} ratings={ratings} />

      <WaitingForReply waiting={waiting} />
    </div>
  );
}

type InsightsData = Route.ComponentProps["loaderData"];

/** The page's title, the period chosen (with the CSV of it) and the dates it covers. */
function InsightsHeading({
  restaurantName,
  period,
}: {
  restaurantName: string;
  period: InsightsData["period"];
}) {
  const { t, href, date } = useI18n();
  const days = period.days;
  return (
    <>
      <div className="flex flex-col gap-1">
        <p className="text-muted">{restaurantName}</p>
        <h1 className="text-2xl font-bold">{t("Insights")}</h1>
        <p className="text-sm text-muted">
          {t(
            "How often diners scanned your QR codes and opened your pages, counted per day in Pakistan time. Nothing about who they are is kept.",
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t("Period")}>
          <ul className="flex flex-wrap gap-2">
            {PERIODS.map((d) => (
              <li key={d}>
                <Link
                  to={`?days=${d}`}
                  aria-current={d === days ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 ${d === days ? "border-brand bg-brand text-white" : "border-line bg-white"}`}
                >
                  <span>{isolated((values) => t("Last {{days}} days", values), { days: d })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={href(`/profile/restaurant/insights.csv?days=${days}`)}
          download
          className={buttonClass("secondary")}
        >
          {t("Download CSV")}
        </a>
      </div>
      <p className="text-sm text-muted">
        {t("From {{from}} to {{to}}", {
          from: date(`${period.from}T12:00:00Z`),
          to: date(`${period.to}T12:00:00Z`),
        })}
      </p>
    </>
  );
}

function ScansAndViews({
  days,
  perDay,
  totals,
  restaurantPages,
  branches,
}: Pick<InsightsData, "perDay" | "totals" | "restaurantPages" | "branches"> & { days: number }) {
  const { t, date, number } = useI18n();
  const busiest = perDay.reduce((best, d) => (d.views > best.views ? d : best), perDay[0]!);
  const columns = [t("Branch"), t("Scans"), t("Page views"), t("Dish views")];
  return (
    <section aria-labelledby="scans-and-views" className={CARD}>
      <h2 id="scans-and-views" className="text-xl font-semibold">
        {t("Scans and views")}
      </h2>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <dt className="text-sm text-muted">{t("Views")}</dt>
          <dd className="text-2xl font-bold tabular-nums">{number(totals.views)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("Scans")}</dt>
          <dd className="text-2xl font-bold tabular-nums">{number(totals.scans)}</dd>
        </div>
      </dl>
      {totals.views + totals.scans === 0 ? <p>{t("No scans or views in these days yet.")}</p> : null}
      <DailyBars
        days={perDay}
        label={t(
          "Views and scans per day over the last {{days}} days: {{views}} views and {{scans}} scans in all; the busiest day was {{day}}, with {{most}} views.",
          {
            days,
            views: number(totals.views),
            scans: number(totals.scans),
            day: date(`${busiest.day}T12:00:00Z`),
            most: number(busiest.views),
          },
        )}
      />
      <h3 className="font-semibold">{t("Per branch")}</h3>
      <p className="text-sm text-muted">
        {t("A scan opens the page it points to, so it counts as a page view too.")}
      </p>
      <DataTable caption={t("Scans and views per branch")} columns={columns}>
        <tr className={ROW_CLASS}>
          <Cell label={columns[0]!}>{t(RESTAURANT_PAGES)}</Cell>
          <Cell label={columns[1]!}>{number(restaurantPages.scans)}</Cell>
          <Cell label={columns[2]!}>
            {number(restaurantPages.restaurantViews + restaurantPages.menuViews)}
          </Cell>
          <Cell label={columns[3]!}>{number(restaurantPages.itemViews)}</Cell>
        </tr>
        {branches.map((b) => (
          <tr key={b.branchId} className={ROW_CLASS}>
            <Cell label={columns[0]!}>
              <Link to={ownBranchPath(b.branchUrl)} className="font-medium text-brand underline">
                {b.branchName}
              </Link>
            </Cell>
            <Cell label={columns[1]!}>{number(b.scans)}</Cell>
            <Cell label={columns[2]!}>{number(b.branchViews)}</Cell>
            <Cell label={columns[3]!}>{number(b.itemViews)}</Cell>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function MostViewedDishes({ dishes }: Pick<InsightsData, "dishes">) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="most-viewed-dishes" className={CARD}>
      <h2 id="most-viewed-dishes" className="text-xl font-semibold">
        {t("Most viewed dishes")}
      </h2>
      {dishes.length === 0 ? (
        <p>{t("No dish was viewed in these days.")}</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {t("Each dish with its views at every branch, and its rating from diners.")}
          </p>
          <DishBars dishes={dishes} label={t("Most viewed dishes")} />
        </>
      )}
    </section>
  );
}

function RatingOverTime({ days, ratings }: Pick<InsightsData, "ratings"> & { days: number }) {
  const { t, number } = useI18n();
  const rated = ratings.reduce((sum, w) => sum + w.count, 0);
  const average = rated > 0 ? ratings.reduce((sum, w) => sum + (w.average ?? 0) * w.count, 0) / rated : 0;
  return (
    <section aria-labelledby="rating-over-time" className={CARD}>
      <h2 id="rating-over-time" className="text-xl font-semibold">
        {t("Rating over time")}
      </h2>
      {rated === 0 ? (
        <p>{t("No reviews in these days.")}</p>
      ) : (
        <RatingLine
          weeks={ratings}
          label={t(
            "Average rating per week over the last {{days}} days, from 1 to 5 stars: {{average}} from {{reviews}} reviews in all.",
            {
              days,
              average: number(average, { maximumFractionDigits: 1 }),
              reviews: number(rated),
            },
          )}
        />
      )}
    </section>
  );
}

function WaitingForReply({ waiting }: Pick<InsightsData, "waiting">) {
  const { t, date } = useI18n();
  return (
    <section aria-labelledby="waiting-for-reply" className={CARD}>
      <h2 id="waiting-for-reply" className="text-xl font-semibold">
        {t("Reviews waiting for a reply")}
      </h2>
      {waiting.total === 0 ? (
        <p>{t("Every review has a reply.")}</p>
      ) : (
        <>
          <p>
            {t("{{count}} reviews waiting for a reply", { count: waiting.total })}
            {waiting.total > waiting.reviews.length
              ? ` ${t("The oldest {{shown}} are listed here.", { shown: waiting.reviews.length })}`
              : ""}
          </p>
          <ol className="flex flex-col divide-y divide-line">
            {waiting.reviews.map((review) => (
              <li key={review.id} className="flex flex-col gap-1 py-3">
                <p id={`waiting-${review.id}`} className="text-sm text-muted">
                  {date(review.timestamp)} · {review.branchName}
                </p>
                <Stars value={review.rating} />
                {review.text ? (
                  <p dir="auto" className="break-words">
                    {review.text}
                  </p>
                ) : null}
                <Link
                  to={review.replyPath}
                  aria-describedby={`waiting-${review.id}`}
                  className={buttonClass("secondary", "self-start")}
                >
                  {t("Reply")}
                </Link>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
