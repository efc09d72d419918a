import type { Message } from "~/lib/message.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** A 1–5 star rating shown as stars, read out as words. */
export function Stars({ value }: { value: number }) {
  const { t } = useI18n();
  const full = Math.round(value);
  return (
    <span
      role="img"
      aria-label={t("{{value}} out of 5 stars", { value })}
      className="text-lg tracking-wider text-amber-600"
    >
      {"★".repeat(full)}
      <span className="text-gray-400">{"★".repeat(Math.max(0, 5 - full))}</span>
    </span>
  );
}

/** The star picker: five radio buttons, so arrow keys and screen readers work as usual. */
export function StarInput({ name = "rating", error }: { name?: string; error?: Message }) {
  const { t, tm } = useI18n();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-medium">{t("Your rating")}</legend>
      <div className="flex flex-row-reverse justify-end gap-1">
        {[5, 4, 3, 2, 1].map((n) => (
          <label
            key={n}
            className="peer cursor-pointer text-3xl text-gray-400 peer-hover:text-amber-600 hover:text-amber-600 has-[:checked]:text-amber-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand peer-has-[:checked]:text-amber-600"
          >
            <input type="radio" name={name} value={n} required className="sr-only" />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{t("{{count}} stars", { count: n })}</span>
          </label>
        ))}
      </div>
      {error ? <p className="text-sm text-danger">{tm(error)}</p> : null}
    </fieldset>
  );
}
