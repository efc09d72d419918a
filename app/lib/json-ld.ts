import type { MetaDescriptor } from "react-router";
import type { Locale } from "./locale.ts";
import { shareImageUrl } from "./media.ts";
import { absoluteUrl, seoMeta, type JsonLd } from "./seo.ts";

// schema.org objects for the public pages (client-safe: meta functions also run in the browser).
// Builders take plain values, so the same code serves the general menu and a branch's copy.

const CONTEXT = "https://schema.org";

/** Reviews in one page's JSON-LD: enough for search engines, without doubling a long page's weight. */
export const MAX_JSON_LD_REVIEWS = 10;

/**
 * Prices are stored in the currency the owner typed them in, Pakistani rupees
 * (owner pages show 'Rs.'); the '$' of public pages is product rules §9's display rule,
 * not a conversion, so structured data states the real currency.
 */
export const PRICE_CURRENCY = "PKR";

/** Drops undefined, null, empty strings and empty lists, so no property is present but blank. */
function compact(value: Record<string, unknown>): JsonLd {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/** restOthertypes is stored as JSON text; a damaged value costs a cuisine, never the page. */
export function listOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string" && v !== "") : [];
  } catch {
    return [];
  }
}

export interface PlaceInput {
  address?: string;
  area?: string;
  city?: string;
  province?: string;
  country?: string;
}

export function postalAddress(place: PlaceInput): JsonLd | undefined {
  // A branch without a typed address still has its area from the cascading selects.
  const address = compact({
    streetAddress: place.address?.trim() || place.area,
    addressLocality: place.city,
    addressRegion: place.province,
    addressCountry: place.country,
  });
  return Object.keys(address).length > 0 ? { "@type": "PostalAddress", ...address } : undefined;
}

/** A branch's address as the branch row stores it (labels, not slugs). */
export function branchAddress(branch: {
  address: string;
  areaLabel: string;
  cityLabel: string;
  provinceLabel: string;
  country: string;
}): JsonLd | undefined {
  return postalAddress({
    address: branch.address,
    area: branch.areaLabel,
    city: branch.cityLabel,
    province: branch.provinceLabel,
    country: branch.country,
  });
}

/** Only with at least one rating: an AggregateRating of zero reviews is invalid for search engines. */
export function aggregateRating(average: number, count: number): JsonLd | undefined {
  if (!(count > 0) || !Number.isFinite(average)) return undefined;
  return {
    "@type": "AggregateRating",
    ratingValue: Math.round(average * 100) / 100,
    bestRating: 5,
    worstRating: 1,
    reviewCount: count,
  };
}

export interface ReviewInput {
  rating: number;
  review: string;
  timestamp: string | null;
  firstName: string;
  lastName: string;
}

export function reviewJsonLd(review: ReviewInput): JsonLd {
  const date = review.timestamp ? new Date(review.timestamp) : null;
  return compact({
    "@type": "Review",
    author: { "@type": "Person", name: `${review.firstName} ${review.lastName}`.trim() || "Customer" },
    reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    datePublished: date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined,
    reviewBody: review.review.trim(),
  });
}

export interface MenuItemInput {
  name: string;
  /** ADR 0026: the name in the page's other language, where the owner gave one. */
  alternateName?: string;
  description?: string;
  price: number;
  /** Absolute URL of the item's share image. */
  image?: string | null;
  /** Absolute URL of the item's page. */
  url?: string;
  soldOut?: number | boolean;
  /** A dish with sizes has one Offer per size (ADR 0022). */
  sizes?: readonly { label: string; price: number }[];
  /** A dated deal's first and last day, "YYYY-MM-DD" (ADR 0044). */
  validFrom?: string;
  validThrough?: string;
}

export function menuItemJsonLd(item: MenuItemInput): JsonLd {
  const availability = item.soldOut ? "https://schema.org/SoldOut" : "https://schema.org/InStock";
  const offer = (price: number, name?: string) =>
    compact({
      "@type": "Offer",
      name,
      price,
      priceCurrency: PRICE_CURRENCY,
      availability,
      validFrom: item.validFrom || undefined,
      validThrough: item.validThrough || undefined,
    });
  return compact({
    "@type": "MenuItem",
    name: item.name,
    alternateName: item.alternateName,
    description: item.description?.trim(),
    url: item.url,
    image: item.image,
    offers: item.sizes?.length ? item.sizes.map((s) => offer(s.price, s.label)) : offer(item.price),
  });
}

