import { data, Link, redirect, useNavigation } from "react-router";
import { earliest } from "~/lib/served-times.ts";
import { safeRedirect } from "~/lib/safe-redirect.ts";
import { localTimeIn } from "~/lib/zoned-time.ts";
import { inLanguage } from "~/lib/menu-language.ts";
import { requestLocale } from "~/lib/locale.ts";
import { buttonClass } from "~/components/ui/button.tsx";
import { PageNumbers } from "~/components/ui/pagination.tsx";
import { getViewer } from "~/features/accounts/access.server.ts";
import { markPersonal, pageTemplateContext } from "~/server/page-variant.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.messages.ts";
import { publicBranch, shownBranchDetails } from "~/features/branches/branches.server.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";
import { BranchHero } from "~/features/branches/components/branch-hero.tsx";
import { BranchHours } from "~/features/branches/components/branch-hours.tsx";
import { DishFilters } from "~/features/branches/components/dish-filters.tsx";
import { SectionTabs } from "~/features/branches/components/section-tabs.tsx";
import { ServedNote } from "~/features/branches/components/served-note.tsx";
import { DealCard } from "~/features/deals/components/deal-card.tsx";
import { PreviewAt } from "~/features/branches/components/preview-at.tsx";
import { filtersActive, readBranchFilters } from "~/features/branches/branch-filters.ts";
import { ShareLink } from "~/components/ui/share-link.tsx";
import { openingHoursJsonLd, readHours, specialHoursJsonLd } from "~/lib/opening-hours.ts";
import { directionsHref, telHref } from "~/lib/place-links.ts";
import { FRESH_UNTIL_HEADER } from "~/server/page-cache.server.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { ItemCard } from "~/features/menus/components/item-card.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.messages.ts";
import { REVIEW_MESSAGES } from "~/features/reviews/reviews.messages.ts";
import { branchRatingOf } from "~/features/seo/ratings.server.ts";
import { menuJsonLd, restaurantJsonLd, withContext, branchAddress } from "~/lib/json-ld.ts";
import { shareImageUrl } from "~/lib/media.ts";
import { publicPrice } from "~/lib/price.ts";
import { translateMessage, translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { absoluteUrl, errorMeta, localeOf, originOf, pagedPath, seoMeta } from "~/lib/seo.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branch";
import { keptForRoles, staticForVisitorsWith } from "~/lib/static-page.ts";
import { requestedPage } from "~/lib/paging.ts";
import { ReviewCard } from "~/features/reviews/components/review-card.tsx";
import { justPostedReview } from "~/features/reviews/reviews-read.server.ts";
import { dishPhotoCounts, popularDishes } from "~/features/reviews/dish-photos.server.ts";
import { PopularDishes } from "~/features/reviews/components/popular-dishes.tsx";

// Visitors get no React: two tiny scripts, the share sheet and the section tabs'
// mark following the scroll (ADR 0024).
export const handle = keptForRoles(staticForVisitorsWith("share", "sections"));

// What the page says about opening hours is true until the next opening or closing.
export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

// The page a phone opens after scanning a table's QR code: server-rendered and light.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request);
  const page = requestedPage(request);
  const url = new URL(request.url);
  const filters = readBranchFilters(url.searchParams);
  const postedId = url.searchParams.get("posted");
  const previewAt = url.searchParams.get("at");
  const locale = requestLocale(request);
  // The review its author just posted is theirs alone: this page is not kept for their role.
  if (viewer && postedId) markPersonal(context.get(pageTemplateContext));
  const found = await publicBranch(
    services,
    params.restaurantName,
    params.branchName,
    page,
    viewer?.userId,
    filters,
    { now: services.now(), locale, previewAt },
  );
  if (!found) notFound(BRANCH_MESSAGES.notFound);
  // The page 'as at' another moment is its owner's preview alone (ADR 0043): anyone else,
  // or a moment no clock shows, gets the page of now.
  if (previewAt !== null && !found.previewAt) {
    const kept = new URLSearchParams(
      [...url.searchParams].filter(([name]) => name !== "at" && name !== "_routes"),
    );
    const path = branchPath(found.restaurant.urlName, found.branch.branchUrl);
    throw redirect(safeRedirect(kept.size > 0 ? `${path}?${kept}` : path, { fallback: path }));
  }
  if (found.previewAt) markPersonal(context.get(pageTemplateContext));
  const { restaurant, branch, visibility, items, pages, sections, allergens } = found;
  // ADR 0017: until the restaurant is public a visitor gets the names and the note, not the branch's details.
  const hidden = visibility === "awaiting-approval";
  const hours = hidden ? null : readHours(branch.openingHours);
  // Open now and the time to iftar, from the day's Ramadan or Eid schedule where there is one (ADR 0045).
  const clock = hidden ? null : found.clock;
  // Diners' photos of the page's dishes, and the dishes reviews name most (issue 33), once public.
  const listed = visibility === "public";
  const [photoCounts, popular] = await Promise.all([
    listed
      ? dishPhotoCounts(
          services,
          items.map((i) => i.id),
        )
      : new Map<string, number>(),
    listed && found.page === 1 ? popularDishes(services, { branchId: branch.id }, locale) : null,
  ]);
  // The page is true until the branch opens or closes, a section or dish starts or stops,
  // or a review counted for 'popular here' grows too old to count.
  const freshUntil = earliest(clock?.changesAt, found.servedChangesAt, popular?.freshUntil);
  return data(
    {
      restaurant: {
        restName: restaurant.restName,
        urlName: restaurant.urlName,
        restType: restaurant.restType,
        profileImageUrl: restaurant.profileImageUrl,
      },
      branch: {
        branchName: branch.branchName,
        branchUrl: branch.branchUrl,
        branchQRimg: branch.branchQRimg,
        branchQRcode: branch.branchQRcode,
        ...shownBranchDetails(branch, visibility),
      },
      visibility,
      items: inLanguage(items, locale).map((item) => ({ ...item, photos: photoCounts.get(item.id) ?? 0 })),
      popular: popular?.dishes ?? [],
      page: found.page,
      pages,
      sections: inLanguage(sections, locale),
      deals: inLanguage(found.deals, locale),
      preview: found.ownerViewing
        ? {
            at: found.previewAt ? localTimeIn(found.previewAt, branch.timeZone) : null,
            now: localTimeIn(found.at, branch.timeZone),
          }
        : null,
      allergens,
      filters,
      hours,
      open: clock?.open ?? null,
      fast: clock?.fast ?? null,
      schedules: clock?.schedules ?? [],
      viewerRole: viewer?.role ?? null,
      // After posting a review, its author lands here and sees it first (never anyone else).
      posted:
        viewer?.role === "customer" && postedId
          ? await justPostedReview(services, postedId, { authorId: viewer.userId, locale }, branch.id)
          : null,
      // The rating summary and the branch's AggregateRating in JSON-LD, only once the restaurant is public.
      rating: visibility === "public" ? await branchRatingOf(services, branch.id) : null,
    },
    freshUntil ? { headers: { [FRESH_UNTIL_HEADER]: String(freshUntil.getTime()) } } : undefined,
  );
}

