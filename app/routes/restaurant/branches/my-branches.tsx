import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ownBranches } from "~/features/branches/branches.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import type { Route } from "./+types/my-branches";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("My Branches")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  try {
    return { branches: await ownBranches(services, viewer.userId), failed: false };
  } catch (error) {
    services.log.error({ err: error }, "branches could not be loaded");
    return { branches: [], failed: true };
  }
}

export default function MyBranches({ loaderData }: Route.ComponentProps) {
  const { t, tm } = useI18n();
  const { branches, failed } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("My Branches")}</h1>
        <Link to="/profile/restaurant/addbranch" className={buttonClass("primary")}>
          {t("Add a Branch")}
        </Link>
      </div>
      {failed ? <p role="alert">{tm(BRANCH_MESSAGES.fetchFailed)}</p> : null}
      {!failed && branches.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{tm(BRANCH_MESSAGES.none)}</p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {branches.map((b) => (
          <li key={b.id} className="rounded-xl bg-white p-4 shadow-sm">
            <Link to={encodeURIComponent(b.branchUrl)} className="text-lg font-semibold text-brand underline">
              {b.branchName || tm(BRANCH_MESSAGES.fetchFailed)}
            </Link>
            <p>
              {b.address || [b.areaLabel, b.cityLabel && t(b.cityLabel)].filter(Boolean).join(", ") || "—"}
            </p>
            <p className="text-muted">{b.contact || "—"}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
