import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ReviewCard } from "~/features/reviews/components/review-card.tsx";
import { recentReviewsPage } from "~/features/reviews/reviews-read.server.ts";
import { REVIEW_MESSAGES } from "~/features/reviews/reviews.messages.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf, siteOf, pagedPath, seoMeta } from "~/lib/seo.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/recent-reviews";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";
import { requestedPage } from "~/lib/paging.ts";
import {
  VerifiedFilter,
  VERIFIED_PARAM,
  verifiedOnlyOf,
} from "~/features/reviews/components/verified-filter.tsx";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

/** Reviews shown of each restaurant before 'more' (the rest of its 10 latest are folded). */
const SHOWN = 1;

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return seoMeta({
    ...siteOf(matches),
    path: pagedPath("/reviews", data?.page ?? 1),
    title: t("Recent reviews"),
    description: t("The latest reviews of every restaurant on Foodverse."),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return recentReviewsPage(servicesOf(context), requestedPage(request), verifiedOnlyOf(new URL(request.url)));
}

export default function RecentReviews({ loaderData }: Route.ComponentProps) {
  const { t, tm } = useI18n();
  const { restaurants, page, pages, verifiedOnly } = loaderData;
  const filter = verifiedOnly ? `?${VERIFIED_PARAM}=1` : "";
  return (
    <section className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold">{t("Recent reviews")}</h1>
      <VerifiedFilter base="/reviews" verifiedOnly={verifiedOnly} />
      {restaurants.map((r) => (
        <section key={r.id} aria-labelledby={`r-${r.id}`} className="flex flex-col gap-3">
          <div className="flex items-center gap-3">
            <Avatar src={r.profileImageUrl} name={r.restName} size={56} />
            <div>
              <h2 id={`r-${r.id}`} className="text-xl font-bold">
                {r.restName}
              </h2>
              <Link to={restaurantPath(r.urlName)} className="text-brand underline">
                {t("Visit {{name}}'s page", { name: r.restName })}
              </Link>
            </div>
          </div>
          {r.reviews.length === 0 ? (
            <p className="text-muted">
              {verifiedOnly ? t("No table-verified reviews yet.") : tm(REVIEW_MESSAGES.noRecent)}
            </p>
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {r.reviews.slice(0, SHOWN).map((review) => (
                  <ReviewCard key={review.id} review={review} showBranch />
                ))}
              </div>
              {/* The rest of the 10 latest (product rules §2), folded: a phone scrolls past a restaurant, not a wall. */}
              {r.reviews.length > SHOWN ? (
                <details className="rounded-lg">
                  <summary className="min-h-11 cursor-pointer py-2.5 font-medium text-brand">
                    {t("{{count}} more reviews of {{name}}", {
                      count: r.reviews.length - SHOWN,
                      name: r.restName,
                    })}
                  </summary>
                  <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                    {r.reviews.slice(SHOWN).map((review) => (
                      <ReviewCard key={review.id} review={review} showBranch />
                    ))}
                  </div>
                </details>
              ) : null}
              <Link
                to={`/reviews/${encodeURIComponent(r.urlName)}${filter}`}
                className="self-start text-brand underline"
              >
                {t("All reviews of {{name}}", { name: r.restName })}
              </Link>
            </>
          )}
        </section>
      ))}
      <Pagination page={page} pages={pages} label={t("Restaurant pages")} />
    </section>
  );
}
