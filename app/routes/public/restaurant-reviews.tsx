import { Link, useRouteLoaderData } from "react-router";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { ReviewCard } from "~/features/reviews/components/review-card.tsx";
import { ReplyForm, ReportForm } from "~/features/reviews/components/review-tools.tsx";
import { reviewListAction } from "~/features/reviews/review-actions.server.ts";
import { restaurantRecentReviews } from "~/features/reviews/reviews-read.server.ts";
import { REVIEW_MESSAGES } from "~/features/reviews/reviews.messages.ts";
import { restaurantRatingOf } from "~/features/seo/ratings.server.ts";
import { restaurantJsonLd, withContext } from "~/lib/json-ld.ts";
import { shareImageUrl } from "~/lib/media.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { absoluteUrl, errorMeta, localeOf, originOf, seoMeta } from "~/lib/seo.ts";
import { restaurantPath } from "~/lib/slug.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/restaurant-reviews";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";
import { RatingSummary } from "~/features/reviews/components/rating-summary.tsx";
import { VerifiedFilter, verifiedOnlyOf } from "~/features/reviews/components/verified-filter.tsx";
import { requestLocale } from "~/lib/locale.ts";
import { ratingSummary } from "~/features/reviews/rating-summary.server.ts";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request);
  const url = new URL(request.url);
  const wanted = url.searchParams.get("review");
  const verifiedOnly = verifiedOnlyOf(url);
  const found = await restaurantRecentReviews(
    services,
    params.name,
    { id: viewer?.userId, locale: requestLocale(request), verifiedOnly },
    wanted,
  );
  if (!found) notFound();
  const listed = found.visibility === "public";
  return {
    restaurant: {
      restName: found.restaurant.restName,
      urlName: found.restaurant.urlName,
      restType: found.restaurant.restType,
      profileImageUrl: found.restaurant.profileImageUrl,
    },
    reviews: found.reviews,
    verifiedOnly,
    visibility: found.visibility,
    // The REVIEWS card of the owner's profile opens this page with reply forms.
    isOwner: viewer?.userId === found.restaurant.id,
    // For JSON-LD: the restaurant's exact rating, only while it is public (ADR 0017).
    rating: listed ? await restaurantRatingOf(services, found.restaurant.id) : { average: 0, count: 0 },
    // The rating on top of the page, with its 5-to-1 breakdown (ADR 0024).
    summary: listed ? await ratingSummary(services, { restaurantId: found.restaurant.id }) : null,
    listed,
  };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return reviewListAction(request, context, `/reviews/${encodeURIComponent(params.name)}`);
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  if (!data) return errorMeta(t("Not Found"));
  const { restaurant, rating } = data;
  const origin = originOf(matches);
  const share = shareImageUrl(restaurant.profileImageUrl);
  return seoMeta({
    origin,
    locale,
    path: `/reviews/${encodeURIComponent(restaurant.urlName)}`,
    title: t("Reviews of {{name}}", { name: restaurant.restName }),
    description:
      rating.count > 0
        ? t("{{count}} reviews of {{name}}, rated {{rating}} out of 5, with the owner's replies.", {
            count: rating.count,
            name: restaurant.restName,
            rating: Math.round(rating.average * 10) / 10,
          })
        : t("Reviews of {{name}} on Foodverse.", { name: restaurant.restName }),
    image: share,
    noindex: !data.listed,
    jsonLd: !data.listed
      ? null
      : withContext(
          restaurantJsonLd({
            name: restaurant.restName,
            url: absoluteUrl(origin, restaurantPath(restaurant.urlName)),
            image: share ? absoluteUrl(origin, share) : null,
            cuisines: [restaurant.restType],
            rating,
            reviews: data.reviews,
          }),
        ),
  });
}

export default function RestaurantReviews({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const { restaurant, reviews, isOwner, visibility } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <Link to={restaurantPath(restaurant.urlName)} className="font-medium text-brand underline">
        {t("Visit {{name}}'s page", { name: restaurant.restName })}
      </Link>
      <h1 className="text-3xl font-bold">{t("Reviews of {{name}}", { name: restaurant.restName })}</h1>
      <ApprovalNote visibility={visibility} subject="page" />
      {loaderData.summary && loaderData.summary.count > 0 ? (
        <RatingSummary summary={loaderData.summary} />
      ) : null}
      {loaderData.listed ? (
        <VerifiedFilter
          base={`/reviews/${encodeURIComponent(restaurant.urlName)}`}
          verifiedOnly={loaderData.verifiedOnly}
        />
      ) : null}
      {visibility !== "awaiting-approval" && reviews.length === 0 ? (
        <p>{loaderData.verifiedOnly ? t("No table-verified reviews yet.") : tm(REVIEW_MESSAGES.noRecent)}</p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {reviews.map((review) => (
          <ReviewCard key={review.id} anchor={`review-${review.id}`} review={review} showBranch>
            {isOwner ? <ReplyForm reviewId={review.id} current={review.replyText} /> : null}
            {viewer && !isOwner ? <ReportForm reviewId={review.id} /> : null}
          </ReviewCard>
        ))}
      </div>
    </section>
  );
}
