import { Avatar } from "~/components/ui/avatar.tsx";
import { ReadMore } from "~/components/ui/read-more.tsx";
import { findRestaurantProfile } from "~/features/restaurants/restaurants.queries.server.ts";
import { notFound, requireRole } from "~/server/request.server.ts";
import type { Route } from "./+types/profile";

export const meta = () => [{ title: "My restaurant · Foodverse" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const restaurant = await findRestaurantProfile(services.database.db, viewer.userId);
  if (!restaurant) notFound();
  return { restaurant };
}

const APPROVAL_TEXT = {
  pending: "Your menus become public after admin approval.",
  approved: "Your menus are public.",
  rejected: "Your menus were not approved. Contact Foodverse support.",
} as const;

export default function RestaurantProfile({ loaderData }: Route.ComponentProps) {
  const r = loaderData.restaurant;
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_auto]">
      <section className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm">
        <div className="flex items-center gap-4">
          <Avatar src={r.profileImageUrl} name={r.restName} />
          <div>
            <h1 className="text-2xl font-bold">{r.restName}</h1>
            <p className="text-muted">{r.restType}</p>
          </div>
        </div>
        <ReadMore text={r.about} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Website</dt>
          <dd>{r.restWebsite || "—"}</dd>
          <dt className="font-medium">Contact</dt>
          <dd>{r.contact || "—"}</dd>
          <dt className="font-medium">Country</dt>
          <dd>{r.country}</dd>
        </dl>
        <p role="note" className="rounded-md bg-brand-soft p-3">
          {APPROVAL_TEXT[r.approvalStatus]}
        </p>
      </section>
      <section className="flex flex-col items-center gap-2 rounded-xl bg-white p-6 shadow-sm">
        <h2 className="font-semibold">Your QR code</h2>
        <img
          src={r.restQRimg}
          alt={`QR code linking to ${r.restQRcode}`}
          width={192}
          height={192}
          className="size-48"
        />
        <p className="max-w-48 text-center text-sm break-all text-muted">{r.restQRcode}</p>
      </section>
    </div>
  );
}
