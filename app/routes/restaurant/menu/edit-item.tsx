import { data, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { EditItemForm } from "~/features/menus/components/edit-item-form.tsx";
import { itemFormAction } from "~/features/menus/item-form-action.server.ts";
import { ownItem } from "~/features/menus/menu-read.server.ts";
import { editItemSchema, MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { updateItemDetails } from "~/features/menus/menus.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/edit-item";

const LIST = "/profile/restaurant/addmenu/items";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Edit Item")} · Foodverse` }];
}

// product rules §6: without a signed-in user, 'Not authenticated' and on to /sign-in.
const SIGNED_OUT = { loginPath: "/sign-in", message: MENU_MESSAGES.notAuthenticated };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant", SIGNED_OUT);
  const item = await ownItem(services, viewer.userId, params.id).catch((error) => {
    services.log.error({ err: error }, "item could not be loaded");
    throw data(null, { status: 500, statusText: MENU_MESSAGES.itemLoadFailed });
  });
  if (!item) notFound(MENU_MESSAGES.itemNotFound);
  return { item };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return itemFormAction(request, context, (s, owner, form) => updateItemDetails(s, owner, params.id, form), {
    schema: editItemSchema,
    to: LIST,
    message: MENU_MESSAGES.itemUpdated,
    failure: MENU_MESSAGES.itemUpdateFailed,
  });
}

export default function EditItem({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { errors, onSubmit, text, list } = useSchemaForm(editItemSchema, actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold">{t("Edit Item")}</h1>
      <EditItemForm
        item={loaderData.item}
        errors={errors}
        sent={actionData ? text : undefined}
        list={list}
        onSubmit={onSubmit}
        busy={busy}
        conflict={actionData?.conflict}
      />
      <Link to={LIST} className={buttonClass("ghost", "self-start")}>
        {t("Return to Previous Page")}
      </Link>
    </section>
  );
}
