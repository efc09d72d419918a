import { redirect } from "react-router";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { logOut } from "~/features/accounts/accounts.server.ts";
import { dataSummary, deleteCustomerAccount } from "~/features/privacy/account-data.server.ts";
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
  const { viewer, services } = await requireRole(request, context, "customer");
  return { summary: await dataSummary(services, viewer.userId, "customer") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  const values = await readFormValues(request, context);
  const result = await deleteCustomerAccount(services, viewer.userId, values, request.headers);
  if (!result.ok) return refused(result);
  // The sessions are gone with the account; this clears the browser's cookie too.
  const headers = await logOut(services, request.headers);
  return redirect("/", { headers: await flashToast(headers, "success", M.customerDeleted) });
}

export default function CustomerData({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const { summary } = loaderData;
  return (
    <YourData
      account="customer"
      back="/profile/customer"
      errors={actionData?.fieldErrors ?? {}}
      goes={[
        t("Your account, your profile and its pictures, and every device signed in"),
        t("Your reviews, with their photos and videos: {{n}}", { n: summary.reviews }),
        t("Your dish ratings: {{n}}", { n: summary.dishRatings }),
        t("The reports you made about reviews"),
        t("Restaurants' and dishes' ratings are counted again without yours."),
      ]}
    />
  );
}
