import { JOIN_TEXT, JoinCard } from "~/components/join-card.tsx";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf, siteOf, seoMeta, type MetaMatches } from "~/lib/seo.ts";

export const meta = ({ matches }: { matches: MetaMatches }) => {
  const t = translatorFor(localeOf(matches));
  return seoMeta({
    ...siteOf(matches),
    path: "/signup",
    title: t("Sign up"),
    description: t(
      "Join Foodverse as a customer to explore food near you, or as a restaurant to publish your menus for free.",
    ),
    noindex: true,
  });
};

export default function SignupChooser() {
  const { t } = useI18n();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      {/* JoinCard translates JOIN_TEXT itself. */}
      <JoinCard {...JOIN_TEXT.customer} to="customersignup" action={t("Customer")} level={1} />
      <JoinCard {...JOIN_TEXT.restaurant} to="restaurantsignup" action={t("Restaurant")} />
    </div>
  );
}
