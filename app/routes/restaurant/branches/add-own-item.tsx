import { Link, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { ownBranchPath } from "~/lib/slug.ts";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { BRANCH_MESSAGES as B } from "~/features/branches/branches.schema.ts";
import { branchItemForm, withOwnBranch } from "~/features/branches/branches.server.ts";
import { AddItemForm } from "~/features/menus/components/add-item-form.tsx";
import { itemFormAction } from "~/features/menus/item-form-action.server.ts";
import { addItemSchema, MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { addItem } from "~/features/menus/menus.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { keepFormWhenUnanswered, newSubmissionToken, notAfterUnanswered } from "~/lib/submissions.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/add-own-item";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Add a dish to this branch")} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const form = await branchItemForm(services, viewer.userId, params.branchName);
  if (!form) notFound(B.notFound);
  // A dish posted twice is added once (ADR 0032).
  return { ...form, submission: newSubmissionToken() };
}

export function action({ request, context, params }: Route.ActionArgs) {
  const back = ownBranchPath(params.branchName);
  return itemFormAction(
    request,
    context,
    (s, owner, form) =>
      withOwnBranch(s, owner, params.branchName, (branchId) => addItem(s, owner, form, branchId)),
    {
      schema: addItemSchema,
      to: (values) => (values.intent === "another" ? `${back}/additem` : back),
      message: B.ownDishAdded,
      failure: MENU_MESSAGES.itemAddFailed,
    },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args, addItemSchema);
export const shouldRevalidate = notAfterUnanswered;

export default function AddOwnItem({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { errors, onSubmit, text, list } = useSchemaForm(addItemSchema, actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { key } = useLocation();
  const { branch } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <p className="text-muted">{branch.branchName}</p>
      <h1 className="text-2xl font-bold">{t("Add a dish to this branch only")}</h1>
      <p className="text-sm text-muted">
        {t(
          "The general menu and the other branches do not get it. To add a dish everywhere, use Add Items on the general menu.",
        )}
      </p>
      <AddItemForm
        key={key}
        data={loaderData}
        errors={errors}
        value={(k) => (actionData ? text(k) : undefined)}
        list={list}
        onSubmit={onSubmit}
        busy={busy}
        another={busy && navigation.formData?.get("intent") === "another"}
      />
      <Link to={ownBranchPath(branch.branchUrl)} className={buttonClass("ghost", "self-start")}>
        {t("Back to {{name}}", { name: branch.branchName })}
      </Link>
    </section>
  );
}
