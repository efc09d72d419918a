import type { Message } from "~/lib/message.ts";
import { Form, Link, useNavigation } from "react-router";
import { Avatar } from "~/components/ui/avatar.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TextAreaField } from "~/components/ui/field.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { ADMIN_MESSAGES, STATUS_LABEL } from "~/features/admin/admin.schema.ts";
import { decideRestaurant } from "~/features/admin/admin.server.ts";
import { restaurantForAdmin } from "~/features/admin/admin.server.ts";
import { MenuSections } from "~/features/menus/components/menu-sections.tsx";
import { ownerMenu } from "~/features/menus/menu-read.server.ts";
import { ownerPrice } from "~/lib/price.ts";
import { restaurantPath } from "~/lib/slug.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/restaurant";
import { readFormValues } from "~/server/upload-form.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    { title: `${loaderData?.restaurant.restName ?? t("Restaurant")} · ${t("Admin")} · Foodverse` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireRole(request, context, "admin");
  const restaurant = await restaurantForAdmin(services, params.urlName);
  if (!restaurant) notFound(ADMIN_MESSAGES.restaurantNotFound);
  return { restaurant, sections: await ownerMenu(services, restaurant.id) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "admin");
  const values = await readFormValues(request, context);
  const actor = { id: viewer.userId, label: viewer.displayName };
  const result = await decideRestaurant(services, actor, params.urlName, values);
  if (!result.ok) return refused(result, values);
  return redirectWithToast(
    `/admin/restaurants/${encodeURIComponent(params.urlName)}`,
    "success",
    result.message,
  );
}

function Decision({
  intent,
  label,
  variant,
  reasonLabel,
  error,
}: {
  intent: string;
  label: string;
  variant: "primary" | "danger";
  reasonLabel?: string;
  error?: Message;
}) {
  const busy = useNavigation().formData?.get("intent") === intent;
  const { t } = useI18n();
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
      <input type="hidden" name="intent" value={intent} />
      {reasonLabel ? (
        <TextAreaField label={reasonLabel} name="reason" rows={3} maxLength={500} error={error} />
      ) : null}
      <Button type="submit" variant={variant} disabled={busy} className="self-start">
        {busy ? t("Saving…") : label}
      </Button>
    </Form>
  );
}

/** The restaurant's details and whole general menu, with the decisions its state allows. */
export default function AdminRestaurant({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { restaurant: r, sections } = loaderData;
  const intent = actionData?.values.intent;
  const error = actionData?.fieldErrors.reason;
  const { t } = useI18n();
  const status = t(STATUS_LABEL[r.approvalStatus]);
  return (
    <article className="flex flex-col gap-6">
      <Link to={`/admin?status=${r.approvalStatus}`} className="font-medium text-brand underline">
        {t("Back to {{status}} restaurants", { status: status.toLowerCase() })}
      </Link>
      <header className="flex flex-wrap items-center gap-4">
        <Avatar src={r.profileImageUrl} name={r.restName} />
        <div className="min-w-40 flex-1">
          <h1 className="text-3xl font-bold break-words">{r.restName}</h1>
          <p className="break-words text-muted">
            {t(r.restType)} · {r.country} · {r.email}
            {r.contact ? (
              <>
                {" · "}
                <span dir="ltr">{r.contact}</span>
              </>
            ) : (
              ""
            )}
          </p>
          <p>
            {t("Status:")} <strong>{status}</strong>
            {r.approvalNote ? ` ${t("(reason: {{reason}})", { reason: r.approvalNote })}` : ""}
          </p>
          <p className="flex flex-wrap gap-x-4">
            <Link to={restaurantPath(r.urlName)} className="text-brand underline">
              {t("Public page")}
            </Link>
            <Link to={`/admin/users/${encodeURIComponent(r.id)}`} className="text-brand underline">
              {t("Owner's account and locks")}
            </Link>
          </p>
        </div>
      </header>
      {r.about ? <p className="max-w-prose">{r.about}</p> : null}

      <section aria-labelledby="decide" className="flex flex-col gap-3">
        <h2 id="decide" className="text-xl font-bold">
          {t("Decision")}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {r.approvalStatus !== "approved" ? (
            <Decision intent="approve" label={t("Approve")} variant="primary" />
          ) : null}
          {r.approvalStatus === "pending" ? (
            <Decision
              intent="reject"
              label={t("Reject")}
              variant="danger"
              reasonLabel={t("Reason for rejecting (the owner sees it)")}
              error={intent === "reject" ? error : undefined}
            />
          ) : null}
          {r.approvalStatus === "approved" ? (
            <Decision
              intent="suspend"
              label={t("Suspend")}
              variant="danger"
              reasonLabel={t("Reason for suspending (the owner sees it)")}
              error={intent === "suspend" ? error : undefined}
            />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="menu" className="flex flex-col gap-3">
        <h2 id="menu" className="text-xl font-bold">
          {t("General menu")}
        </h2>
        {sections.length === 0 ? (
          <p className="rounded-xl bg-white p-6 shadow-sm">{t("No menu data available.")}</p>
        ) : (
          <MenuSections sections={sections} price={ownerPrice} />
        )}
      </section>
    </article>
  );
}
