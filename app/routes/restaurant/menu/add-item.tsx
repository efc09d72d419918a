import { Link, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { AddItemForm } from "~/features/menus/components/add-item-form.tsx";
import { itemFormAction } from "~/features/menus/item-form-action.server.ts";
import { addItemSchema, MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { addItem, addItemForm, carriedToNextItem } from "~/features/menus/menus.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { keepFormWhenUnanswered, newSubmissionToken, notAfterUnanswered } from "~/lib/submissions.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/add-item";

const ADD_ITEM = "/profile/restaurant/addmenu/additems";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Add item")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const form = await addItemForm(services, viewer.userId, new URL(request.url).searchParams);
  if (!form) notFound();
  // A dish posted twice is added once (ADR 0032).
  return { ...form, submission: newSubmissionToken() };
}

export function action({ request, context }: Route.ActionArgs) {
  return itemFormAction(request, context, addItem, {
    schema: addItemSchema,
    // 'Save and add another': an empty form again, with the values the next dish shares.
    to: (values) => (values.intent === "another" ? `${ADD_ITEM}?${carriedToNextItem(values)}` : ADD_ITEM),
    message: MENU_MESSAGES.itemAdded,
    failure: MENU_MESSAGES.itemAddFailed,
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args, addItemSchema);
export const shouldRevalidate = notAfterUnanswered;

export default function AddItem({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const { errors, onSubmit, text, list } = useSchemaForm(addItemSchema, actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { key } = useLocation();
  const { sections } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold">{t("Add Items to an Added Section")}</h1>
      {sections.length === 0 ? (
        <p>
          {tm(MENU_MESSAGES.noSections)}{" "}
          <Link to="/profile/restaurant/addmenu/addsection" className="text-brand underline">
            {t("Add a section first.")}
          </Link>
        </p>
      ) : (
        <AddItemForm
          // A new location (after a save) is a fresh, empty form with the carried defaults.
          key={key}
          data={loaderData}
          errors={errors}
          // What was sent comes back after a refusal; otherwise the carried defaults.
          value={(k) => (actionData ? text(k) : loaderData.defaults[k as keyof typeof loaderData.defaults])}
          list={list}
          onSubmit={onSubmit}
          busy={busy}
          another={busy && navigation.formData?.get("intent") === "another"}
        />
      )}
      <Link to="/profile/restaurant/addmenu" className={buttonClass("ghost", "self-start")}>
        {t("Return to Previous Page")}
      </Link>
    </section>
  );
}
