import { Link, useRouteLoaderData } from "react-router";
import { Pagination } from "~/components/ui/pagination.tsx";
import { getViewer } from "~/features/accounts/access.server.ts";
import { shownBranchDetails } from "~/features/branches/branches.server.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { ReviewCard } from "~/features/reviews/components/review-card.tsx";
import { ReportForm } from "~/features/reviews/components/review-tools.tsx";
import { reviewListAction } from "~/features/reviews/review-actions.server.ts";
import { branchReviewsPage } from "~/features/reviews/reviews-read.server.ts";
import { REVIEW_MESSAGES } from "~/features/reviews/reviews.messages.ts";
import { branchRatingOf } from "~/features/seo/ratings.server.ts";
import { restaurantJsonLd, withContext, branchAddress } from "~/lib/json-ld.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { absoluteUrl, errorMeta, localeOf, originOf, pagedPath, seoMeta } from "~/lib/seo.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branch-reviews";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";
import { requestedPage } from "~/lib/paging.ts";
import { RatingSummary } from "~/features/reviews/components/rating-summary.tsx";
import { VerifiedFilter, verifiedOnlyOf } from "~/features/reviews/components/verified-filter.tsx";
import { requestLocale } from "~/lib/locale.ts";
import { ratingSummary } from "~/features/reviews/rating-summary.server.ts";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const page = requestedPage(request);
  const viewer = await getViewer(services, request);
  const verifiedOnly = verifiedOnlyOf(new URL(request.url));
  const found = await branchReviewsPage(services, params.restaurantName, params.branchName, page, {
    id: viewer?.userId,
    locale: requestLocale(request),
    verifiedOnly,
  });
  if (!found) notFound("Branch Not Found");
  const { restaurant, branch, visibility } = found;
  const listed = visibility === "public";
  return {
    restaurant: { restName: restaurant.restName, urlName: restaurant.urlName, restType: restaurant.restType },
    branch: {
      branchName: branch.branchName,
      branchUrl: branch.branchUrl,
      // ADR 0017: until the restaurant is public a visitor gets the names and the note, not the details.
      ...shownBranchDetails(branch, visibility),
    },
    reviews: found.reviews,
    verifiedOnly,
    page: found.page,
    pages: found.pages,
    visibility,
    // For JSON-LD: the branch's rating, only while its restaurant is public (ADR 0017).
    rating: listed ? await branchRatingOf(services, branch.id) : { average: 0, count: 0 },
    // The rating on top of the page, with its 5-to-1 breakdown (ADR 0024).
    summary: listed ? await ratingSummary(services, { branchId: branch.id }) : null,
    listed,
  };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return reviewListAction(
    request,
    context,
    `${branchPath(params.restaurantName, params.branchName)}/reviews`,
  );
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  if (!data) return errorMeta(t("Branch Not Found"));
  const { restaurant, branch } = data;
  const origin = originOf(matches);
  const branchUrl = branchPath(restaurant.urlName, branch.branchUrl);
  const name = `${restaurant.restName} · ${branch.branchName}`;
  return seoMeta({
    origin,
    locale,
    path: pagedPath(`${branchUrl}/reviews`, data.page),
    title: t("Reviews for {{branch}} · {{restaurant}}", {
      branch: branch.branchName,
      restaurant: restaurant.restName,
    }),
    description:
      data.rating.count > 0
        ? t("{{count}} reviews of {{name}}, rated {{rating}} out of 5.", {
            count: data.rating.count,
            name,
            rating: Math.round(data.rating.average * 10) / 10,
          })
        : t("Reviews of {{name}}.", { name }),
    noindex: !data.listed,
    jsonLd: !data.listed
      ? null
      : withContext(
          restaurantJsonLd({
            name,
            url: absoluteUrl(origin, branchUrl),
            cuisines: [restaurant.restType],
            telephone: branch.contact,
            address: branchAddress(branch),
            parent: {
              name: restaurant.restName,
              url: absoluteUrl(origin, restaurantPath(restaurant.urlName)),
            },
            rating: data.rating,
            reviews: data.reviews,
          }),
        ),
  });
}

export default function BranchReviews({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const { restaurant, branch, reviews, page, pages, visibility } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <Link
        to={branchPath(restaurant.urlName, branch.branchUrl)}
        className="font-medium text-brand underline"
      >
        {restaurant.restName} · {branch.branchName}
      </Link>
      <h1 className="text-3xl font-bold">{t("Reviews for {{branch}}", { branch: branch.branchName })}</h1>
      <ApprovalNote visibility={visibility} subject="page" />
      {loaderData.summary && loaderData.summary.count > 0 ? (
        <RatingSummary summary={loaderData.summary} />
      ) : null}
      {loaderData.listed ? (
        <VerifiedFilter
          base={`${branchPath(restaurant.urlName, branch.branchUrl)}/reviews`}
          verifiedOnly={loaderData.verifiedOnly}
        />
      ) : null}
      {visibility !== "awaiting-approval" && reviews.length === 0 ? (
        <p>
          {loaderData.verifiedOnly ? t("No table-verified reviews yet.") : tm(REVIEW_MESSAGES.noneForBranch)}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review}>
            {viewer ? <ReportForm reviewId={review.id} /> : null}
          </ReviewCard>
        ))}
      </div>
      <Pagination page={page} pages={pages} label={t("Review pages")} />
    </section>
  );
}
