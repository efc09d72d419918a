import { Link } from "react-router";
import { getViewer } from "~/features/accounts/access.server.ts";
import { BRANCH_MESSAGES } from "~/features/branches/branches.messages.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { publicBranches } from "~/features/branches/branches.server.ts";
import { postalAddress, restaurantJsonLd, withContext } from "~/lib/json-ld.ts";
import { shareImageUrl } from "~/lib/media.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { absoluteUrl, errorMeta, localeOf, originOf, seoMeta } from "~/lib/seo.ts";
import { branchPath, restaurantPath } from "~/lib/slug.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branches";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request);
  const found = await publicBranches(services, params.restaurantName, viewer?.userId);
  if (!found) notFound();
  return found;
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  if (!data) return errorMeta(t("Not Found"));
  const { restaurant, branches } = data;
  const listed = data.visibility === "public";
  const origin = originOf(matches);
  const share = shareImageUrl(restaurant.profileImageUrl);
  const places = branches.map((b) => b.areaLabel || (b.cityLabel && t(b.cityLabel))).filter(Boolean);
  const where = places.length > 0 ? [...new Set(places)].join(", ") : "";
  const values = { name: restaurant.restName, count: branches.length, places: where };
  return seoMeta({
    origin,
    locale,
    path: `${restaurantPath(restaurant.urlName)}/branches`,
    title: t("Branches · {{name}}", { name: restaurant.restName }),
    description: where
      ? t("Addresses and contacts of {{name}}'s {{count}} branches: {{places}}.", values)
      : t("Addresses and contacts of {{name}}'s {{count}} branches.", values),
    image: share,
    noindex: !listed,
    jsonLd: !listed
      ? null
      : withContext(
          restaurantJsonLd({
            name: restaurant.restName,
            url: absoluteUrl(origin, restaurantPath(restaurant.urlName)),
            image: share ? absoluteUrl(origin, share) : null,
            cuisines: [restaurant.restType],
            branches: branches.map((b) =>
              restaurantJsonLd({
                name: `${restaurant.restName} · ${b.branchName}`,
                url: absoluteUrl(origin, branchPath(restaurant.urlName, b.branchUrl)),
                telephone: b.contact,
                address: postalAddress({
                  address: b.address,
                  area: b.areaLabel,
                  city: b.cityLabel,
                  country: restaurant.country,
                }),
              }),
            ),
          }),
        ),
  });
}

export default function PublicBranches({ loaderData }: Route.ComponentProps) {
  const { t, tm } = useI18n();
  const { restaurant, branches, visibility } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <Link to={restaurantPath(restaurant.urlName)} className="font-medium text-brand underline">
        {restaurant.restName}
      </Link>
      <h1 className="text-3xl font-bold">{t("Branches")}</h1>
      <ApprovalNote visibility={visibility} subject="page" />
      {visibility !== "awaiting-approval" && branches.length === 0 ? <p>{tm(BRANCH_MESSAGES.none)}</p> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {branches.map((b) => (
          <li key={b.id} className="rounded-xl bg-white p-4 shadow-sm">
            <Link
              to={branchPath(restaurant.urlName, b.branchUrl)}
              className="text-lg font-semibold text-brand underline"
            >
              {b.branchName}
            </Link>
            <p dir="auto">
              {b.address || [b.areaLabel, b.cityLabel && t(b.cityLabel)].filter(Boolean).join(", ") || "—"}
            </p>
            <p>
              {b.contact ? (
                <a href={`tel:${b.contact}`} dir="ltr" className="text-brand underline">
                  {b.contact}
                </a>
              ) : (
                "—"
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
