import { useI18n } from "~/i18n/use-i18n.ts";
import { ownerPrice } from "~/lib/price.ts";
import { sizesText } from "~/lib/sizes.ts";
import { Pagination } from "~/components/ui/pagination.tsx";
import type { PreviewPage } from "../import-preview.server.ts";
import { inEnglish } from "~/lib/message.ts";

type Dish = PreviewPage["rows"][number];
type Deal = PreviewPage["deals"][number];

/** A row's problems, in the product rules' words. */
function Problems({ problems }: { problems: Dish["problems"] }) {
  const { tm } = useI18n();
  if (problems.length === 0) return null;
  return (
    <ul className="flex flex-col gap-0.5 text-sm text-danger">
      {problems.map((problem) => (
        <li key={inEnglish(problem)}>{tm(problem)}</li>
      ))}
    </ul>
  );
}

/** One deal row as it would be imported: its price, each part as read (a dish of the menu, or words), its problems. */
function DealCard({ deal, uploaded }: { deal: Deal; uploaded: readonly string[] }) {
  const { t } = useI18n();
  const input = deal.input;
  return (
    <li className="flex flex-col gap-1 py-3">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-mono text-sm text-muted">{t("Row {{line}}", { line: deal.line })}</span>
        <span className="font-semibold">{deal.name || t("(no name)")}</span>
        <span
          className={`rounded px-2 py-0.5 text-sm ${deal.action === "add" ? "bg-brand-soft" : "bg-gray-100"}`}
        >
          {deal.action === "add" ? t("new deal") : t("updates the deal on your menu")}
        </span>
      </p>
      {input ? (
        <p className="text-sm">
          {ownerPrice(input.price)} · {t("For {{count}} people", { count: input.serves })}
          {input.iftar ? ` · ${t("Iftar deal")}` : ""}
        </p>
      ) : null}
      {deal.parts.length > 0 ? (
        <ul className="flex flex-col text-sm">
          {deal.parts.map((part, i) => (
            <li key={i}>
              <bdi>{part.text}</bdi>
              {part.onMenu ? (
                " ✓"
              ) : (
                <span className="text-muted"> {t("(not a dish of your menu: shown as written)")}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {deal.photo ? (
        <p className="text-sm text-muted">
          {t("Photos:")} <span className="font-mono">{deal.photo}</span>
          {uploaded.includes(deal.photo) ? " ✓" : ` ${t("(waiting)")}`}
        </p>
      ) : null}
      <Problems problems={deal.problems} />
    </li>
  );
}

/** One spreadsheet row as it would be imported: where, what, at what price, with which photos, and its problems. */
function RowCard({ dish, uploaded }: { dish: Dish; uploaded: readonly string[] }) {
  const { t } = useI18n();
  const input = dish.input;
  const photos = [...new Set(Object.values(dish.photos).filter(Boolean))];
  return (
    <li className="flex flex-col gap-1 py-3">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-mono text-sm text-muted">{t("Row {{line}}", { line: dish.line })}</span>
        <span className="font-semibold">{dish.name || t("(no name)")}</span>
        <span className="text-muted">
          {t("in {{section}}", { section: dish.section || t("(no section)") })}
        </span>
        <span
          className={`rounded px-2 py-0.5 text-sm ${dish.action === "add" ? "bg-brand-soft" : "bg-gray-100"}`}
        >
          {dish.action === "add" ? t("new") : t("updates the dish on your menu")}
        </span>
      </p>
      {input ? (
        <p className="text-sm">
          {input.sizes.length > 0 ? sizesText(input.sizes, ownerPrice) : ownerPrice(input.price)} ·{" "}
          {t(input.itemTaste)} · {t(input.itemType)} ·{" "}
          {t("place {{position}}", { position: input.positionInSection })}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <p className="text-sm text-muted">
          {t("Photos:")}{" "}
          {photos.map((name, i) => (
            <span key={name}>
              {i > 0 ? ", " : ""}
              <span className="font-mono">{name}</span>
              {uploaded.includes(name) ? " ✓" : ` ${t("(waiting)")}`}
            </span>
          ))}
        </p>
      ) : null}
      <Problems problems={dish.problems} />
    </li>
  );
}

/**
 * The rows of an import: those with problems first (each in the product rules'
 * words, up to PREVIEW_PROBLEM_ROWS), then every row a page at a time, folded away
 * when the sheet is long.
 */
export function ImportRows({ screen, uploadedMatches }: { screen: PreviewPage; uploadedMatches: string[] }) {
  const { t } = useI18n();
  const { broken, brokenTotal } = screen;
  return (
    <>
      {brokenTotal > 0 ? (
        <section
          aria-labelledby="rows-to-fix"
          className="rounded-xl border border-danger bg-white p-4 shadow-sm"
        >
          <h2 id="rows-to-fix" className="text-lg font-semibold">
            {t("Rows to fix ({{number}})", { number: brokenTotal })}
          </h2>
          {broken.length < brokenTotal ? (
            <p className="text-sm text-muted">
              {t(
                "The first {{shown}} of {{total}} rows to fix are shown. Fix them in your spreadsheet and upload it again to see the rest.",
                { shown: broken.length, total: brokenTotal },
              )}
            </p>
          ) : null}
          <ul className="flex flex-col divide-y divide-line">
            {broken.map((row) =>
              row.kind === "deal" ? (
                <DealCard key={row.line} deal={row} uploaded={uploadedMatches} />
              ) : (
                <RowCard key={row.line} dish={row} uploaded={uploadedMatches} />
              ),
            )}
          </ul>
        </section>
      ) : null}
      {screen.total === 0 ? null : (
        <details
          id="every-row"
          open={screen.total <= 30 || screen.page > 1}
          className="rounded-xl bg-white p-4 shadow-sm"
        >
          <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold">
            {t("Every row ({{number}})", { number: screen.total })}
          </summary>
          <ul className="flex flex-col divide-y divide-line">
            {screen.rows.map((dish) => (
              <RowCard key={dish.line} dish={dish} uploaded={uploadedMatches} />
            ))}
          </ul>
          <Pagination page={screen.page} pages={screen.pages} label={t("Pages of rows")} />
        </details>
      )}
      {screen.dealTotal > 0 ? (
        <section aria-labelledby="deal-rows" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="deal-rows" className="text-lg font-semibold">
            {t("Deals ({{number}})", { number: screen.dealTotal })}
          </h2>
          {screen.deals.length < screen.dealTotal ? (
            <p className="text-sm text-muted">
              {t("The first {{shown}} of {{total}} deals are shown.", {
                shown: screen.deals.length,
                total: screen.dealTotal,
              })}
            </p>
          ) : null}
          <ul className="flex flex-col divide-y divide-line">
            {screen.deals.map((deal) => (
              <DealCard key={deal.line} deal={deal} uploaded={uploadedMatches} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
