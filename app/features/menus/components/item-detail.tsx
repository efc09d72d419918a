import { Carousel } from "~/components/ui/carousel.tsx";
import { publicPrice } from "~/lib/price.ts";
import type { MenuItemRow } from "../menus.queries.server.ts";
import { Rating } from "./item-card.tsx";

type DetailItem = Pick<
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

/** SPEC §2 item detail: the views that exist in a carousel, name, price in $, description. */
export function ItemDetail({ item }: { item: DetailItem }) {
  const slides = [
    { src: item.topView, alt: `${item.name}, seen from the top` },
    { src: item.frontView, alt: `${item.name}, seen from the front` },
    { src: item.sideView, alt: `${item.name}, seen from the side` },
  ].filter((slide) => slide.src);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Carousel slides={slides} label={`Pictures of ${item.name}`} />
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{item.name}</h1>
        <p className="text-2xl font-semibold">{publicPrice(item.price)}</p>
        {item.soldOut ? (
          <p className="self-start rounded bg-gray-800 px-2 py-0.5 font-semibold text-white">Sold out</p>
        ) : null}
        <Rating value={item.itemRating} count={item.itemRatingBy} />
        {item.description ? <p className="whitespace-pre-line">{item.description}</p> : null}
      </div>
    </div>
  );
}
