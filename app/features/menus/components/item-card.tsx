import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { imageSrcSet } from "~/lib/media.ts";
import { readSizes, sizePrices } from "~/lib/sizes.ts";
import { sizeName } from "~/lib/size-names.ts";
import { allergenName, allergensOf } from "~/lib/allergens.ts";
import type { MenuItemRow } from "../menus.queries.server.ts";

type CardItem = Pick<
  MenuItemRow,
  | "id"
  | "name"
  | "nameExtra"
  | "description"
  | "descriptionExtra"
  | "itemTaste"
  | "itemType"
  | "foodAllergies"
  | "price"
  | "itemRating"
  | "itemRatingBy"
  | "frontView"
  | "soldOut"
> & { sizes?: DishSizes };

/** A dish's sizes as stored (JSON) or as a diner pays for them. */
type DishSizes = string | readonly { label: string; price: number }[];

function paidSizes(sizes: DishSizes | undefined) {
  if (sizes === undefined) return [];
  return typeof sizes === "string" ? sizePrices(readSizes(sizes)) : sizes;
}

/**
 * The price of a dish, or with sizes each size and its price ("Half $1,650", "Full
 * $3,100"), in the page's own format (product rules §9: Rs. for owners, $ in public).
 */
export function DishPrice({
  price,
  sizes,
  format,
}: {
  price: number;
  sizes?: DishSizes;
  format: (n: number) => string;
}) {
  const { t, locale } = useI18n();
  const list = paidSizes(sizes);
  if (list.length === 0) return <span className="font-semibold">{format(price)}</span>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-0.5" aria-label={t("Sizes")}>
      {list.map((size) => (
        <li key={size.label} className="whitespace-nowrap">
          {sizeName(size.label, locale, t)} <span className="font-semibold">{format(size.price)}</span>
        </li>
      ))}
    </ul>
  );
}

export function Rating({ value, count }: { value: number; count: number }) {
  const { t } = useI18n();
  return (
    <span className="text-sm">
      <span aria-hidden="true" className="text-amber-600">
        ★
      </span>{" "}
      {count > 0 ? `${value.toFixed(1)} (${t("{{count}} ratings", { count })})` : t("No ratings yet")}
    </span>
  );
}

/** The allergens an owner listed, as a warning; nothing for none (empty, 'None', '-'). */
export function AllergenBadge({ text }: { text: string }) {
  const { t } = useI18n();
  const allergens = allergensOf(text);
  if (allergens.length === 0) return null;
  return (
    <p className="self-start rounded border border-amber-700 bg-amber-50 px-2 py-0.5 text-sm text-amber-900">
      {t("Allergens:")} {allergens.map((word) => allergenName(word, t)).join(t(", "))}
    </p>
  );
}

/** A dish's front picture in a list: decorative (the name follows), lazy, sized to its 96 px box. */
export function DishThumbnail({ src, soldOut = false }: { src: string; soldOut?: boolean }) {
  if (!src) return null;
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes="96px"
      alt=""
      width={96}
      height={96}
      loading="lazy"
      className={`size-24 shrink-0 rounded-md object-cover ${soldOut ? "grayscale" : ""}`}
    />
  );
}

/** One dish on a menu: the owner's (Rs.) and the public one ($) differ only in price format and link. */
export function ItemCard({
  item,
  href,
  price,
  note,
  photos,
}: {
  item: CardItem;
  /** Without a link (the admin's inspection), the name is plain text. */
  href?: string;
  price: (n: number) => string;
  /** Said under the name: when a dish served at some hours is (ADR 0043). */
  note?: React.ReactNode;
  /** How many diners' photos show the dish (issue 33), linked to them on its page. */
  photos?: number;
}) {
  const { t } = useI18n();
  return (
    <li className="flex gap-3 rounded-lg border border-line bg-white p-3">
      <DishThumbnail src={item.frontView} soldOut={Boolean(item.soldOut)} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {href ? (
            <Link to={href} className="text-lg font-semibold text-brand underline-offset-2 hover:underline">
              {item.name}
            </Link>
          ) : (
            <span className="text-lg font-semibold">{item.name}</span>
          )}
          <DishPrice price={item.price} sizes={item.sizes} format={price} />
        </div>
        {item.nameExtra ? <p className="text-sm text-muted">{item.nameExtra}</p> : null}
        {note}
        {item.soldOut ? (
          <p className="self-start rounded bg-gray-800 px-2 py-0.5 text-sm font-semibold text-white">
            {t("Sold out")}
          </p>
        ) : null}
        {/* An owner's words may be English on an Urdu page: their own direction keeps the full stop in place. */}
        {item.description ? <p dir="auto">{item.description}</p> : null}
        {item.descriptionExtra ? (
          <p dir="auto" className="text-sm text-muted">
            {item.descriptionExtra}
          </p>
        ) : null}
        <p className="text-sm text-muted">
          {t(item.itemTaste)} · {t(item.itemType)}
        </p>
        <AllergenBadge text={item.foodAllergies} />
        <Rating value={item.itemRating} count={item.itemRatingBy} />
        {photos && href ? (
          <Link to={`${href}#diners-photos`} className="self-start text-sm text-brand underline">
            {t("Diners' photos ({{number}})", { number: photos })}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
