import { data, Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { ItemFields, ItemViewFields } from "~/features/menus/components/item-fields.tsx";
import { itemFormAction } from "~/features/menus/item-form-action.server.ts";
import { findOwnItem } from "~/features/menus/menus.queries.server.ts";
import { editItemSchema, MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { updateItemDetails } from "~/features/menus/menus.server.ts";
import { notFound, requireRole } from "~/server/request.server.ts";
import type { Route } from "./+types/edit-item";

const LIST = "/profile/restaurant/addmenu/items";

export const meta = () => [{ title: "Edit Item · Foodverse" }];

// SPEC §6: without a signed-in user, 'Not authenticated' and on to /sign-in.
const SIGNED_OUT = { loginPath: "/sign-in", message: MENU_MESSAGES.notAuthenticated };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant", SIGNED_OUT);
  const item = await findOwnItem(services.database.db, viewer.userId, params.id).catch((error) => {
    services.log.error({ err: error }, "item could not be loaded");
    throw data(null, { status: 500, statusText: MENU_MESSAGES.itemLoadFailed });
  });
  if (!item) notFound(MENU_MESSAGES.itemNotFound);
  return { item };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return itemFormAction(request, context, (s, owner, form) => updateItemDetails(s, owner, params.id, form), {
    to: LIST,
    message: MENU_MESSAGES.itemUpdated,
    failure: MENU_MESSAGES.itemUpdateFailed,
  });
}

export default function EditItem({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { errors, onSubmit, text } = useSchemaForm(editItemSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const { item } = loaderData;
  const saved = (key: string) => {
    const value = (item as Record<string, unknown>)[key];
    return value === undefined || value === null ? undefined : String(value);
  };
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">Edit Item</h1>
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-4"
      >
        <FormAlert message={errors.form} />
        <ItemFields errors={errors} value={(k) => (actionData ? text(k) : saved(k))} />
        <ItemViewFields errors={errors} current={item} required={false} />
        <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
          {busy ? "Updating…" : "Update Item"}
        </button>
      </Form>
      <Link to={LIST} className={buttonClass("ghost", "self-start")}>
        Return to Previous Page
      </Link>
    </section>
  );
}
