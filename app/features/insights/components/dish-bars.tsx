import { useI18n } from "~/i18n/use-i18n.ts";
import type { DishViews } from "../insights.messages.ts";

type Dish = DishViews;

/**
 * The most viewed dishes as a list of horizontal bars: each dish's name, its views as
 * words and as a bar (drawn from the start of the line, so from the right on Urdu
 * pages), and its rating beside it.
 */
export function DishBars({ dishes, label }: { dishes: Dish[]; label: string }) {
  const { t, number } = useI18n();
  const most = Math.max(1, ...dishes.map((d) => d.views));
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {dishes.map((dish) => (
        <li key={dish.id} className="flex flex-col gap-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-medium break-words">
              {dish.name}
              {dish.branchName ? (
                <span className="text-sm font-normal text-muted"> · {dish.branchName}</span>
              ) : null}
            </span>
            <span className="text-sm text-muted">
              {dish.itemRatingBy > 0
                ? t("{{rating}} stars from {{count}} ratings", {
                    rating: number(dish.itemRating, { maximumFractionDigits: 1 }),
                    count: dish.itemRatingBy,
                  })
                : t("No ratings yet")}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <div className="h-3 flex-1 rounded-sm bg-brand-soft" aria-hidden="true">
              <div
                className="h-3 rounded-sm bg-brand"
                style={{ inlineSize: `${Math.max(2, (dish.views / most) * 100)}%` }}
              />
            </div>
            <span className="w-24 shrink-0 text-end text-sm tabular-nums">
              {t("{{count}} views", { count: dish.views })}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
