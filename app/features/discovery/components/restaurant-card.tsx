import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { Avatar } from "~/components/ui/avatar.tsx";
import { restaurantPath } from "~/lib/slug.ts";

export interface RestaurantCardData {
  id: string;
  restName: string;
  urlName: string;
  restType: string;
  profileImageUrl: string;
  restRating?: number;
  restNoofReviews?: number;
}

/** product rules §2's restaurant card (logo and name, linking to /r/{urlName}), with rating when known. */
export function RestaurantCard({ restaurant: r }: { restaurant: RestaurantCardData }) {
  const { t } = useI18n();
  const reviews = r.restNoofReviews ?? 0;
  return (
    <li>
      <Link
        to={restaurantPath(r.urlName)}
        className="flex h-full items-center gap-4 rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-brand"
      >
        {/* The name follows as text, so the logo adds nothing to the link's name. */}
        <span aria-hidden="true" className="shrink-0">
          <Avatar src={r.profileImageUrl} name={r.restName} size={64} />
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="text-lg font-semibold break-words">{r.restName}</span>
          <span className="text-sm text-muted">{t(r.restType)}</span>
          {r.restRating !== undefined ? (
            <span className="text-sm">
              <span aria-hidden="true" className="text-amber-600">
                ★
              </span>{" "}
              {reviews > 0
                ? t("{{rating}} ({{count}} reviews)", { rating: r.restRating.toFixed(1), count: reviews })
                : t("No reviews yet")}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
