import { Form, Link, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { SelectField } from "~/components/ui/field.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { CategoryFields, ItemFields, ItemViewFields } from "~/features/menus/components/item-fields.tsx";
import { itemFormAction } from "~/features/menus/item-form-action.server.ts";
import { findOwnerRestaurant, listSections } from "~/features/menus/menus.queries.server.ts";
import { addItemSchema, MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { addItem } from "~/features/menus/menus.server.ts";
import { itemCategoriesFor } from "~/lib/reference-data.ts";
import { notFound, requireRole } from "~/server/request.server.ts";
import type { Route } from "./+types/add-item";

export const meta = () => [{ title: "Add item · Foodverse" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const { db } = services.database;
  const restaurant = await findOwnerRestaurant(db, viewer.userId);
  if (!restaurant) notFound();
  const sections = await listSections(db, viewer.userId);
  return {
    sections: sections.map((s) => ({ value: s.id, label: `${s.sectionNumber}. ${s.originalName}` })),
    categories: itemCategoriesFor(restaurant.restType),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return itemFormAction(request, context, addItem, {
    to: "/profile/restaurant/addmenu/additems",
    message: MENU_MESSAGES.itemAdded,
    failure: MENU_MESSAGES.itemAddFailed,
  });
}

export default function AddItem({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { errors, onSubmit, text } = useSchemaForm(addItemSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const { key } = useLocation();
  const { sections, categories } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">Add Items to an Added Section</h1>
      {sections.length === 0 ? (
        <p>
          {MENU_MESSAGES.noSections}{" "}
          <Link to="/profile/restaurant/addmenu/addsection" className="text-brand underline">
            Add a section first.
          </Link>
        </p>
      ) : (
        <Form
          key={key}
          method="post"
          encType="multipart/form-data"
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-4"
        >
          <FormAlert message={errors.form} />
          <SelectField
            label="Section"
            name="sectionId"
            required
            options={sections}
            placeholder="Select a section"
            defaultValue={text("sectionId")}
            error={errors.sectionId}
          />
          <CategoryFields categories={categories} errors={errors} value={text} />
          <ItemFields errors={errors} value={text} />
          <ItemViewFields errors={errors} required />
          <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
            {busy ? "Adding…" : "Add Item"}
          </button>
        </Form>
      )}
      <Link to="/profile/restaurant/addmenu" className={buttonClass("ghost", "self-start")}>
        Return to Previous Page
      </Link>
    </section>
  );
}