/**
 * The meta of an approved menu item's page, the general menu's or a branch's copy:
 * title and description name the item and `place`, the share image is its first
 * uploaded view, and the JSON-LD is its MenuItem.
 */
export function menuItemMeta(input: {
  origin: string;
  /** The item page's own path. */
  path: string;
  /** Where it is served: the restaurant, or the restaurant and branch. */
  place: string;
  /** The page's language (its canonical URL and hreflang links). */
  locale?: Locale;
  item: {
    name: string;
    alternateName?: string;
    description: string;
    price: number;
    soldOut: number | boolean;
    frontView: string;
    topView: string;
    sideView: string;
    sizes?: readonly { label: string; price: number }[];
  };
}): MetaDescriptor[] {
  const { origin, locale, path, place, item } = input;
  const share = shareImageUrl(item.frontView) ?? shareImageUrl(item.topView) ?? shareImageUrl(item.sideView);
  return seoMeta({
    origin,
    locale,
    path,
    title: `${item.name} · ${place}`,
    description: item.description || `${item.name} at ${place}.`,
    image: share,
    jsonLd: withContext(
      menuItemJsonLd({
        name: item.name,
        alternateName: item.alternateName,
        description: item.description,
        price: item.price,
        soldOut: item.soldOut,
        sizes: item.sizes,
        image: share ? absoluteUrl(origin, share) : null,
        url: absoluteUrl(origin, path),
      }),
    ),
  });
}

export interface MenuInput {
  name: string;
  url: string;
  sections: { name: string; alternateName?: string; items: MenuItemInput[] }[];
}

export function menuJsonLd(menu: MenuInput): JsonLd {
  return {
    "@type": "Menu",
    name: menu.name,
    url: menu.url,
    hasMenuSection: menu.sections.map((s) => ({
      "@type": "MenuSection",
      name: s.name,
      ...(s.alternateName ? { alternateName: s.alternateName } : {}),
      hasMenuItem: s.items.map(menuItemJsonLd),
    })),
  };
}

export interface RestaurantInput {
  name: string;
  /** Absolute URL of the restaurant's (or branch's) page. */
  url: string;
  description?: string;
  image?: string | null;
  cuisines?: string[];
  telephone?: string;
  address?: JsonLd;
  rating?: { average: number; count: number };
  /** The menu: its URL, or the Menu itself when the page shows it. */
  menu?: string | JsonLd;
  sameAs?: string[];
  /** For a branch: the restaurant it belongs to. */
  parent?: { name: string; url: string };
  /** For a restaurant page that lists its branches. */
  branches?: JsonLd[];
  reviews?: ReviewInput[];
  /** A branch's weekly hours (openingHoursJsonLd). */
  openingHours?: JsonLd[];
}

export function restaurantJsonLd(r: RestaurantInput): JsonLd {
  const cuisines = [...new Set((r.cuisines ?? []).filter(Boolean))];
  return compact({
    "@type": "Restaurant",
    name: r.name,
    url: r.url,
    description: r.description?.trim(),
    image: r.image,
    // schema.org takes one text or a list; one stays a plain string.
    servesCuisine: cuisines.length === 1 ? cuisines[0] : cuisines,
    telephone: r.telephone?.trim(),
    address: r.address,
    aggregateRating: r.rating ? aggregateRating(r.rating.average, r.rating.count) : undefined,
    hasMenu: r.menu,
    sameAs: r.sameAs?.filter(Boolean),
    openingHoursSpecification: r.openingHours,
    parentOrganization: r.parent
      ? { "@type": "Restaurant", name: r.parent.name, url: r.parent.url }
      : undefined,
    department: r.branches,
    review: r.reviews?.slice(0, MAX_JSON_LD_REVIEWS).map(reviewJsonLd),
  });
}

/** The top-level object of a page's one JSON-LD script. */
export function withContext(value: JsonLd): JsonLd {
  return { "@context": CONTEXT, ...value };
}
