import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { ReadMore } from "~/components/ui/read-more.tsx";
import { imageSrcSet } from "~/lib/media.ts";
import { customerProfile } from "~/features/accounts/accounts.server.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/profile";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("My profile")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  const customer = await customerProfile(services, viewer.userId);
  if (!customer) notFound();
  return { customer };
}

export default function CustomerProfile({ loaderData }: Route.ComponentProps) {
  const c = loaderData.customer;
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-2xl flex-col overflow-hidden rounded-xl bg-white shadow-sm">
      {c.coverImageUrl ? (
        <img
          src={c.coverImageUrl}
          srcSet={imageSrcSet(c.coverImageUrl)}
          sizes="(min-width: 672px) 672px, 100vw"
          alt={t("Cover")}
          width={672}
          height={192}
          className="h-48 w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="h-24 bg-brand-soft" />
      )}
      <div className="flex flex-col gap-4 p-6">
        <div className="flex items-center gap-4">
          <Avatar src={c.profileImageUrl} name={c.firstName} />
          <div>
            <h1 className="text-2xl font-bold">
              {c.firstName} {c.lastName}
            </h1>
            <p className="text-muted">@{c.username}</p>
          </div>
        </div>
        <ReadMore text={c.about} />
        <p>
          <span className="font-medium">{t("Country:")}</span> {c.country || "—"}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="reviews" className={buttonClass("primary")}>
            {t("My Reviews")}
          </Link>
          <Link to="edit" className={buttonClass("secondary")}>
            {t("Edit profile")}
          </Link>
          <Link to="data" className={buttonClass("ghost")}>
            {t("Your data")}
          </Link>
        </div>
      </div>
    </section>
  );
}