export function meta({ loaderData: page, matches }: Route.MetaArgs) {
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  if (!page) return errorMeta(translateMessage(locale, BRANCH_MESSAGES.notFound));
  const { restaurant, branch } = page;
  const origin = originOf(matches);
  const path = branchPath(restaurant.urlName, branch.branchUrl);
  const restaurantUrl = absoluteUrl(origin, restaurantPath(restaurant.urlName));
  const title = `${restaurant.restName} · ${branch.branchName}`;
  const place = [branch.address, branch.areaLabel, branch.cityLabel && t(branch.cityLabel)]
    .filter(Boolean)
    .join(", ");
  const share = shareImageUrl(restaurant.profileImageUrl);
  // Menu items reach meta only once the menu is approved (never an owner's preview).
  const shown = page.visibility === "public";
  return seoMeta({
    origin,
    locale,
    path: pagedPath(path, page.page),
    title,
    description: place
      ? t("Menu, reviews and contact of {{name}}, {{place}}.", { name: title, place })
      : t("Menu, reviews and contact of {{name}}.", { name: title }),
    image: share,
    type: "restaurant.restaurant",
    noindex: !shown,
    jsonLd: !shown
      ? null
      : withContext(
          restaurantJsonLd({
            name: title,
            url: absoluteUrl(origin, path),
            image: share ? absoluteUrl(origin, share) : null,
            cuisines: [restaurant.restType],
            telephone: branch.contact,
            address: branchAddress(branch),
            rating: page.rating ?? { average: 0, count: 0 },
            openingHours:
              page.hours || page.schedules.length > 0
                ? [
                    ...(page.hours ? openingHoursJsonLd(page.hours) : []),
                    ...specialHoursJsonLd(page.schedules),
                  ]
                : undefined,
            parent: { name: restaurant.restName, url: restaurantUrl },
            menu: shown
              ? menuJsonLd({
                  name: t("{{name}} menu", { name: title }),
                  url: absoluteUrl(origin, path),
                  sections: [
                    ...(page.deals.length > 0
                      ? [
                          {
                            name: t("Deals"),
                            items: page.deals.map((deal) => ({
                              name: deal.name,
                              alternateName: deal.alternateName,
                              description: deal.parts.join(", "),
                              price: deal.price,
                              image: deal.picture ? absoluteUrl(origin, deal.picture) : null,
                              validFrom: deal.validFrom,
                              validThrough: deal.validUntil,
                            })),
                          },
                        ]
                      : []),
                    ...groupBySection(page.items).map((g) => ({
                      name: g.name,
                      items: g.items.map((i) => ({
                        name: i.name,
                        alternateName: i.alternateName,
                        description: i.description,
                        price: i.price,
                        sizes: i.sizes,
                        soldOut: i.soldOut,
                        url: absoluteUrl(origin, `${path}/menu/${i.id}`),
                      })),
                    })),
                  ],
                })
              : undefined,
          }),
        ),
  });
}

