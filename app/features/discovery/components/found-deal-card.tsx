import { Link } from "react-router";
import { DealCard, type DealCardData } from "~/features/deals/components/deal-card.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { publicPrice } from "~/lib/price.ts";
import { restaurantPath } from "~/lib/slug.ts";

/** A deal the finder found (ADR 0044): the deal, and the restaurant whose page lists it. */
export function FoundDealCard({
  deal,
}: {
  deal: Omit<DealCardData, "saving" | "until"> & { restaurant: { name: string; urlName: string } };
}) {
  const { t } = useI18n();
  return (
    <li className="flex flex-col gap-1">
      <ul>
        <DealCard deal={{ ...deal, saving: null, until: null }} price={publicPrice} />
      </ul>
      <Link
        to={`${restaurantPath(deal.restaurant.urlName)}#deals`}
        className="inline-flex min-h-11 items-center self-start font-semibold text-brand underline"
      >
        {t("At {{name}}", { name: deal.restaurant.name })}
      </Link>
    </li>
  );
}
