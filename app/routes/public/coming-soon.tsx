import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf, siteOf, seoMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/coming-soon";
import { STATIC_FOR_VISITORS, keptForRoles } from "~/lib/static-page.ts";

export const handle = keptForRoles(STATIC_FOR_VISITORS);

// A placeholder: shareable, but nothing for search engines to index.
export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return seoMeta({
    ...siteOf(matches),
    path: "/coming-soon",
    title: t("Coming soon"),
    description: t("Website Under Development! We are launching soon. Stay tuned for updates!"),
    noindex: true,
  });
}

/** product rules §2's coming-soon screen (mounted at /coming-soon). */
export default function ComingSoon() {
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-3xl font-bold">{t("Website Under Development!")}</h1>
      <p className="text-xl">{t("We are launching soon")}</p>
      <p className="text-muted">{t("Stay tuned for updates!")}</p>
    </section>
  );
}
