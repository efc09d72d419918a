import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { PopularDish } from "../dish-photos.server.ts";

/** 'Popular here' (issue 33): the dishes reviews name or show most, each linked, with the rule that picked them. */
export function PopularDishes({
  dishes,
  hrefOf,
}: {
  dishes: PopularDish[];
  hrefOf: (itemId: string) => string;
}) {
  const { t } = useI18n();
  if (dishes.length === 0) return null;
  return (
    <section aria-labelledby="popular-here" className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
      <h2 id="popular-here" className="text-xl font-bold">
        {t("Popular here")}
      </h2>
      <ol className="flex flex-wrap gap-2">
        {dishes.map((dish) => (
          <li key={dish.itemId}>
            <Link
              to={hrefOf(dish.itemId)}
              className="inline-flex min-h-11 flex-col justify-center rounded-lg border border-line px-3 py-1 hover:border-brand"
            >
              <span className="font-semibold text-brand">{dish.name}</span>
              <span className="text-xs text-muted">{t("In {{count}} reviews", { count: dish.reviews })}</span>
            </Link>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted">
        {t(
          "The dishes named or shown in photos in reviews of the last 90 days with 3 stars or more; a review posted at the table counts twice.",
        )}
      </p>
    </section>
  );
}
