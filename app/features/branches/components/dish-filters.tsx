import { buttonClass } from "~/components/ui/button.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { allergenName } from "~/lib/allergens.ts";
import { ITEM_TYPES, TASTES } from "~/lib/reference-data.ts";
import { filtersActive, type BranchFilters } from "../branch-filters.ts";

const choice = "flex min-h-11 items-center gap-2";

/**
 * What a diner can eat: type, taste, allergens to leave out, only what is available.
 * A GET form, so it works without scripts and each choice is a page of its own,
 * shareable and cached like the rest (ADR 0024).
 */
export function DishFilters({
  filters,
  allergens,
  clearHref,
}: {
  filters: BranchFilters;
  allergens: readonly string[];
  clearHref: string;
}) {
  const { t } = useI18n();
  const active = filtersActive(filters);
  // "Veg · Spicy · no nuts · available now", for the folded filter's summary.
  const summary = [
    filters.type ? t(filters.type) : undefined,
    filters.taste ? t(filters.taste) : undefined,
    ...filters.avoid.map((word) => t("no {{word}}", { word: allergenName(word, t) })),
    filters.available ? t("available now") : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <details open={active} className="rounded-xl bg-white px-4 py-1 shadow-sm">
      <summary className="min-h-11 cursor-pointer py-2.5 font-semibold">
        {t("Filter dishes")}
        {active ? <span className="font-normal">: {summary}</span> : null}
      </summary>
      <form method="get" className="flex flex-col gap-3 pb-3">
        <fieldset className="flex flex-wrap gap-x-4">
          <legend className="font-medium">{t("Type")}</legend>
          {["", ...ITEM_TYPES].map((type) => (
            <label key={type || "any"} className={choice}>
              <input
                type="radio"
                name="type"
                value={type}
                defaultChecked={(filters.type ?? "") === type}
                className="size-5"
              />
              {type ? t(type) : t("Any")}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-x-4">
          <legend className="font-medium">{t("Taste")}</legend>
          {["", ...TASTES].map((taste) => (
            <label key={taste || "any"} className={choice}>
              <input
                type="radio"
                name="taste"
                value={taste}
                defaultChecked={(filters.taste ?? "") === taste}
                className="size-5"
              />
              {taste ? t(taste) : t("Any")}
            </label>
          ))}
        </fieldset>
        {allergens.length > 0 ? (
          <fieldset className="flex flex-wrap gap-x-4">
            <legend className="font-medium">{t("Hide dishes with")}</legend>
            {allergens.map((allergen) => (
              <label key={allergen} className={choice}>
                <input
                  type="checkbox"
                  name="avoid"
                  value={allergen.toLowerCase()}
                  defaultChecked={filters.avoid.includes(allergen.toLowerCase())}
                  className="size-5"
                />
                {allergenName(allergen, t)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <label className={choice}>
          <input
            type="checkbox"
            name="available"
            value="1"
            defaultChecked={filters.available}
            className="size-5"
          />
          {t("Available now (no sold-out dishes)")}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass("primary")}>
            {t("Show dishes")}
          </button>
          {active ? (
            <a
              href={clearHref}
              className="inline-flex min-h-11 items-center px-2 font-medium text-brand underline"
            >
              {t("Clear filters")}
            </a>
          ) : null}
        </div>
      </form>
    </details>
  );
}
