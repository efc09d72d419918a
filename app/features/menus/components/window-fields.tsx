import { useI18n } from "~/i18n/use-i18n.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import { DAY_NAMES, DAYS } from "~/lib/opening-hours.ts";
import { WINDOWS_MAX } from "~/lib/served-times.ts";
import { windowField } from "../served-times-form.ts";

/**
 * The windows of a serving-times form (ADR 0043): for each, from and to, and the days,
 * with the message of what is wrong with it. Shared by sections, dishes and deals.
 */
export function WindowFields({ initial, errors }: { initial: Record<string, unknown>; errors: FieldErrors }) {
  const { t, tm } = useI18n();
  const value = (key: string) => (typeof initial[key] === "string" ? (initial[key] as string) : "");
  return Array.from({ length: WINDOWS_MAX }, (_, i) => {
    const error =
      errors[windowField(i, "From")] ?? errors[windowField(i, "To")] ?? errors[windowField(i, "mon")];
    return (
      <fieldset key={i} className="flex flex-col gap-2 border-b border-line pb-3">
        <legend className="font-semibold">{t("Time {{number}}", { number: i + 1 })}</legend>
        <div className="flex flex-wrap items-end gap-3">
          {(["From", "To"] as const).map((edge) => (
            <label key={edge} className="flex flex-col text-sm font-medium">
              {edge === "From" ? t("From") : t("To")}
              <input
                type="time"
                name={windowField(i, edge)}
                defaultValue={value(windowField(i, edge))}
                aria-invalid={errors[windowField(i, edge)] ? true : undefined}
                aria-label={
                  edge === "From"
                    ? t("Time {{number}}: from", { number: i + 1 })
                    : t("Time {{number}}: to", { number: i + 1 })
                }
                className="min-h-11 w-32 rounded-md border border-line px-2"
              />
            </label>
          ))}
        </div>
        <div
          role="group"
          aria-label={t("Time {{number}}: days", { number: i + 1 })}
          className="flex flex-wrap gap-x-3"
        >
          {DAYS.map((day) => (
            <label key={day} className="flex min-h-11 items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                name={windowField(i, day)}
                defaultChecked={value(windowField(i, day)) === "on"}
                className="size-5 accent-brand"
              />
              {t(DAY_NAMES[day])}
            </label>
          ))}
        </div>
        {error ? <p className="text-sm text-danger">{tm(error)}</p> : null}
      </fieldset>
    );
  });
}
