import { Avatar } from "~/components/ui/avatar.tsx";
import { LinkCards } from "~/components/ui/link-cards.tsx";
import { ReadMore } from "~/components/ui/read-more.tsx";
import { findPublicRestaurant } from "~/features/restaurants/restaurants.queries.server.ts";
import { listOf, postalAddress, restaurantJsonLd, withContext } from "~/lib/json-ld.ts";
import { imageSrcSet, shareImageUrl } from "~/lib/media.ts";
import { absoluteUrl, errorMeta, originOf, seoMeta } from "~/lib/seo.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { truncateWords } from "~/lib/words.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/restaurant";
import { STATIC_FOR_VISITORS } from "~/lib/static-page.ts";

export const handle = STATIC_FOR_VISITORS;

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const found = await findPublicRestaurant(services.database.db, params.restaurantName);
  if (!found) notFound();
  // The approval status itself is never shown (SPEC §1); pages of restaurants not approved stay out of search.
  const { approvalStatus, ...restaurant } = found;
  return { restaurant, listed: approvalStatus === "approved" };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return errorMeta("Not Found");
  const r = data.restaurant;
  const origin = originOf(matches);
  const path = restaurantPath(r.urlName);
  const share = shareImageUrl(r.coverImageUrl) ?? shareImageUrl(r.profileImageUrl);
  const description = truncateWords(r.about || `${r.restName}, ${r.restType} in ${r.country}.`, 30).text;
  return seoMeta({
    origin,
    path,
    title: r.restName,
    description,
    image: share,
    type: "restaurant.restaurant",
    noindex: !data.listed,
    jsonLd: withContext(
      restaurantJsonLd({
        name: r.restName,
        url: absoluteUrl(origin, path),
        description: r.about,
        image: share ? absoluteUrl(origin, share) : null,
        cuisines: [r.restType, ...listOf(r.restOthertypes)],
        telephone: r.contact,
        address: postalAddress({ address: r.address, country: r.country }),
        rating: { average: r.restRating, count: r.restNoofReviews },
        menu: data.listed ? absoluteUrl(origin, `${path}/menu`) : undefined,
        sameAs: [r.restWebsite],
      }),
    ),
  });
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
            fetchPriority="high"
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
