import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { DishPrice, DishThumbnail, Rating } from "~/features/menus/components/item-card.tsx";
import { publicPrice } from "~/lib/price.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";

/** A branch that serves a found dish, at its own price. */
export interface FoundBranch {
  /** The branch's copy of the dish (the general dish for a restaurant without branches). */
  id: string;
  branchName: string | null;
  branchUrl: string | null;
  cityLabel: string | null;
  areaLabel: string | null;
  price: number;
  /** Its sizes as stored (JSON), each at the branch's price where it overrides. */
  sizes: string;
  soldOut: number;
}

export interface FoundItem {
  id: string;
  name: string;
  /** The first branch's price and sizes. */
  price: number;
  sizes: string;
  itemTaste: string;
  itemType: string;
  itemRating: number;
  itemRatingBy: number;
  frontView: string;
  restName: string;
  urlName: string;
  /** The branches serving it that match the search, the diner's city first. */
  branches: FoundBranch[];
}

function dishHref(urlName: string, branch: FoundBranch) {
  return branch.branchUrl
    ? `${branchPath(urlName, branch.branchUrl)}/menu/${branch.id}`
    : `${restaurantPath(urlName)}/menu/${branch.id}`;
}

/**
 * A dish found by the Item Finder, once however many branches serve it:
 * price and rating, and each branch a link to the dish there, with the branch's own
 * price where it differs from the first's.
 */
export function FoundItemCard({ item }: { item: FoundItem }) {
  const { t } = useI18n();
  const [first] = item.branches;
  const branches = item.branches.filter((b) => b.branchName);
  const samePrice = (b: FoundBranch) => b.price === first?.price && b.sizes === first.sizes;
  return (
    <li className="flex gap-3 rounded-xl bg-white p-3 shadow-sm">
      <DishThumbnail src={item.frontView} soldOut={item.branches.every((b) => b.soldOut)} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {first ? (
            <Link
              to={dishHref(item.urlName, first)}
              className="text-lg font-semibold text-brand underline-offset-2 hover:underline"
            >
              {item.name}
            </Link>
          ) : (
            <span className="text-lg font-semibold">{item.name}</span>
          )}
          <DishPrice price={item.price} sizes={item.sizes} format={publicPrice} />
        </div>
        <p className="text-sm">
          {item.restName}
          {branches.length === 0 && first?.soldOut ? ` · ${t("Sold out")}` : ""}
        </p>
        <p className="text-sm text-muted">
          {t(item.itemTaste)} · {t(item.itemType)}
        </p>
        <Rating value={item.itemRating} count={item.itemRatingBy} />
        {branches.length > 0 ? (
          <ul aria-label={t("Branches")} className="flex flex-col text-sm">
            {branches.map((branch) => {
              // 'Saddar · Saddar, Rawalpindi' says the area twice: a branch named for it shows the city.
              const area = branch.areaLabel === branch.branchName ? null : branch.areaLabel;
              const place = [area, branch.cityLabel && t(branch.cityLabel)].filter(Boolean).join(t(", "));
              return (
                <li key={branch.id} className="flex items-center justify-between gap-2">
                  <span className="flex min-w-0 flex-wrap items-center gap-x-2">
                    <Link
                      to={dishHref(item.urlName, branch)}
                      className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-2"
                    >
                      {branch.branchName}
                    </Link>
                    {place ? <span className="text-muted">{place}</span> : null}
                  </span>
                  <span className="flex shrink-0 flex-col items-end">
                    {samePrice(branch) ? null : (
                      <DishPrice price={branch.price} sizes={branch.sizes} format={publicPrice} />
                    )}
                    {branch.soldOut ? <span className="text-muted">{t("Sold out")}</span> : null}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