/** Items come in menu order; consecutive items of one section share its heading. */
function groupBySection<T extends { sectionName: string; sectionId: string; sectionServed?: unknown }>(
  items: T[],
) {
  const groups: { name: string; sectionId: string; served: T["sectionServed"] | null; items: T[] }[] = [];
  for (const item of items) {
    const group = groups.at(-1);
    if (group?.sectionId === item.sectionId) group.items.push(item);
    else
      groups.push({
        name: item.sectionName,
        sectionId: item.sectionId,
        served: item.sectionServed ?? null,
        items: [item],
      });
  }
  return groups;
}

export default function PublicBranch({ loaderData }: Route.ComponentProps) {
  const { t, tm } = useI18n();
  const { restaurant, branch, visibility, items, page, pages, viewerRole, filters, sections } = loaderData;
  const base = branchPath(restaurant.urlName, branch.branchUrl);
  const addReview = `/profile/customer/addreview/${encodeURIComponent(restaurant.urlName)}/${encodeURIComponent(branch.branchUrl)}`;
  // Visitors log in first and come back to the review form.
  const addReviewHref = viewerRole ? addReview : `/login?redirectTo=${encodeURIComponent(addReview)}`;
  // product rules §2's fallback text while the review form and its branch are on their way.
  const openingReview = useNavigation().location?.pathname === addReview;
  const groups = groupBySection(items);
  const shown = visibility !== "awaiting-approval";
  const title = `${restaurant.restName} · ${branch.branchName}`;
  const shareTitle = t("{{name}} menu", { name: title });
  return (
    <article className="flex flex-col gap-4">
      <BranchHero
        restaurantName={restaurant.restName}
        restaurantHref={restaurantPath(restaurant.urlName)}
        logo={restaurant.profileImageUrl}
        branchName={branch.branchName}
        rating={loaderData.rating}
        reviewsHref={`${base}/reviews`}
        openText={loaderData.open?.text ?? null}
        open={loaderData.open?.open ?? false}
        call={telHref(branch.contact)}
        directions={
          shown
            ? directionsHref([
                restaurant.restName,
                branch.address,
                branch.areaLabel,
                branch.cityLabel,
                branch.country,
              ])
            : null
        }
        share={{ url: branch.branchQRcode, title: shareTitle }}
      >
        {visibility !== "public" ? null : viewerRole && viewerRole !== "customer" ? (
          <p className="text-sm text-muted">{tm(REVIEW_MESSAGES.customersOnly)}</p>
        ) : (
          <Link to={addReviewHref} className={buttonClass("primary")} aria-busy={openingReview}>
            {openingReview ? tm(REVIEW_MESSAGES.loadingBranch) : t("Add a Review")}
          </Link>
        )}
        <Link to={`${base}/reviews`} className={buttonClass("secondary")}>
          {t("See Reviews")}
        </Link>
      </BranchHero>
      {loaderData.fast ? (
        <p
          role="note"
          className="rounded-xl border border-amber-700 bg-amber-50 p-3 text-center text-lg font-semibold text-amber-950"
        >
          {tm(loaderData.fast)}
        </p>
      ) : null}
      <ApprovalNote visibility={visibility} />
      {loaderData.preview ? <PreviewAt preview={loaderData.preview} base={base} /> : null}
      {loaderData.posted ? (
        <section id="your-review" aria-labelledby="your-review-title" className="flex flex-col gap-2">
          <h2 id="your-review-title" className="text-xl font-bold">
            {t("Your review")}
          </h2>
          <ReviewCard review={loaderData.posted} />
          <Link to={`${base}/reviews`} className="self-start text-brand underline">
            {t("All reviews of {{name}}", { name: branch.branchName })}
          </Link>
        </section>
      ) : null}
      {loaderData.deals.length > 0 ? (
        <section aria-labelledby="deals" className="flex flex-col gap-3">
          <h2 id="deals" className="text-xl font-bold">
            {t("Deals")}
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {loaderData.deals.map((deal) => (
              <DealCard key={deal.id} deal={deal} price={publicPrice} />
            ))}
          </ul>
        </section>
      ) : null}
      <PopularDishes dishes={loaderData.popular} hrefOf={(itemId) => `${base}/menu/${itemId}`} />
      {shown ? (
        <>
          <SectionTabs sections={sections} filters={filters} current={items[0]?.sectionId} />
          {sections.length > 0 || filtersActive(filters) ? (
            <DishFilters filters={filters} allergens={loaderData.allergens} clearHref={base} />
          ) : null}
        </>
      ) : null}
      {shown && items.length === 0 ? (
        <p>{filtersActive(filters) ? t("No dishes match these filters.") : tm(MENU_MESSAGES.noMenu)}</p>
      ) : null}
      {groups.map((group, i) => (
        <section
          key={`${group.sectionId}-${i}`}
          aria-labelledby={`h-${group.sectionId}`}
          className="flex flex-col gap-3"
        >
          <h2 id={`h-${group.sectionId}`} className="scroll-mt-16 text-xl font-bold">
            <span id={`s-${group.sectionId}`} className="scroll-mt-16" />
            {group.name}
          </h2>
          <ServedNote served={group.served ?? null} />
          <ul className="grid gap-3 md:grid-cols-2">
            {group.items.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                href={`${base}/menu/${item.id}`}
                price={publicPrice}
                note={<ServedNote served={item.served} />}
                photos={item.photos}
              />
            ))}
          </ul>
        </section>
      ))}
      <PageNumbers page={page} pages={pages} label={t("Menu pages")} />
      {loaderData.hours || loaderData.schedules.length > 0 ? (
        <BranchHours hours={loaderData.hours} schedules={loaderData.schedules} />
      ) : null}
      <section
        aria-labelledby="share-menu"
        className="flex flex-col items-center gap-3 rounded-xl bg-white p-4 text-center shadow-sm"
      >
        <h2 id="share-menu" className="text-lg font-semibold">
          {t("Share this menu")}
        </h2>
        <img
          src={branch.branchQRimg}
          alt={t("QR code linking to {{url}}", { url: branch.branchQRcode })}
          width={144}
          height={144}
          loading="lazy"
          className="size-36"
        />
        <p dir="ltr" className="text-sm break-all text-muted">
          {branch.branchQRcode}
        </p>
        <ShareLink url={branch.branchQRcode} title={shareTitle} className={buttonClass("secondary")}>
          {t("Send it on WhatsApp")}
        </ShareLink>
      </section>
    </article>
  );
}
