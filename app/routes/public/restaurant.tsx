import { Avatar } from "~/components/ui/avatar.tsx";
import { LinkCards } from "~/components/ui/link-cards.tsx";
import { ReadMore } from "~/components/ui/read-more.tsx";
import { restaurantPage } from "~/features/discovery/restaurant-page.server.ts";
import { RatingSummary } from "~/features/reviews/components/rating-summary.tsx";
import { PopularDishes } from "~/features/reviews/components/popular-dishes.tsx";
import { DishThumbnail, Rating } from "~/features/menus/components/item-card.tsx";
import { CallLink, DirectionsLink } from "~/components/ui/place-action-links.tsx";
import { directionsHref, telHref } from "~/lib/place-links.ts";
import { data as withInit, Link } from "react-router";
import { DealCard } from "~/features/deals/components/deal-card.tsx";
import { requestLocale } from "~/lib/locale.ts";
import { inLanguage } from "~/lib/menu-language.ts";
import { publicPrice } from "~/lib/price.ts";
import { FRESH_UNTIL_HEADER } from "~/server/page-cache.server.ts";
import { listOf, postalAddress, restaurantJsonLd, withContext } from "~/lib/json-ld.ts";
import { imageSrcSet, shareImageUrl } from "~/lib/media.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { absoluteUrl, errorMeta, localeOf, originOf, seoMeta } from "~/lib/seo.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";
import { truncateWords } from "~/lib/words.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/restaurant";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";

const placeAction =
  "inline-flex min-h-11 items-center gap-1 rounded-md border border-brand px-3 font-semibold text-brand";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

