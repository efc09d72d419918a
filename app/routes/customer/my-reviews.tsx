import { Form } from "react-router";
import { ConfirmSubmit } from "~/components/ui/confirm-submit.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { ReviewCard } from "~/features/reviews/components/review-card.tsx";
import { myReviews } from "~/features/reviews/reviews-read.server.ts";
import { REVIEW_MESSAGES } from "~/features/reviews/reviews.schema.ts";
import { deleteReview } from "~/features/reviews/reviews.server.ts";
import { refused } from "~/server/action-result.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/my-reviews";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { readFormValues } from "~/server/upload-form.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("My Reviews")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  return { reviews: await myReviews(services, viewer.userId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  const values = await readFormValues(request, context);
  const result = await deleteReview(services, viewer.userId, String(values.reviewId ?? ""));
  if (!result.ok) return refused(result);
  const here = "/profile/customer/reviews";
  return redirectWithToast(here, "success", REVIEW_MESSAGES.deleted);
}

export default function MyReviews({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { reviews } = loaderData;
  const { t, tm } = useI18n();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("My Reviews")}</h1>
      {actionData ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-danger">
          {tm(REVIEW_MESSAGES.deleteFailed)}
        </p>
      ) : null}
      {reviews.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{tm(REVIEW_MESSAGES.none)}</p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} showPlace>
            {review.hiddenByFoodverse ? (
              <div className="flex flex-col gap-1 rounded-md border border-gray-800 bg-gray-50 p-3 text-sm">
                <p className="self-start rounded bg-gray-800 px-2 py-0.5 font-semibold text-white">
                  {t("Hidden by Foodverse")}
                </p>
                {review.hiddenReasons.length > 0 ? (
                  <p>
                    {t("Reason:")} <bdi>{review.hiddenReasons.join(t("; "))}</bdi>
                  </p>
                ) : null}
                <p className="text-muted">
                  {t(
                    "Only you see this review now: it is left out of every list and rating. You can delete it.",
                  )}
                </p>
              </div>
            ) : null}
            <Form method="post">
              <input type="hidden" name="reviewId" value={review.id} />
              <ConfirmSubmit question={REVIEW_MESSAGES.deleteConfirm}>{t("Delete Review")}</ConfirmSubmit>
            </Form>
          </ReviewCard>
        ))}
      </div>
    </section>
  );
}
