import { useRouteLoaderData } from "react-router";
import { JOIN_TEXT, JoinCard } from "~/components/join-card.tsx";
import { withContext } from "~/lib/json-ld.ts";
import { originOf, seoMeta, SITE_NAME, type MetaMatches } from "~/lib/seo.ts";
import type { loader as rootLoader } from "~/root.tsx";

export const meta = ({ matches }: { matches: MetaMatches }) => {
  const origin = originOf(matches);
  return seoMeta({
    origin,
    path: "/",
    title: "Foodverse · Menus, branches and reviews",
    description:
      "Explore restaurant menus, branches and reviews, or scan the QR code on your table to see its menu.",
    jsonLd: withContext({ "@type": "WebSite", name: SITE_NAME, url: `${origin}/` }),
  });
};

export default function Home() {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 py-10 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">Explore menus or scan a QR code at your table</h1>
      <p className="text-lg text-muted">
        Foodverse puts every restaurant's menu, branches and reviews in one place.
      </p>
      {viewer ? (
        <p className="text-lg">Welcome back, {viewer.displayName}.</p>
      ) : (
        <div className="grid w-full gap-4 text-start sm:grid-cols-2">
          <JoinCard {...JOIN_TEXT.customer} to="/signup/customersignup" action="Join as a customer" />
          <JoinCard {...JOIN_TEXT.restaurant} to="/signup/restaurantsignup" action="Join as a restaurant" />
        </div>
      )}
    </section>
  );
}
