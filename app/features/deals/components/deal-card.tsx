import { useI18n } from "~/i18n/use-i18n.ts";
import { imageSrcSet } from "~/lib/media.ts";
import type { Message } from "~/lib/message.ts";

export interface DealCardData {
  id: string;
  name: string;
  picture: string;
  price: number;
  serves: number;
  parts: string[];
  saving: number | null;
  until: Message | null;
  windows: string;
  validFrom?: string;
  validUntil?: string;
}

/** A deal on the table page (ADR 0044): its picture, what it contains, for how many, the price and the saving. */
export function DealCard({ deal, price }: { deal: DealCardData; price: (n: number) => string }) {
  const { t, tm } = useI18n();
  return (
    <li className="flex gap-3 rounded-lg border-2 border-brand/40 bg-white p-3">
      {deal.picture ? (
        <img
          src={deal.picture}
          srcSet={imageSrcSet(deal.picture)}
          sizes="96px"
          alt=""
          width={96}
          height={96}
          loading="lazy"
          className="size-24 shrink-0 rounded-md object-cover"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-lg font-semibold">{deal.name}</h3>
          <span className="font-semibold">{price(deal.price)}</span>
        </div>
        <p dir="auto">{deal.parts.join(t(", "))}</p>
        <p className="text-sm text-muted">{t("For {{count}} people", { count: deal.serves })}</p>
        {deal.saving !== null ? (
          <p className="self-start rounded bg-green-50 px-2 py-0.5 text-sm font-semibold text-green-900">
            {/* Isolated left to right: in an Urdu sentence "$200" would otherwise read "200$". */}
            {t("You save {{amount}}", { amount: `\u2066${price(deal.saving)}\u2069` })}
          </p>
        ) : null}
        {deal.until || deal.windows ? (
          <p className="text-sm">
            {deal.until ? (
              <>
                <span className="rounded bg-brand-soft px-2 py-0.5 font-semibold">{tm(deal.until)}</span>{" "}
              </>
            ) : null}
            <span className="text-muted">{t("Served {{times}}", { times: deal.windows })}</span>
          </p>
        ) : null}
        {deal.validFrom || deal.validUntil ? (
          <p className="text-sm text-muted">
            <bdi dir="ltr">{`${deal.validFrom || "…"} – ${deal.validUntil || "…"}`}</bdi>
          </p>
        ) : null}
      </div>
    </li>
  );
}
