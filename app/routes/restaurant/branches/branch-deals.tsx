import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { DEAL_MESSAGES } from "~/features/deals/deals.schema.ts";
import { branchDeals, setBranchDeal } from "~/features/deals/deals.server.ts";
import { ownerListAction } from "~/features/menus/owner-menu-action.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { requestLocale } from "~/lib/locale.ts";
import { ownerPrice } from "~/lib/price.ts";
import { localeOf } from "~/lib/seo.ts";
import { ownBranchPath } from "~/lib/slug.ts";
import { notFound } from "~/server/request.server.ts";
import type { Route } from "./+types/branch-deals";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Deals at {{name}}", { name: loaderData?.branch.name ?? "" })} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const found = await branchDeals(services, viewer.userId, params.branchName, requestLocale(request));
  if (!found) notFound(BRANCH_MESSAGES.notFound);
  return found;
}

export function action({ request, context, params }: Route.ActionArgs) {
  return ownerListAction(request, context, `${ownBranchPath(params.branchName)}/deals`, {
    save: {
      run: (s, owner, v) => setBranchDeal(s, owner, params.branchName, v),
      success: DEAL_MESSAGES.branchSaved,
    },
  });
}

/** A branch's deals: each general deal at this branch's price, offered here or not; its own deals. */
export default function BranchDeals({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { branch, deals } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4">
      <p className="text-muted">{branch.name}</p>
      <h1 className="text-2xl font-bold">{t("Deals at {{name}}", { name: branch.name })}</h1>
      <p className="text-muted">
        {t("Deals follow the general menu here. Leave the price empty to charge the deal's own.")}
      </p>
      {deals.length === 0 ? <p>{t("No deals yet.")}</p> : null}
      <ul className="flex flex-col gap-3">
        {deals.map((deal) => (
          <li key={deal.id} className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">{deal.name}</h2>
              <span className="font-semibold">{ownerPrice(deal.priceOverride ?? deal.price)}</span>
            </div>
            <p className="text-sm">{deal.parts.join(t(", "))}</p>
            {deal.own ? (
              <p className="self-start rounded bg-brand-soft px-2 py-0.5 text-sm">
                {t("Only at this branch")}
              </p>
            ) : (
              <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-line pt-3">
                <input type="hidden" name="dealId" value={deal.id} />
                <label className="flex flex-col text-sm font-medium">
                  {t("Branch price (Rs.)")}
                  <input
                    name="priceOverride"
                    inputMode="decimal"
                    defaultValue={deal.priceOverride ?? ""}
                    placeholder={String(deal.price)}
                    aria-label={t("Price of {{name}} at this branch (Rs.)", { name: deal.name })}
                    className="min-h-11 w-32 rounded-md border border-line px-2"
                  />
                </label>
                <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
                  <input type="checkbox" name="offered" defaultChecked={deal.offered} className="size-5" />
                  {t("Offered here")}
                </label>
                <button
                  type="submit"
                  name="intent"
                  value="save"
                  className={buttonClass("secondary")}
                  aria-label={t("Save {{name}} for this branch", { name: deal.name })}
                >
                  {t("Save")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Link to="/profile/restaurant/addmenu/deals" className={buttonClass("secondary", "self-start")}>
        {t("All deals")}
      </Link>
      <Link to={ownBranchPath(branch.url)} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{name}}", { name: branch.name })}
      </Link>
    </section>
  );
}
