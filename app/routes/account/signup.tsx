import { useSearchParams } from "react-router";
import { JOIN_TEXT, JoinCard } from "~/components/join-card.tsx";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { withRedirectTo } from "~/lib/safe-redirect.ts";
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
  // Reached from the login's Register: where the person was going goes on to either form.
  const redirectTo = useSearchParams()[0].get("redirectTo");
  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      {/* JoinCard translates JOIN_TEXT itself. */}
      <JoinCard
        {...JOIN_TEXT.customer}
        to={withRedirectTo("/signup/customersignup", redirectTo)}
        action={t("Customer")}
        level={1}
      />
      <JoinCard
        {...JOIN_TEXT.restaurant}
        to={withRedirectTo("/signup/restaurantsignup", redirectTo)}
        action={t("Restaurant")}
      />
    </div>
  );
}
