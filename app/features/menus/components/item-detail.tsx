import { Carousel } from "~/components/ui/carousel.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { publicPrice } from "~/lib/price.ts";
import type { MenuItemRow } from "../menus.queries.server.ts";
import { AllergenBadge, DishPrice, Rating } from "./item-card.tsx";

type DetailShown = Pick<
  MenuItemRow,
  | "name"
  | "price"
  | "description"
  | "topView"
  | "frontView"
  | "sideView"
  | "soldOut"
  | "itemRating"
  | "itemRatingBy"
>;
type DetailExtras = Partial<Pick<MenuItemRow, "nameExtra" | "itemTaste" | "itemType" | "foodAllergies">>;
type DetailItem = DetailShown &
  DetailExtras & {
    sizes?: Parameters<typeof DishPrice>[0]["sizes"];
    /** On a branch's page: the general menu's price, where the branch charges differently. */
    menuPrice?: number | null;
  };

/** product rules §2 item detail: the views that exist in a carousel, name, price in $, description. */
export function ItemDetail({ item }: { item: DetailItem }) {
  const { t } = useI18n();
  const name = item.name;
  const slides = [
    { src: item.topView, alt: t("{{name}}, seen from the top", { name }) },
    { src: item.frontView, alt: t("{{name}}, seen from the front", { name }) },
    { src: item.sideView, alt: t("{{name}}, seen from the side", { name }) },
  ].filter((slide) => slide.src);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Carousel slides={slides} label={t("Pictures of {{name}}", { name })} />
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{item.name}</h1>
        {item.nameExtra ? <p className="text-muted">{item.nameExtra}</p> : null}
        <div className="text-2xl">
          <DishPrice price={item.price} sizes={item.sizes} format={publicPrice} />
        </div>
        {item.menuPrice !== undefined && item.menuPrice !== null ? (
          <p className="text-sm text-muted">
            {t("At this branch; {{price}} on the menu.", { price: publicPrice(item.menuPrice) })}
          </p>
        ) : null}
        {item.soldOut ? (
          <p className="self-start rounded bg-gray-800 px-2 py-0.5 font-semibold text-white">
            {t("Sold out")}
          </p>
        ) : null}
        {item.itemTaste || item.itemType ? (
          <p className="text-muted">
            {[item.itemTaste, item.itemType]
              .filter((word): word is string => Boolean(word))
              .map((word) => t(word))
              .join(" · ")}
          </p>
        ) : null}
        <AllergenBadge text={item.foodAllergies ?? ""} />
        <Rating value={item.itemRating} count={item.itemRatingBy} />
        {item.description ? (
          <p dir="auto" className="whitespace-pre-line">
            {item.description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
