import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * The owner's preview of their branch page at another moment (ADR 0043): a GET form that
 * adds `?at=` (never kept by the page cache, refused to anyone else), and what is shown.
 */
export function PreviewAt({ preview, base }: { preview: { at: string | null; now: string }; base: string }) {
  const { t } = useI18n();
  const shownAt = preview.at?.replace("T", " ");
  return (
    <section
      aria-labelledby="preview-at"
      className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3 text-sm"
    >
      <h2 id="preview-at" className="font-semibold">
        {t("Only you see this: the menu at another time")}
      </h2>
      {shownAt ? (
        <p role="status" className="rounded-md bg-brand-soft p-2">
          {t("Preview as at {{time}}, the branch's time. Diners see the menu of now.", { time: shownAt })}{" "}
          <Link to={base} className="font-semibold text-brand underline">
            {t("Back to now")}
          </Link>
        </p>
      ) : null}
      <Form method="get" action={base} className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 font-medium">
          {t("Date and time")}
          <input
            type="datetime-local"
            name="at"
            required
            defaultValue={preview.at ?? preview.now}
            className="min-h-11 rounded-md border border-line px-2"
          />
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          {t("Show the menu then")}
        </button>
      </Form>
    </section>
  );
}
