import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { Locale } from "~/lib/locale.ts";
import { clockText, DAY_NAMES, DAYS } from "~/lib/opening-hours.ts";

/**
 * "Monday 2026-11-30, 11:00 am": the day and the hour in the page's language, the date
 * isolated left to right (in an Urdu sentence its digits would otherwise be reordered).
 */
function momentText(local: string, locale: Locale, t: (key: string) => string): string {
  const [date = "", time = ""] = local.split("T");
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const weekday = DAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
  return `${t(DAY_NAMES[weekday])} \u2066${date}\u2069${t(", ")}${clockText(time, locale)}`;
}

/**
 * The owner's preview of their branch page at another moment (ADR 0043): a GET form that
 * adds `?at=` (never kept by the page cache, refused to anyone else), and what is shown.
 */
export function PreviewAt({ preview, base }: { preview: { at: string | null; now: string }; base: string }) {
  const { t, locale } = useI18n();
  const shownAt = preview.at ? momentText(preview.at, locale, t) : null;
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
