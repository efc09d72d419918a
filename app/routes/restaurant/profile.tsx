import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { LinkCards } from "~/components/ui/link-cards.tsx";
import { ReadMore } from "~/components/ui/read-more.tsx";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { QrAddressWarning } from "~/features/restaurants/components/qr-address-warning.tsx";
import { ownRestaurantProfile } from "~/features/restaurants/restaurants.server.ts";
import { unansweredCount } from "~/features/insights/insights.server.ts";
import { localeOf } from "~/lib/seo.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/profile";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("My restaurant")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const profile = await ownRestaurantProfile(services, viewer.userId);
  if (!profile) notFound();
  return { ...profile, unanswered: await unansweredCount(services, viewer.userId) };
}

export default function RestaurantProfile({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const r = loaderData.restaurant;
  const approval = {
    pending: { label: t("Awaiting approval"), text: t("Your menus become public after admin approval.") },
    approved: { label: t("Approved"), text: t("Your menus are public.") },
    rejected: { label: t("Not approved"), text: t("Your menus were not approved.") },
    suspended: { label: t("Suspended"), text: t("Your menus are hidden from the public for now.") },
  }[r.approvalStatus];
  const publicPath = restaurantPath(r.urlName);
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 md:grid-cols-[1fr_auto]">
        <section className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-center gap-4">
            <Avatar src={r.profileImageUrl} name={r.restName} />
            {/* At least 10rem for the name: 'Post New' goes under it on a phone rather than squeeze it. */}
            <div className="min-w-40 flex-1">
              <h1 className="text-2xl font-bold break-words">{r.restName}</h1>
              <p className="text-muted">{t(r.restType)}</p>
              <Link to={publicPath} className="font-medium text-brand underline">
                {t("View your public page")}
              </Link>
            </div>
            <details className="relative">
              <summary className={buttonClass("primary", "cursor-pointer list-none")}>
                {t("Post New")}
              </summary>
              <ul className="absolute end-0 z-10 mt-1 flex w-44 flex-col rounded-md border border-line bg-white py-1 shadow-lg">
                <li>
                  <Link to="addmenu" className="flex min-h-11 items-center px-4 hover:bg-brand-soft">
                    {t("Menu Item")}
                  </Link>
                </li>
                <li>
                  <Link to="addbranch" className="flex min-h-11 items-center px-4 hover:bg-brand-soft">
                    {t("Branch")}
                  </Link>
                </li>
              </ul>
            </details>
          </div>
          <ReadMore text={r.about} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">{t("Website")}</dt>
            <dd className="break-all">{r.restWebsite || "—"}</dd>
            <dt className="font-medium">{t("Contact")}</dt>
            {/* A phone number reads left to right on an Urdu page too. */}
            <dd dir="ltr" className="text-start rtl:text-end">
              {r.contact || "—"}
            </dd>
            <dt className="font-medium">{t("Country")}</dt>
            <dd>{t(r.country)}</dd>
          </dl>
          <div role="note" className="rounded-md bg-brand-soft p-3">
            <p>
              <span className="font-semibold">
                {approval.label}
                {t(".")}
              </span>{" "}
              {approval.text}
            </p>
            {r.approvalStatus !== "approved" && r.approvalNote ? (
              <p className="mt-1">{t("Reason: {{reason}}", { reason: r.approvalNote })}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to="edit" className={buttonClass("secondary")}>
              {t("Edit profile")}
            </Link>
            <Link to="data" className={buttonClass("ghost")}>
              {t("Your data")}
            </Link>
          </div>
        </section>
        <section className="flex flex-col items-center gap-2 rounded-xl bg-white p-6 shadow-sm">
          <h2 className="font-semibold">{t("Your QR code")}</h2>
          <QrAddressWarning note={loaderData.qrNote} />
          <img
            src={r.restQRimg}
            alt={t("QR code linking to {{url}}", { url: r.restQRcode })}
            width={192}
            height={192}
            className="size-48"
          />
          <p className="max-w-48 text-center text-sm break-all text-muted">{r.restQRcode}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <a href={href("/profile/restaurant/qr.png")} download className={buttonClass("secondary")}>
              {t("Download PNG")}
            </a>
            <a href={href("/profile/restaurant/qr.svg")} download className={buttonClass("secondary")}>
              {t("Download SVG")}
            </a>
            <Link to="qr-card" className={buttonClass("secondary")}>
              {t("Print card")}
            </Link>
          </div>
        </section>
      </div>
      <LinkCards
        label={t("Your restaurant")}
        columns="sm:grid-cols-2 lg:grid-cols-4"
        cards={[
          { to: "mymenu", label: t("MENU"), text: t("Your general menu: sections and items.") },
          { to: "mybranches", label: t("BRANCHES"), text: t("Branches, their menus and QR codes.") },
          {
            to: `/reviews/${encodeURIComponent(r.urlName)}`,
            label: t("REVIEWS"),
            text: t("What customers say."),
            note:
              loaderData.unanswered > 0
                ? t("{{count}} reviews waiting for a reply", { count: loaderData.unanswered })
                : undefined,
          },
          {
            to: "insights",
            label: t("INSIGHTS"),
            text: t("Scans, views, your most viewed dishes and your rating over time."),
          },
        ]}
      />
    </div>
  );
}
