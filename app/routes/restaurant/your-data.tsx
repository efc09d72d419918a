import { redirect } from "react-router";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { logOut } from "~/features/accounts/accounts.server.ts";
import { closeRestaurantAccount, dataSummary } from "~/features/privacy/account-data.server.ts";
import { ACCOUNT_DATA_MESSAGES as M } from "~/features/privacy/account-data.messages.ts";
import { YourData } from "~/features/privacy/components/your-data.tsx";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { refused } from "~/server/action-result.server.ts";
import { flashToast } from "~/server/toast.server.ts";
import { readFormValues } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/your-data";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Your data")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  return { summary: await dataSummary(services, viewer.userId, "restaurant") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const values = await readFormValues(request, context);
  const result = await closeRestaurantAccount(services, viewer.userId, values, request.headers);
  if (!result.ok) return refused(result);
  // The sessions are gone with the account; this clears the browser's cookie too.
  const headers = await logOut(services, request.headers);
  return redirect("/", { headers: await flashToast(headers, "success", M.restaurantClosed) });
}

export default function RestaurantData({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { summary } = loaderData;
  return (
    <YourData
      account="restaurant"
      back="/profile/restaurant"
      errors={actionData?.fieldErrors ?? {}}
      goes={[
        t("Your restaurant's page, profile, pictures and QR codes, and every device signed in"),
        t("Its branches: {{n}}", { n: summary.branches }),
        t("Its menus and dishes, with their pictures: {{n}}", { n: summary.dishes }),
        t("The reviews diners wrote about it, with their photos and videos, and your replies: {{n}}", {
          n: summary.reviews,
        }),
        t("Its insights (scans and views)"),
      ]}
    />
  );
}
