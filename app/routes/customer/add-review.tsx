import type { Message } from "~/lib/message.ts";
import { useEffect, useId, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { TextAreaField } from "~/components/ui/field.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { SubmissionField } from "~/components/ui/submission-field.tsx";
import { StarInput } from "~/components/ui/stars.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { VideoPicker } from "~/features/reviews/components/video-picker.tsx";
import { TableBadge } from "~/features/reviews/components/table-badge.tsx";
import { forgetReviewDraft, useReviewDraft } from "~/features/reviews/components/review-draft.ts";
import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES } from "~/features/reviews/reviews.schema.ts";
import {
  dishesToTag,
  postReview,
  REVIEW_FORM_LISTS,
  reviewTarget,
} from "~/features/reviews/reviews.server.ts";
import { reviewedAtTable } from "~/features/tables/tables.server.ts";
import { requestLocale } from "~/lib/locale.ts";
import { branchPath } from "~/lib/slug.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readUploadForm } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/add-review";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { keepFormWhenUnanswered, newSubmissionToken, notAfterUnanswered } from "~/lib/submissions.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Add a Review")} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  const found = await reviewTarget(services, params.restaurantName, params.branchName);
  if (!found) notFound("Branch Not Found");
  const locale = requestLocale(request);
  return {
    // The dishes a photo may show (issue 33), and whether this phone holds the branch's table pass.
    dishes: (await dishesToTag(services, found.branch.id)).map((d) => ({
      id: d.id,
      name: (locale === "ur" && d.nameUr) || d.name,
    })),
    atTable: await reviewedAtTable(services, request.headers.get("cookie"), {
      branchId: found.branch.id,
      restaurantId: found.restaurant.id,
      authorId: viewer.userId,
    }),
    restaurant: { restName: found.restaurant.restName, urlName: found.restaurant.urlName },
    branch: { branchName: found.branch.branchName, branchUrl: found.branch.branchUrl },
    maxVideoBytes: services.env.MAX_VIDEO_BYTES,
    // ADR 0017: said before anything is typed; the action refuses such a review anyway.
    takingReviews: found.takingReviews,
    // A review posted twice (no answer came, the diner sends again) is stored once (ADR 0032).
    submission: newSubmissionToken(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  const form = await readUploadForm(request, context, {
    maxFileBytes: services.env.MAX_IMAGE_BYTES,
    maxFiles: MAX_REVIEW_PHOTOS,
    schema: REVIEW_FORM_LISTS,
  });
  if (!form.ok) return refused({ ...form, fieldErrors: { photos: form.message } });
  const target = { urlName: params.restaurantName, branchUrl: params.branchName };
  const result = await postReview(
    services,
    viewer.userId,
    target,
    { values: form.values, photos: form.fileLists.get("photos") ?? [] },
    // A table pass (ADR 0046) is read from the cookie the table card gave, never from the form.
    request.headers.get("cookie"),
  );
  if (!result.ok) return refused(result, form.values);
  // Back to the branch page (product rules §2), which shows its author the review just posted.
  return redirectWithToast(
    `${branchPath(params.restaurantName, params.branchName)}?posted=${result.id}#your-review`,
    "success",
    REVIEW_MESSAGES.posted,
  );
}

export async function clientAction(args: Route.ClientActionArgs) {
  try {
    return await keepFormWhenUnanswered(args);
  } catch (answer) {
    // Posted (the redirect to the branch page names the review): the draft is done with.
    // A redirect to the login (the session ended) keeps it for when the diner is back.
    if (answer instanceof Response && answer.headers.get("Location")?.includes("posted=")) {
      forgetReviewDraft(new URL(args.request.url).pathname);
    }
    throw answer;
  }
}
export const shouldRevalidate = notAfterUnanswered;

function PhotoPicker({ error, dishes }: { error?: Message; dishes: { id: string; name: string }[] }) {
  const { t, tm } = useI18n();
  const id = useId();
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium">
        {t("Photos")}{" "}
        <span className="font-normal text-muted">
          {t("(optional, up to {{max}})", { max: MAX_REVIEW_PHOTOS })}
        </span>
      </label>
      <input
        id={id}
        name="photos"
        type="file"
        accept="image/*"
        multiple
        onChange={(e) => setPreviews(Array.from(e.target.files ?? []).map((f) => URL.createObjectURL(f)))}
        className="block min-h-11 w-full text-sm file:me-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-3 file:font-semibold file:text-brand"
      />
      {previews.length > MAX_REVIEW_PHOTOS ? (
        <p className="text-sm text-danger">{tm(REVIEW_MESSAGES.tooManyPhotos(MAX_REVIEW_PHOTOS))}</p>
      ) : null}
      {previews.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {previews.map((src, i) => (
            <li key={src} className="flex items-center gap-3">
              <img
                src={src}
                alt={t("Chosen {{number}} of {{total}}", { number: i + 1, total: previews.length })}
                className="size-20 shrink-0 rounded-md object-cover"
              />
              {dishes.length > 0 ? (
                <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
                  {t("Dish in photo {{number}}", { number: i + 1 })}
                  <select
                    name="photoDish"
                    defaultValue=""
                    className="min-h-11 w-full rounded-md border border-line px-2"
                  >
                    <option value="">{t("Not a dish, or not sure")}</option>
                    {dishes.map((dish) => (
                      <option key={dish.id} value={dish.id}>
                        {dish.name}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="text-sm text-danger">{tm(error)}</p> : null}
    </div>
  );
}

export default function AddReview({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { restaurant, branch } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [uploading, setUploading] = useState(false);
  const errors = actionData?.fieldErrors ?? {};
  const back = branchPath(restaurant.urlName, branch.branchUrl);
  const { t, tm } = useI18n();
  const draftForm = useReviewDraft(useLocation().pathname);
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">{t("Add a Review")}</h1>
      <p>
        {restaurant.restName} · <span className="font-semibold">{branch.branchName}</span>
      </p>
      {loaderData.atTable && loaderData.takingReviews ? (
        <p role="note" className="flex flex-col items-start gap-2 rounded-md bg-brand-soft p-3">
          <TableBadge />
          <span className="text-sm">
            {t("You opened this branch's table card: your review will show it.")}
          </span>
        </p>
      ) : null}
      {loaderData.takingReviews ? null : (
        <p role="note" className="rounded-md bg-brand-soft p-4">
          {tm(REVIEW_MESSAGES.notTakingReviews)}
        </p>
      )}
      <Form
        ref={draftForm}
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-4"
        hidden={!loaderData.takingReviews}
      >
        <SubmissionField token={loaderData.submission} />
        <FormAlert message={errors.form} />
        <StarInput error={errors.rating} />
        <TextAreaField
          label={t("Your review")}
          name="review"
          optional
          maxLength={3000}
          defaultValue={String(actionData?.values.review ?? "")}
          error={errors.review}
        />
        <PhotoPicker error={errors.photos} dishes={loaderData.dishes} />
        <VideoPicker maxBytes={loaderData.maxVideoBytes} error={errors.video} onBusyChange={setUploading} />
        <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy || uploading}>
          {busy ? t("Posting…") : uploading ? t("Waiting for the video…") : t("Post Review")}
        </button>
      </Form>
      <Link to={back} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{branch}}", { branch: branch.branchName })}
      </Link>
    </section>
  );
}
