import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { ownerBranchMenu, setBranchItemDetails } from "~/features/branches/branches.server.ts";
import { branchPath } from "~/lib/slug.ts";
import { BranchHeader } from "~/features/branches/components/branch-header.tsx";
import { Rating } from "~/features/menus/components/item-card.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { ownerPrice } from "~/lib/price.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound, requireRole } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/branch-menu";
import { readFormValues } from "~/server/upload-form.server.ts";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.branch.branchName ?? BRANCH_MESSAGES.notFound} · Foodverse` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const menu = await ownerBranchMenu(services, viewer.userId, params.branchName);
  if (!menu) notFound(BRANCH_MESSAGES.notFound);
  return menu;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request);
  const result = await setBranchItemDetails(services, viewer.userId, params.branchName, values);
  if (!result.ok) return refused(result);
  const here = `/profile/restaurant/mybranches/${encodeURIComponent(params.branchName)}`;
  return redirectWithToast(here, "success", BRANCH_MESSAGES.itemSaved);
}

export default function OwnerBranchMenu({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { branch, sections } = loaderData;
  const own = `/profile/restaurant/mybranches/${encodeURIComponent(branch.branchUrl)}`;
  return (
    <div className="flex flex-col gap-6">
      <BranchHeader
        restaurantName={branch.restaurantName}
        branchName={branch.branchName}
        qrImage={branch.branchQRimg}
        qrUrl={branch.branchQRcode}
      >
        <Link
          to={`${branchPath(branch.urlName, branch.branchUrl)}/reviews`}
          className={buttonClass("primary")}
        >
          See Reviews
        </Link>
        <a href={`${own}/qr.png`} download className={buttonClass("secondary")}>
          Download PNG
        </a>
        <a href={`${own}/qr.svg`} download className={buttonClass("secondary")}>
          Download SVG
        </a>
        <Link to={`${own}/qr-card`} className={buttonClass("secondary")}>
          Print table card
        </Link>
      </BranchHeader>
      {sections.length === 0 ? <p>{MENU_MESSAGES.noMenu}</p> : null}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`s-${section.id}`} className="flex flex-col gap-3">
          <h2 id={`s-${section.id}`} className="text-xl font-bold">
            {section.sectionNumber}. {section.originalName}
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {section.items.map((item) => (
              <li key={item.id} className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to={`menu/${item.id}`} className="text-lg font-semibold text-brand underline">
                    {item.name}
                  </Link>
                  <span className="font-semibold">{ownerPrice(item.price)}</span>
                </div>
                {item.nameExtra ? <p className="text-sm text-muted">{item.nameExtra}</p> : null}
                {item.description ? <p>{item.description}</p> : null}
                <p className="text-sm text-muted">
                  {item.itemType} · {item.itemTaste} · {item.itemPriceRange}
                </p>
                <Rating value={item.itemRating} count={item.itemRatingBy} />
                <div className="rounded border border-amber-700 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  <span className="font-semibold">Allergens:</span> {item.foodAllergies || "None listed"}
                </div>
                <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-line pt-3">
                  <input type="hidden" name="itemId" value={item.id} />
                  <label className="flex flex-col text-sm font-medium">
                    Branch price (Rs.)
                    <input
                      name="priceOverride"
                      type="number"
                      min={0}
                      step="any"
                      inputMode="decimal"
                      defaultValue={item.priceOverride ?? ""}
                      placeholder={String(item.generalPrice)}
                      className="min-h-11 w-32 rounded-md border border-line px-2"
                    />
                  </label>
                  <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
                    <input
                      type="checkbox"
                      name="soldOut"
                      defaultChecked={item.soldOut === 1}
                      className="size-5"
                    />
                    Sold out here
                  </label>
                  <button
                    type="submit"
                    className={buttonClass("secondary")}
                    aria-label={`Save ${item.name} for this branch`}
                  >
                    Save
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
