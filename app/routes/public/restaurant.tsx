import { Avatar } from "~/components/ui/avatar.tsx";
import { LinkCards } from "~/components/ui/link-cards.tsx";
import { ReadMore } from "~/components/ui/read-more.tsx";
import { findPublicRestaurant } from "~/features/restaurants/restaurants.queries.server.ts";
import { imageSrcSet, shareImageUrl } from "~/lib/media.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { truncateWords } from "~/lib/words.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/restaurant";

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const restaurant = await findPublicRestaurant(services.database.db, params.restaurantName);
  if (!restaurant) notFound();
  const origin = services.env.PUBLIC_URL;
  const pageUrl = `${origin}${restaurantPath(restaurant.urlName)}`;
  const image = shareImageUrl(restaurant.coverImageUrl) ?? shareImageUrl(restaurant.profileImageUrl);
  return { restaurant, pageUrl, shareImage: image ? `${origin}${image}` : null };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Not Found · Foodverse" }];
  const r = data.restaurant;
  const title = `${r.restName} · Foodverse`;
  const description = truncateWords(r.about || `${r.restName}, ${r.restType} in ${r.country}.`, 30).text;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    name: r.restName,
    description: r.about,
    url: data.pageUrl,
    servesCuisine: r.restType,
    telephone: r.contact || undefined,
    address: r.address
      ? { "@type": "PostalAddress", streetAddress: r.address, addressCountry: r.country }
      : undefined,
    image: data.shareImage ?? undefined,
    sameAs: r.restWebsite ? [r.restWebsite] : undefined,
    aggregateRating:
      r.restNoofReviews > 0
        ? {
            "@type": "AggregateRating",
            ratingValue: r.restRating,
            bestRating: 5,
            reviewCount: r.restNoofReviews,
          }
        : undefined,
  };
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: data.pageUrl },
    { property: "og:type", content: "restaurant.restaurant" },
    { property: "og:site_name", content: "Foodverse" },
    { property: "og:title", content: r.restName },
    { property: "og:description", content: description },
    { property: "og:url", content: data.pageUrl },
    ...(data.shareImage
      ? [
          { property: "og:image", content: data.shareImage },
          { property: "og:image:type", content: "image/jpeg" },
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]
      : []),
    { name: "twitter:card", content: data.shareImage ? "summary_large_image" : "summary" },
    { "script:ld+json": jsonLd },
  ];
}

export default function PublicRestaurant({ loaderData }: Route.ComponentProps) {
  const r = loaderData.restaurant;
  const base = restaurantPath(r.urlName);
  const name = encodeURIComponent(r.urlName);
  const cards = [
    { to: `${base}/menu`, label: "Menu", text: "Every section and dish, with prices." },
    { to: `${base}/branches`, label: "Branches", text: "Addresses, contacts and branch menus." },
    { to: `/reviews/${name}`, label: "Reviews", text: "What customers say." },
    { to: `/vendorbestsellers/${name}`, label: "Best sellers", text: "The dishes people rate highest." },
  ];
  return (
    <article className="flex flex-col gap-6">
      <section className="overflow-hidden rounded-xl bg-white shadow-sm">
        {r.coverImageUrl ? (
          <img
            src={r.coverImageUrl}
            srcSet={imageSrcSet(r.coverImageUrl)}
            sizes="(min-width: 1152px) 1152px, 100vw"
            alt={`${r.restName} cover`}
            width={1152}
            height={256}
            className="h-40 w-full object-cover sm:h-64"
          />
        ) : null}
        <div className="flex flex-col gap-3 p-6">
          <div className="flex items-center gap-4">
            <Avatar src={r.profileImageUrl} name={r.restName} />
            <div>
              <h1 className="text-2xl font-bold sm:text-3xl">{r.restName}</h1>
              <p className="text-muted">{r.restType}</p>
            </div>
          </div>
          <ReadMore text={r.about} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Website</dt>
            <dd className="break-all">
              {r.restWebsite ? (
                <a href={r.restWebsite} rel="noopener nofollow" className="text-brand underline">
                  {r.restWebsite}
                </a>
              ) : (
                "—"
              )}
            </dd>
            <dt className="font-medium">Contact</dt>
            <dd>
              {r.contact ? (
                <a href={`tel:${r.contact}`} className="text-brand underline">
                  {r.contact}
                </a>
              ) : (
                "—"
              )}
            </dd>
            <dt className="font-medium">Country</dt>
            <dd>{r.country}</dd>
          </dl>
        </div>
      </section>
      <LinkCards label={`${r.restName} pages`} cards={cards} columns="sm:grid-cols-2 lg:grid-cols-4" />
    </article>
  );
}
