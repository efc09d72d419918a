import { useI18n } from "~/i18n/use-i18n.ts";
import type { Message } from "~/lib/message.ts";

/**
 * When a section or dish served only at some hours is served (ADR 0043): "From 7:00 am"
 * marked when it is not served now, so a diner can plan, and its windows beside it.
 */
export function ServedNote({
  served,
  className = "",
}: {
  served: { now: boolean; text: Message; windows: string } | null;
  className?: string;
}) {
  const { t, tm } = useI18n();
  if (!served) return null;
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-normal ${className}`}>
      <span
        className={
          served.now
            ? "rounded bg-brand-soft px-2 py-0.5 font-semibold"
            : "rounded border border-amber-700 bg-amber-50 px-2 py-0.5 font-semibold text-amber-900"
        }
      >
        {tm(served.text)}
      </span>
      <span className="text-muted">{t("Served {{times}}", { times: served.windows })}</span>
    </p>
  );
}
