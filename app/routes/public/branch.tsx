import { Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { PageNumbers } from "~/components/ui/pagination.tsx";
import { getViewer } from "~/features/accounts/accounts.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.messages.ts";
import { publicBranch } from "~/features/branches/branches.server.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";
import { BranchHeader } from "~/features/branches/components/branch-header.tsx";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { ItemCard } from "~/features/menus/components/item-card.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.messages.ts";
import { REVIEW_MESSAGES } from "~/features/reviews/reviews.messages.ts";
import { branchRatingOf } from "~/features/seo/ratings.server.ts";
import { menuJsonLd, restaurantJsonLd, withContext, branchAddress } from "~/lib/json-ld.ts";
import { shareImageUrl } from "~/lib/media.ts";
import { publicPrice } from "~/lib/price.ts";
import { absoluteUrl, errorMeta, originOf, pagedPath, seoMeta } from "~/lib/seo.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branch";
import { STATIC_FOR_VISITORS } from "~/lib/static-page.ts";

export const handle = STATIC_FOR_VISITORS;

// The page a phone opens after scanning a table's QR code: server-rendered and light.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request.headers);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  const found = await publicBranch(services, params.restaurantName, params.branchName, page, viewer?.userId);
  if (!found) notFound(BRANCH_MESSAGES.notFound);
  const { restaurant, branch, visibility, items, pages } = found;
  return {
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
      address: branch.address,
      contact: branch.contact,
      areaLabel: branch.areaLabel,
      cityLabel: branch.cityLabel,
      provinceLabel: branch.provinceLabel,
      country: branch.country,
    },
    visibility,
    items,
    page: found.page,
    pages,
    viewerRole: viewer?.role ?? null,
    // For the branch's AggregateRating in JSON-LD.
    rating: await branchRatingOf(services, branch.id),
  };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return errorMeta(BRANCH_MESSAGES.notFound);
  const { restaurant, branch } = data;
  const origin = originOf(matches);
  const path = branchPath(restaurant.urlName, branch.branchUrl);
  const restaurantUrl = absoluteUrl(origin, restaurantPath(restaurant.urlName));
  const title = `${restaurant.restName} · ${branch.branchName}`;
  const place = [branch.address, branch.areaLabel, branch.cityLabel].filter(Boolean).join(", ");
  const share = shareImageUrl(restaurant.profileImageUrl);
  // Menu items reach meta only once the menu is approved (never an owner's preview).
  const shown = data.visibility === "public";
  return seoMeta({
    origin,
    path: pagedPath(path, data.page),
    title,
    description: `Menu, reviews and contact of ${title}${place ? `, ${place}` : ""}.`,
    image: share,
    type: "restaurant.restaurant",
    noindex: !shown,
    jsonLd: withContext(
      restaurantJsonLd({
        name: title,
        url: absoluteUrl(origin, path),
        image: share ? absoluteUrl(origin, share) : null,
        cuisines: [restaurant.restType],
        telephone: branch.contact,
        address: branchAddress(branch),
        rating: data.rating,
        parent: { name: restaurant.restName, url: restaurantUrl },
        menu: shown
          ? menuJsonLd({
              name: `${title} menu`,
              url: absoluteUrl(origin, path),
              sections: groupBySection(data.items).map((g) => ({
                name: g.name,
                items: g.items.map((i) => ({
                  name: i.name,
                  description: i.description,
                  price: i.price,
                  soldOut: i.soldOut,
                  url: absoluteUrl(origin, `${path}/menu/${i.id}`),
                })),
              })),
            })
          : undefined,
      }),
    ),
  });
}

/** Items come in menu order; consecutive items of one section share its heading. */
function groupBySection<T extends { sectionName: string }>(items: T[]) {
  const groups: { name: string; items: T[] }[] = [];
  for (const item of items) {
    const group = groups.at(-1);
    if (group?.name === item.sectionName) group.items.push(item);
    else groups.push({ name: item.sectionName, items: [item] });
  }
  return groups;
}

export default function PublicBranch({ loaderData }: Route.ComponentProps) {
  const { restaurant, branch, visibility, items, page, pages, viewerRole } = loaderData;
  const base = branchPath(restaurant.urlName, branch.branchUrl);
  const addReview = `/profile/customer/addreview/${encodeURIComponent(restaurant.urlName)}/${encodeURIComponent(branch.branchUrl)}`;
  // Visitors log in first and come back to the review form.
  const addReviewHref = viewerRole ? addReview : `/login?redirectTo=${encodeURIComponent(addReview)}`;
  // SPEC §2's fallback text while the review form and its branch are on their way.
  const openingReview = useNavigation().location?.pathname === addReview;
  const groups = groupBySection(items);
  return (
    <article className="flex flex-col gap-6">
      <BranchHeader
        restaurantName={restaurant.restName}
        branchName={branch.branchName}
        qrImage={branch.branchQRimg}
        qrUrl={branch.branchQRcode}
      >
        {viewerRole && viewerRole !== "customer" ? (
          <p className="text-sm text-muted">{REVIEW_MESSAGES.customersOnly}</p>
        ) : (
          <Link to={addReviewHref} className={buttonClass("primary")} aria-busy={openingReview}>
            {openingReview ? REVIEW_MESSAGES.loadingBranch : "Add a Review"}
          </Link>
        )}
        <Link to={`${base}/reviews`} className={buttonClass("secondary")}>
          See Reviews
        </Link>
      </BranchHeader>
      <ApprovalNote visibility={visibility} />
      {visibility !== "awaiting-approval" && items.length === 0 ? <p>{MENU_MESSAGES.noMenu}</p> : null}
      {groups.map((group) => (
        <section key={group.name} className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">{group.name}</h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {group.items.map((item) => (
              <ItemCard key={item.id} item={item} href={`${base}/menu/${item.id}`} price={publicPrice} />
            ))}
          </ul>
        </section>
      ))}
      <PageNumbers page={page} pages={pages} label="Menu pages" />
    </article>
  );
}
