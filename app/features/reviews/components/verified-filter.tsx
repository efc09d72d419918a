import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { REVIEW_MESSAGES } from "../reviews.messages.ts";

/** The query a reviews page reads for its table-verified reviews only (issue 33). */
export const VERIFIED_PARAM = "verified";

export const verifiedOnlyOf = (url: URL) => url.searchParams.get(VERIFIED_PARAM) === "1";

/**
 * Every review or the table-verified ones only, and what the mark proves and what it does
 * not (issue 33, ADR 0046; the same words as docs/product-rules.md).
 */
export function VerifiedFilter({ base, verifiedOnly }: { base: string; verifiedOnly: boolean }) {
  const { t, tm } = useI18n();
  const choices = [
    { href: base, label: t("All reviews"), current: !verifiedOnly },
    { href: `${base}?${VERIFIED_PARAM}=1`, label: t("Table-verified only"), current: verifiedOnly },
  ];
  return (
    <div className="flex flex-col gap-2">
      <nav aria-label={t("Which reviews")} className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <Link
            key={choice.href}
            to={choice.href}
            aria-current={choice.current ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 font-medium ${
              choice.current ? "border-brand bg-brand text-white" : "border-line bg-white text-ink"
            }`}
          >
            {choice.label}
          </Link>
        ))}
      </nav>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand">
          {t("What '{{mark}}' means", { mark: tm(REVIEW_MESSAGES.tableVerified) })}
        </summary>
        <p className="text-muted">
          {t(
            "It proves that the reviewer's phone opened the code printed on one of this branch's table cards at most 4 hours before the review was posted, and that the review came from a signed-in customer account that is not the restaurant's own. It does not prove that they ate or paid: a card's code can be photographed and opened elsewhere until the restaurant changes it. Reviews without the mark are accepted and shown as always.",
          )}
        </p>
      </details>
    </div>
  );
}
