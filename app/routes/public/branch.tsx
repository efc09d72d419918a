import { Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { PageNumbers } from "~/components/ui/pagination.tsx";
import { getViewer } from "~/features/accounts/accounts.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { publicBranch } from "~/features/branches/branches.server.ts";
import { branchPath } from "~/lib/slug.ts";
import { BranchHeader } from "~/features/branches/components/branch-header.tsx";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { ItemCard } from "~/features/menus/components/item-card.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { REVIEW_MESSAGES } from "~/features/reviews/reviews.schema.ts";
import { publicPrice } from "~/lib/price.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branch";

// The page a phone opens after scanning a table's QR code: server-rendered and light.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request.headers);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  const found = await publicBranch(services, params.restaurantName, params.branchName, page, viewer?.userId);
  if (!found) notFound(BRANCH_MESSAGES.notFound);
  const { restaurant, branch, visibility, items, pages } = found;
  return {
    restaurant: { restName: restaurant.restName, urlName: restaurant.urlName },
    branch: {
      branchName: branch.branchName,
      branchUrl: branch.branchUrl,
      branchQRimg: branch.branchQRimg,
      branchQRcode: branch.branchQRcode,
      address: branch.address,
      contact: branch.contact,
    },
    visibility,
    items,
    page: found.page,
    pages,
    viewerRole: viewer?.role ?? null,
  };
}

export const meta = ({ loaderData: data }: Route.MetaArgs) => {
  if (!data) return [{ title: `${BRANCH_MESSAGES.notFound} · Foodverse` }];
  const title = `${data.restaurant.restName} · ${data.branch.branchName}`;
  return [
    { title: `${title} · Foodverse` },
    {
      name: "description",
      content: `Menu of ${title}${data.branch.address ? `, ${data.branch.address}` : ""}.`,
    },
    { property: "og:title", content: title },
    { property: "og:url", content: data.branch.branchQRcode },
  ];
};

export default function PublicBranch({ loaderData }: Route.ComponentProps) {
  const { restaurant, branch, visibility, items, page, pages, viewerRole } = loaderData;
  const base = branchPath(restaurant.urlName, branch.branchUrl);
  const addReview = `/profile/customer/addreview/${encodeURIComponent(restaurant.urlName)}/${encodeURIComponent(branch.branchUrl)}`;
  // Visitors log in first and come back to the review form.
  const addReviewHref = viewerRole ? addReview : `/login?redirectTo=${encodeURIComponent(addReview)}`;
  // SPEC §2's fallback text while the review form and its branch are on their way.
  const openingReview = useNavigation().location?.pathname === addReview;
  // Items come in menu order; consecutive items of one section share its heading.
  const groups: { name: string; items: (typeof items)[number][] }[] = [];
  for (const item of items) {
    const group = groups.at(-1);
    if (group?.name === item.sectionName) group.items.push(item);
    else groups.push({ name: item.sectionName, items: [item] });
  }
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
