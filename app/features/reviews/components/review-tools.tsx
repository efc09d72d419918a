import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";

/** Report a review (anyone signed in), behind a disclosure so it stays out of the way. */
export function ReportForm({ reviewId }: { reviewId: string }) {
  const { t } = useI18n();
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-muted underline">
        {t("Report this review")}
      </summary>
      <Form method="post" className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <label htmlFor={`reason-${reviewId}`} className="font-medium">
          {t("What is wrong with it?")}
        </label>
        <textarea
          id={`reason-${reviewId}`}
          name="reason"
          required
          maxLength={500}
          rows={2}
          className="rounded-md border border-line p-2"
        />
        <button type="submit" className={buttonClass("secondary", "self-start")}>
          {t("Report")}
        </button>
      </Form>
    </details>
  );
}

/** The owner's public reply to a review (one per review, editable). */
export function ReplyForm({ reviewId, current }: { reviewId: string; current: string | null }) {
  const { t } = useI18n();
  return (
    <Form method="post" className="flex flex-col gap-2 border-t border-line pt-2 text-sm">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <label htmlFor={`reply-${reviewId}`} className="font-medium">
        {current ? t("Edit your reply") : t("Reply publicly")}
      </label>
      <textarea
        id={`reply-${reviewId}`}
        name="text"
        required
        maxLength={1500}
        rows={2}
        defaultValue={current ?? ""}
        className="rounded-md border border-line p-2"
      />
      <button type="submit" className={buttonClass("secondary", "self-start")}>
        {current ? t("Update reply") : t("Reply")}
      </button>
    </Form>
  );
}
