import { Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ownBranchPath } from "~/lib/slug.ts";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { ownBranchDish, withOwnBranch } from "~/features/branches/branches.server.ts";
import { EditItemForm } from "~/features/menus/components/edit-item-form.tsx";
import { itemFormAction } from "~/features/menus/item-form-action.server.ts";
import { editItemSchema, MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { updateItemDetails } from "~/features/menus/menus.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/edit-own-item";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Edit Item")} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const found = await ownBranchDish(services, viewer.userId, params.branchName, params.id);
  if (!found) notFound(MENU_MESSAGES.itemNotFound);
  return found;
}

export function action({ request, context, params }: Route.ActionArgs) {
  return itemFormAction(
    request,
    context,
    (s, owner, form) =>
      withOwnBranch(s, owner, params.branchName, (branchId) =>
        updateItemDetails(s, owner, params.id, form, branchId),
      ),
    {
      schema: editItemSchema,
      to: ownBranchPath(params.branchName),
      message: MENU_MESSAGES.itemUpdated,
      failure: MENU_MESSAGES.itemUpdateFailed,
    },
  );
}

export default function EditOwnItem({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { errors, onSubmit, text, list } = useSchemaForm(editItemSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const { branch, item } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <p className="text-muted">{branch.branchName}</p>
      <h1 className="text-2xl font-bold">{t("Edit Item")}</h1>
      <EditItemForm
        item={item}
        errors={errors}
        sent={actionData ? text : undefined}
        list={list}
        onSubmit={onSubmit}
        busy={busy}
        conflict={actionData?.conflict}
      />
      <Link to={ownBranchPath(branch.branchUrl)} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{name}}", { name: branch.branchName })}
      </Link>
    </section>
  );
}
