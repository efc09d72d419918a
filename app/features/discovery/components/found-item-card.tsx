import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { DishPrice, DishThumbnail, Rating } from "~/features/menus/components/item-card.tsx";
import { publicPrice } from "~/lib/price.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";

export interface FoundItem {
  id: string;
  name: string;
  price: number;
  /** Its sizes as stored (JSON), each at the branch's price where it overrides. */
  sizes: string;
  itemTaste: string;
  itemType: string;
  itemRating: number;
  itemRatingBy: number;
  frontView: string;
  soldOut: number;
  restName: string;
  urlName: string;
  branchName: string | null;
  branchUrl: string | null;
  cityLabel: string | null;
  areaLabel: string | null;
}

/** A dish found by the Item Finder: where it is served (restaurant, branch, place), price and rating. */
export function FoundItemCard({ item }: { item: FoundItem }) {
  const { t } = useI18n();
  const href = item.branchUrl
    ? `${branchPath(item.urlName, item.branchUrl)}/menu/${item.id}`
    : `${restaurantPath(item.urlName)}/menu/${item.id}`;
  const place = [item.areaLabel, item.cityLabel].filter(Boolean).join(", ");
  return (
    <li className="flex gap-3 rounded-xl bg-white p-3 shadow-sm">
      <DishThumbnail src={item.frontView} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <Link to={href} className="text-lg font-semibold text-brand underline-offset-2 hover:underline">
            {item.name}
          </Link>
          <DishPrice price={item.price} sizes={item.sizes} format={publicPrice} />
        </div>
        <p className="text-sm">
          {item.restName}
          {item.branchName ? ` · ${item.branchName}` : ""}
          {place ? <span className="text-muted"> · {place}</span> : null}
        </p>
        <p className="text-sm text-muted">
          {t(item.itemTaste)} · {t(item.itemType)}
          {item.soldOut ? ` · ${t("Sold out")}` : ""}
        </p>
        <Rating value={item.itemRating} count={item.itemRatingBy} />
      </div>
    </li>
  );
}
