import { JOIN_TEXT, JoinCard } from "~/components/join-card.tsx";
import { siteOf, seoMeta, type MetaMatches } from "~/lib/seo.ts";

export const meta = ({ matches }: { matches: MetaMatches }) =>
  seoMeta({
    ...siteOf(matches),
    path: "/signup",
    title: "Sign up",
    description:
      "Join Foodverse as a customer to explore food near you, or as a restaurant to publish your menus for free.",
    noindex: true,
  });

export default function SignupChooser() {
  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      <JoinCard {...JOIN_TEXT.customer} to="customersignup" action="Customer" level={1} />
      <JoinCard {...JOIN_TEXT.restaurant} to="restaurantsignup" action="Restaurant" />
    </div>
  );
}
