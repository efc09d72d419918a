import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ownBranchPath } from "~/lib/slug.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { BRANCH_MESSAGES as B } from "~/features/branches/branches.schema.ts";
import { bringBranchInLine, ownBranchDifferences } from "~/features/branches/branches.server.ts";
import { ownerPrice } from "~/lib/price.ts";
import { sizesText } from "~/lib/sizes.ts";
import { sizeName } from "~/lib/size-names.ts";
import { refused } from "~/server/action-result.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/compare";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  const branch = loaderData?.branch.branchName ?? t(B.notFound);
  return [{ title: `${t("{{branch}}: compared with the general menu", { branch })} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const found = await ownBranchDifferences(services, viewer.userId, params.branchName);
  if (!found) notFound(B.notFound);
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context);
  const result = await bringBranchInLine(services, viewer.userId, params.branchName, values);
  if (!result.ok) return refused(result);
  return redirectWithToast(`${ownBranchPath(params.branchName)}/compare`, "success", B.inLine);
}

export default function CompareBranch({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, locale } = useI18n();
  // What the branch may also lose when it is brought in line (each ticked: dropped; nothing ticked keeps all).
  const drops = [
    { name: "dropPrices", label: t("Its own prices (back to the general prices)") },
    { name: "dropSoldOut", label: t("Its sold-out marks") },
    { name: "dropHidden", label: t("What it does not serve (serve everything again)") },
    { name: "dropBranchOnly", label: t("The dishes only this branch has (deleted)") },
  ];
  // The words of menu-sync's FIELD_WORDS ("price", "name"…), each in the page's language.
  const fields = (words: readonly string[]) =>
    words.map((word) => t(word)).join(locale === "ur" ? "، " : ", ");
  const { branch, differences: d, inLine } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-5">
      <div className="flex flex-col gap-1">
        <p className="text-muted">{branch.branchName}</p>
        <h1 className="text-2xl font-bold">{t("Compared with the general menu")}</h1>
      </div>
      {inLine ? (
        <p className="rounded-xl bg-white p-4 shadow-sm">
          {t("This branch serves the general menu exactly, at the general prices.")}
        </p>
      ) : null}
      <DifferenceList
        title={t("Out of step with the general menu")}
        note={t(
          "These copies no longer say what the general menu says. Bringing the branch in line updates them.",
        )}
        rows={d.outOfStep.map((r) => ({
          key: r.id,
          text: r.name,
          detail: t("differs in {{fields}}", { fields: fields(r.what) }),
        }))}
      />
      <DifferenceList
        title={t("Not served at this branch")}
        rows={d.notShown.map((r, i) => ({
          key: r.id ?? `missing-${i}`,
          text: r.name,
          detail: r.kind === "section" ? t("whole section") : r.section,
        }))}
      />
      <DifferenceList
        title={t("Priced differently here")}
        rows={d.ownPrices.map((r) => ({
          key: r.id,
          text: r.name,
          detail:
            r.sizes.length > 0
              ? t("here: {{sizes}}", {
                  sizes: sizesText(r.sizes, ownerPrice, (label) => sizeName(label, locale, t)),
                })
              : t("general {{general}}, here {{here}}", {
                  general: ownerPrice(r.generalPrice),
                  here: ownerPrice(r.branchPrice),
                }),
        }))}
      />
      <DifferenceList title={t("Sold out here")} rows={d.soldOut.map((r) => ({ key: r.id, text: r.name }))} />
      <DifferenceList
        title={t("Only at this branch")}
        rows={[
          ...d.ownSections.map((r) => ({ key: r.id, text: r.name, detail: t("section") })),
          ...d.ownDishes.map((r) => ({ key: r.id, text: r.name, detail: r.section })),
        ]}
      />
      <Form method="post" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
        <h2 className="text-lg font-semibold">{t("Bring this branch in line with the general menu")}</h2>
        <p className="text-sm text-muted">
          {t(
            "Every dish and section of the general menu, as it is there now. What you set at this branch stays, unless you tick it below.",
          )}
        </p>
        <fieldset className="flex flex-col">
          <legend className="font-medium">{t("Also drop")}</legend>
          {drops.map((drop) => (
            <label key={drop.name} className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name={drop.name} className="size-5 shrink-0 accent-brand" />
              {drop.label}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          name="intent"
          value="bring-in-line"
          className={buttonClass("primary", "self-start")}
          disabled={busy}
        >
          {busy ? t("Bringing in line…") : t("Bring this branch in line with the general menu")}
        </button>
      </Form>
      <Link to={ownBranchPath(branch.branchUrl)} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{name}}", { name: branch.branchName })}
      </Link>
    </section>
  );
}

function DifferenceList({
  title,
  note,
  rows,
}: {
  title: string;
  note?: string;
  rows: { key: string; text: string; detail?: string }[];
}) {
  if (rows.length === 0) return null;
  return (
    <section className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm" aria-label={title}>
      <h2 className="text-lg font-semibold">
        {title} <span className="font-normal text-muted">({rows.length})</span>
      </h2>
      {note ? <p className="text-sm text-muted">{note}</p> : null}
      <ul className="flex flex-col divide-y divide-line">
        {rows.map((row) => (
          <li key={row.key} className="flex flex-wrap justify-between gap-x-3 py-2">
            <span className="font-medium">{row.text}</span>
            {row.detail ? <span className="text-muted">{row.detail}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
