import { Link, useRouteLoaderData } from "react-router";
import { Pagination } from "~/components/ui/pagination.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { ReviewCard } from "~/features/reviews/components/review-card.tsx";
import { ReportForm } from "~/features/reviews/components/review-tools.tsx";
import { reviewListAction } from "~/features/reviews/review-actions.server.ts";
import { branchReviewsPage } from "~/features/reviews/reviews-read.server.ts";
import { REVIEW_MESSAGES } from "~/features/reviews/reviews.schema.ts";
import { branchPath } from "~/lib/slug.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branch-reviews";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  const found = await branchReviewsPage(servicesOf(context), params.restaurantName, params.branchName, page);
  if (!found) notFound("Branch Not Found");
  return {
    restaurant: { restName: found.restaurant.restName, urlName: found.restaurant.urlName },
    branch: { branchName: found.branch.branchName, branchUrl: found.branch.branchUrl },
    reviews: found.reviews,
    page: found.page,
    pages: found.pages,
  };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return reviewListAction(
    request,
    context,
    `${branchPath(params.restaurantName, params.branchName)}/reviews`,
  );
}

export const meta = ({ loaderData: data }: Route.MetaArgs) => [
  {
    title: data
      ? `Reviews for ${data.branch.branchName} · ${data.restaurant.restName} · Foodverse`
      : "Foodverse",
  },
];

export default function BranchReviews({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const { restaurant, branch, reviews, page, pages } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <Link
        to={branchPath(restaurant.urlName, branch.branchUrl)}
        className="font-medium text-brand underline"
      >
        {restaurant.restName} · {branch.branchName}
      </Link>
      <h1 className="text-3xl font-bold">Reviews for {branch.branchName}</h1>
      {reviews.length === 0 ? <p>{REVIEW_MESSAGES.noneForBranch}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review}>
            {viewer ? <ReportForm reviewId={review.id} /> : null}
          </ReviewCard>
        ))}
      </div>
      <Pagination page={page} pages={pages} label="Review pages" />
    </section>
  );
}
