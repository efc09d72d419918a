import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { LinkCards } from "~/components/ui/link-cards.tsx";
import { ReadMore } from "~/components/ui/read-more.tsx";
import { QrAddressWarning } from "~/features/restaurants/components/qr-address-warning.tsx";
import { ownRestaurantProfile } from "~/features/restaurants/restaurants.server.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/profile";

export const meta = () => [{ title: "My restaurant · Foodverse" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const profile = await ownRestaurantProfile(services, viewer.userId);
  if (!profile) notFound();
  return profile;
}

const APPROVAL = {
  pending: { label: "Awaiting approval", text: "Your menus become public after admin approval." },
  approved: { label: "Approved", text: "Your menus are public." },
  rejected: { label: "Not approved", text: "Your menus were not approved." },
  suspended: { label: "Suspended", text: "Your menus are hidden from the public for now." },
} as const;

export default function RestaurantProfile({ loaderData }: Route.ComponentProps) {
  const r = loaderData.restaurant;
  const approval = APPROVAL[r.approvalStatus];
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
              <p className="text-muted">{r.restType}</p>
              <Link to={publicPath} className="font-medium text-brand underline">
                View your public page
              </Link>
            </div>
            <details className="relative">
              <summary className={buttonClass("primary", "cursor-pointer list-none")}>Post New</summary>
              <ul className="absolute end-0 z-10 mt-1 flex w-44 flex-col rounded-md border border-line bg-white py-1 shadow-lg">
                <li>
                  <Link to="addmenu" className="flex min-h-11 items-center px-4 hover:bg-brand-soft">
                    Menu Item
                  </Link>
                </li>
                <li>
                  <Link to="addbranch" className="flex min-h-11 items-center px-4 hover:bg-brand-soft">
                    Branch
                  </Link>
                </li>
              </ul>
            </details>
          </div>
          <ReadMore text={r.about} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Website</dt>
            <dd className="break-all">{r.restWebsite || "—"}</dd>
            <dt className="font-medium">Contact</dt>
            <dd>{r.contact || "—"}</dd>
            <dt className="font-medium">Country</dt>
            <dd>{r.country}</dd>
          </dl>
          <div role="note" className="rounded-md bg-brand-soft p-3">
            <p>
              <span className="font-semibold">{approval.label}.</span> {approval.text}
            </p>
            {r.approvalStatus !== "approved" && r.approvalNote ? (
              <p className="mt-1">Reason: {r.approvalNote}</p>
            ) : null}
          </div>
          <Link to="edit" className={buttonClass("secondary", "self-start")}>
            Edit profile
          </Link>
        </section>
        <section className="flex flex-col items-center gap-2 rounded-xl bg-white p-6 shadow-sm">
          <h2 className="font-semibold">Your QR code</h2>
          <QrAddressWarning warning={loaderData.qrWarning} />
          <img
            src={r.restQRimg}
            alt={`QR code linking to ${r.restQRcode}`}
            width={192}
            height={192}
            className="size-48"
          />
          <p className="max-w-48 text-center text-sm break-all text-muted">{r.restQRcode}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <a href="/profile/restaurant/qr.png" download className={buttonClass("secondary")}>
              Download PNG
            </a>
            <a href="/profile/restaurant/qr.svg" download className={buttonClass("secondary")}>
              Download SVG
            </a>
            <Link to="qr-card" className={buttonClass("secondary")}>
              Print card
            </Link>
          </div>
        </section>
      </div>
      <LinkCards
        label="Your restaurant"
        columns="sm:grid-cols-3"
        cards={[
          { to: "mymenu", label: "MENU", text: "Your general menu: sections and items." },
          { to: "mybranches", label: "BRANCHES", text: "Branches, their menus and QR codes." },
          { to: `/reviews/${encodeURIComponent(r.urlName)}`, label: "REVIEWS", text: "What customers say." },
        ]}
      />
    </div>
  );
}
