import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ConfirmSubmit } from "~/components/ui/confirm-submit.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { DEAL_MESSAGES } from "~/features/deals/deals.schema.ts";
import { deleteDeal, ownDeals } from "~/features/deals/deals.server.ts";
import { ownerListAction } from "~/features/menus/owner-menu-action.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { requestLocale } from "~/lib/locale.ts";
import { ownerPrice } from "~/lib/price.ts";
import { localeOf } from "~/lib/seo.ts";
import type { Route } from "./+types/deals";

const LIST = "/profile/restaurant/addmenu/deals";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Deals and combos")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  return { deals: await ownDeals(services, viewer.userId, requestLocale(request)) };
}

export function action({ request, context }: Route.ActionArgs) {
  return ownerListAction(request, context, LIST, {
    delete: {
      run: (s, owner, v) => deleteDeal(s, owner, String(v.dealId ?? "")),
      success: DEAL_MESSAGES.deleted,
    },
  });
}

export default function Deals({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { deals } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("Deals and combos")}</h1>
      <p className="text-muted">
        {t(
          "A deal is offered at every branch at its price, unless a branch charges its own or does not offer it (set that on the branch's screen). Diners see it at the top of the menu while it is on.",
        )}
      </p>
      <Link to="new" className={buttonClass("primary", "self-start")}>
        {t("Add a deal")}
      </Link>
      {deals.length === 0 ? (
        <p>{t("No deals yet.")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {deals.map((deal) => (
            <li key={deal.id} className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">{deal.name}</h2>
                <span className="font-semibold">{ownerPrice(deal.price)}</span>
              </div>
              <p className="text-sm">{deal.parts.join(t(", "))}</p>
              <p className="text-sm text-muted">
                {t("For {{count}} people", { count: deal.serves })}
                {" · "}
                {deal.branchName ? t("Only at {{name}}", { name: deal.branchName }) : t("At every branch")}
                {deal.times ? ` · ${deal.times}` : ""}
                {deal.validFrom || deal.validUntil ? (
                  <>
                    {" · "}
                    <bdi>{`${deal.validFrom || "…"} – ${deal.validUntil || "…"}`}</bdi>
                  </>
                ) : null}
              </p>
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="dealId" value={deal.id} />
                <Link
                  to={deal.id}
                  className={buttonClass("secondary")}
                  aria-label={t("Edit {{name}}", { name: deal.name })}
                >
                  {t("Edit")}
                </Link>
                <ConfirmSubmit
                  name="intent"
                  value="delete"
                  question={t('Delete the deal "{{name}}"?', { name: deal.name })}
                >
                  {t("Delete")}
                </ConfirmSubmit>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Link to="/profile/restaurant/addmenu" className={buttonClass("ghost", "self-start")}>
        {t("Return to Previous Page")}
      </Link>
    </section>
  );
}
