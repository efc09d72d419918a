import { Link } from "react-router";
import { BRANCH_MESSAGES } from "~/features/branches/branches.schema.ts";
import { publicBranches } from "~/features/branches/branches.server.ts";
import { branchPath } from "~/lib/slug.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import type { Route } from "./+types/branches";

export async function loader({ context, params }: Route.LoaderArgs) {
  const found = await publicBranches(servicesOf(context), params.restaurantName);
  if (!found) notFound();
  return found;
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: loaderData ? `Branches · ${loaderData.restaurant.restName} · Foodverse` : "Not Found · Foodverse",
  },
  {
    name: "description",
    content: loaderData ? `Addresses and contacts of ${loaderData.restaurant.restName}'s branches.` : "",
  },
];

export default function PublicBranches({ loaderData }: Route.ComponentProps) {
  const { restaurant, branches } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <Link to={restaurantPath(restaurant.urlName)} className="font-medium text-brand underline">
        {restaurant.restName}
      </Link>
      <h1 className="text-3xl font-bold">Branches</h1>
      {branches.length === 0 ? <p>{BRANCH_MESSAGES.none}</p> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {branches.map((b) => (
          <li key={b.id} className="rounded-xl bg-white p-4 shadow-sm">
            <Link
              to={branchPath(restaurant.urlName, b.branchUrl)}
              className="text-lg font-semibold text-brand underline"
            >
              {b.branchName}
            </Link>
            <p>{b.address || [b.areaLabel, b.cityLabel].filter(Boolean).join(", ") || "—"}</p>
            <p>
              {b.contact ? (
                <a href={`tel:${b.contact}`} className="text-brand underline">
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
