import { Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { inLanguage } from "~/lib/menu-language.ts";
import { requestLocale } from "~/lib/locale.ts";
import { buttonClass } from "~/components/ui/button.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { markPersonal, pageTemplateContext } from "~/server/page-variant.server.ts";
import { ApprovalNote } from "~/features/menus/components/approval-note.tsx";
import { ItemDetail } from "~/features/menus/components/item-detail.tsx";
import { DinersPhotos } from "~/features/reviews/components/diners-photos.tsx";
import { dinersPhotos } from "~/features/reviews/dish-photos.server.ts";
import { publicItem } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.messages.ts";
import { rateItem } from "~/features/menus/menus.server.ts";
import { menuItemMeta } from "~/lib/json-ld.ts";
import { translateMessage, translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { errorMeta, localeOf, originOf, seoMeta } from "~/lib/seo.ts";
import { keptForRoles, staticForVisitorsWith } from "~/lib/static-page.ts";
import { restaurantPath } from "~/lib/slug.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { refused } from "~/server/action-result.server.ts";
import { notFound, servicesOf } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import type { Route } from "./+types/menu-item";
import { readFormValues } from "~/server/upload-form.server.ts";

export const handle = keptForRoles(staticForVisitorsWith("carousel"));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const viewer = await getViewer(services, request);
  const found = await publicItem(services, params.restaurantName, params.itemId, viewer?.userId);
  if (!found) notFound(MENU_MESSAGES.itemPageNotFound);
  // A customer's own rating of the dish is on the page: not kept for their role.
  if (viewer?.role === "customer") markPersonal(context.get(pageTemplateContext));
  const shown = found.visibility !== "awaiting-approval";
  return {
    ...found,
    // Nothing of an unapproved menu goes to a visitor's browser.
    item: shown ? inLanguage(found.item, requestLocale(request)) : null,
    // Every branch's photos reviewers said show this dish (issue 33), once the restaurant is public.
    photos:
      found.visibility === "public" ? await dinersPhotos(services, { generalItemId: found.item.id }) : [],
    restaurant: { name: found.item.restName, urlName: found.item.urlName },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "customer");
  const values = await readFormValues(request, context);
  const result = await rateItem(services, viewer.userId, params.restaurantName, params.itemId, values);
  if (!result.ok) return refused(result);
  return redirectWithToast(
    new URL(request.url).pathname.replace(/\.data$/, ""),
    "success",
    MENU_MESSAGES.rated,
  );
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  const locale = localeOf(matches);
  const t = translatorFor(locale);
  if (!data) return errorMeta(translateMessage(locale, MENU_MESSAGES.itemPageNotFound));
  const origin = originOf(matches);
  const menuPath = `${restaurantPath(data.restaurant.urlName)}/menu`;
  // An owner's preview is never described: only an approved menu's item reaches meta.
  const item = data.visibility === "public" ? data.item : null;
  if (!item) {
    return seoMeta({
      origin,
      locale,
      path: menuPath,
      title: t("Our Menu · {{name}}", { name: data.restaurant.name }),
      description: t("The menu of {{name}}: coming soon.", { name: data.restaurant.name }),
      noindex: true,
    });
  }
  return menuItemMeta({
    origin,
    locale: localeOf(matches),
    path: `${menuPath}/${item.id}`,
    place: data.restaurant.name,
    item,
  });
}

function RateForm({ current }: { current: number | null }) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
      <fieldset>
        <legend className="font-semibold">
          {current ? t("Your rating: {{rating}} of 5", { rating: current }) : t("Rate this dish")}
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="flex min-h-11 cursor-pointer items-center gap-1 rounded-md border border-line px-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <input
                type="radio"
                name="rating"
                value={n}
                defaultChecked={current === n}
                required
                className="size-4"
              />
              {t("{{count}} stars", { count: n })}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
        {busy ? t("Saving…") : t("Save rating")}
      </button>
    </Form>
  );
}

export default function PublicMenuItem({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t } = useI18n();
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const { item, visibility, myRating, restaurant } = loaderData;
  const menuPath = `${restaurantPath(restaurant.urlName)}/menu`;
  return (
    <article className="flex flex-col gap-6">
      <Link to={menuPath} className="font-medium text-brand underline">
        {restaurant.name} · {t("Our Menu")}
      </Link>
      <ApprovalNote visibility={visibility} />
      {item ? <ItemDetail item={item} /> : null}
      <DinersPhotos photos={loaderData.photos} showBranch />
      {item && visibility === "public" ? (
        viewer?.role === "customer" ? (
          <RateForm current={myRating} />
        ) : viewer ? null : (
          <p>
            <Link
              to={`/login?redirectTo=${encodeURIComponent(`${menuPath}/${item.id}`)}`}
              className="text-brand underline"
            >
              {t("Log in")}
            </Link>{" "}
            {t("to rate this dish.")}
          </p>
        )
      ) : null}
    </article>
  );
}
