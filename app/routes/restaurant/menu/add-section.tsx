import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useSchemaForm } from "~/components/ui/use-schema-form.ts";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { SectionForm } from "~/features/menus/components/section-form.tsx";
import { addSectionSchema, MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { addSection } from "~/features/menus/menus.server.ts";
import { refused } from "~/server/action-result.server.ts";
import { requireRole } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/add-section";
import { readFormValues } from "~/server/upload-form.server.ts";

export const meta = () => [{ title: "Add section · Foodverse" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, "restaurant");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request);
  const result = await addSection(services, viewer.userId, values);
  if (!result.ok) return refused(result, values);
  return redirectWithToast("/profile/restaurant/addmenu/addsection", "success", MENU_MESSAGES.sectionAdded);
}

export default function AddSection({ actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { errors, onSubmit, text } = useSchemaForm(addSectionSchema, actionData);
  // A new location after each save empties the form for the next section.
  const { key } = useLocation();
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">Add New Section</h1>
      <SectionForm key={key} errors={errors} value={text} onSubmit={onSubmit} submitLabel="Add Section" />
      <Link to="/profile/restaurant/addmenu" className={buttonClass("ghost", "self-start")}>
        Return to Previous Page
      </Link>
    </section>
  );
}