// While it lists deals, the page is true until midnight (a deal's last day ends).
export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const found = await restaurantPage(servicesOf(context), params.restaurantName, locale);
  if (!found) notFound();
  const { freshUntil, ...page } = found;
  return withInit(
    { ...page, deals: inLanguage(page.deals, locale) },
    freshUntil ? { headers: { [FRESH_UNTIL_HEADER]: String(freshUntil.getTime()) } } : undefined,
  );
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  if (!data) return errorMeta(t("Not Found"));
  const r = data.restaurant;
  const origin = originOf(matches);
  const path = restaurantPath(r.urlName);
  const share = shareImageUrl(r.coverImageUrl) ?? shareImageUrl(r.profileImageUrl);
  const description = truncateWords(
    r.about ||
      t("{{name}}, {{type}} in {{country}}.", {
        name: r.restName,
        type: t(r.restType),
        country: t(r.country),
      }),
    30,
  ).text;
  return seoMeta({
    origin,
    locale,
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
  const { t } = useI18n();
  const { restaurant: r, rating, branches, dishes, photos } = loaderData;
  const base = restaurantPath(r.urlName);
  const name = encodeURIComponent(r.urlName);
  const cards = [
    { to: `${base}/menu`, label: t("Menu"), text: t("Every section and dish, with prices.") },
    { to: `${base}/branches`, label: t("Branches"), text: t("Addresses, contacts and branch menus.") },
    { to: `/reviews/${name}`, label: t("Reviews"), text: t("What customers say.") },
    {
      to: `/vendorbestsellers/${name}`,
      label: t("Best sellers"),
      text: t("The dishes people rate highest."),
    },
  ];
  return (
    <article className="flex flex-col gap-6">
      <RestaurantIntro restaurant={r} rating={rating} reviewsHref={`/reviews/${name}`} />
      <LinkCards
        label={t("{{name}} pages", { name: r.restName })}
        cards={cards}
        columns="sm:grid-cols-2 lg:grid-cols-4"
      />
      {loaderData.deals.length > 0 ? (
        <section aria-labelledby="deals" className="flex flex-col gap-3">
          <h2 id="deals" className="text-xl font-bold">
            {t("Deals")}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {loaderData.deals.map((deal) => (
              <DealCard key={deal.id} deal={deal} price={publicPrice} />
            ))}
          </ul>
        </section>
      ) : null}
      <PopularDishes dishes={loaderData.popular} hrefOf={(itemId) => `${base}/menu/${itemId}`} />
      {dishes.length > 0 ? <BestRatedDishes dishes={dishes} base={base} /> : null}
      {branches.length > 0 ? <BranchList branches={branches} restaurant={r} /> : null}
      {photos.length > 0 ? <ReviewPhotos photos={photos} urlName={r.urlName} /> : null}
    </article>
  );
}

type Page = Route.ComponentProps["loaderData"];
type Restaurant = Page["restaurant"];

/** The cover, name, rating, about text and contact details. */
function RestaurantIntro({
  restaurant: r,
  rating,
  reviewsHref,
}: {
  restaurant: Restaurant;
  rating: Page["rating"];
  reviewsHref: string;
}) {
  const { t } = useI18n();
  return (
    <section className="overflow-hidden rounded-xl bg-white shadow-sm">
      {r.coverImageUrl ? (
        <img
          src={r.coverImageUrl}
          srcSet={imageSrcSet(r.coverImageUrl)}
          sizes="(min-width: 1152px) 1152px, 100vw"
          alt={t("{{name}} cover", { name: r.restName })}
          width={1152}
          height={256}
          fetchPriority="high"
          // The whole width on a phone (what is written on a cover is at its sides too).
          className="aspect-[9/2] w-full object-cover sm:aspect-auto sm:h-64"
        />
      ) : null}
      <div className="flex flex-col gap-3 p-4 sm:p-6">
        <div className="flex items-center gap-4">
          <Avatar src={r.profileImageUrl} name={r.restName} />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold break-words sm:text-3xl">{r.restName}</h1>
            <p className="text-muted">{t(r.restType)}</p>
          </div>
        </div>
        {rating ? <RatingSummary summary={rating} reviewsHref={reviewsHref} /> : null}
        <ReadMore text={r.about} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">{t("Website")}</dt>
          <dd className="break-all">
            {r.restWebsite ? (
              <a href={r.restWebsite} rel="noopener nofollow" dir="ltr" className="text-brand underline">
                {r.restWebsite}
              </a>
            ) : (
              "—"
            )}
          </dd>
          <dt className="font-medium">{t("Contact")}</dt>
          <dd>
            {r.contact ? (
              <a href={`tel:${r.contact}`} dir="ltr" className="text-brand underline">
                {r.contact}
              </a>
            ) : (
              "—"
            )}
          </dd>
          <dt className="font-medium">{t("Country")}</dt>
          <dd>{t(r.country)}</dd>
        </dl>
      </div>
    </section>
  );
}

function BestRatedDishes({ dishes, base }: { dishes: Page["dishes"]; base: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="best-rated" className="flex flex-col gap-3">
      <h2 id="best-rated" className="text-xl font-bold">
        {t("Best rated dishes")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {dishes.map((dish) => (
          <li key={dish.id} className="flex gap-3 rounded-lg border border-line bg-white p-3">
            <DishThumbnail src={dish.frontView} />
            <div className="flex min-w-0 flex-col gap-1">
              <Link
                to={`${base}/menu/${dish.id}`}
                className="font-semibold text-brand underline-offset-2 hover:underline"
              >
                {dish.name}
              </Link>
              <Rating value={dish.itemRating} count={dish.itemRatingBy} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BranchList({ branches, restaurant: r }: { branches: Page["branches"]; restaurant: Restaurant }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="branches" className="flex flex-col gap-3">
      <h2 id="branches" className="text-xl font-bold">
        {t("Branches")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {branches.map((branch) => {
          const call = telHref(branch.contact);
          const directions = directionsHref([
            r.restName,
            branch.address,
            branch.areaLabel,
            branch.cityLabel,
            r.country,
          ]);
          return (
            <li
              key={branch.branchUrl}
              className="flex flex-col gap-2 rounded-lg border border-line bg-white p-3"
            >
              <Link
                to={branchPath(r.urlName, branch.branchUrl)}
                className="text-lg font-semibold text-brand underline-offset-2 hover:underline"
              >
                {branch.branchName}
              </Link>
              <p dir="auto" className="text-sm text-muted">
                {[branch.address, branch.areaLabel, branch.cityLabel && t(branch.cityLabel)]
                  .filter(Boolean)
                  .join(", ")}
              </p>
              <div className="flex flex-wrap gap-2">
                {call ? <CallLink href={call} className={placeAction} /> : null}
                {directions ? <DirectionsLink href={directions} className={placeAction} /> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Photos from recent reviews, each opening its branch's reviews. */
function ReviewPhotos({ photos, urlName }: { photos: Page["photos"]; urlName: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="photos" className="flex flex-col gap-3">
      <h2 id="photos" className="text-xl font-bold">
        {t("From recent reviews")}
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {photos.map((photo) => (
          <li key={`${photo.reviewId}-${photo.src}`}>
            <Link to={`${branchPath(urlName, photo.branchUrl)}/reviews`}>
              <img
                src={photo.src}
                srcSet={imageSrcSet(photo.src)}
                sizes="(min-width: 640px) 180px, 33vw"
                alt={t("From a review of {{branch}}", { branch: photo.branchName })}
                width={180}
                height={180}
                loading="lazy"
                className="aspect-square w-full rounded-md object-cover"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
