import { Form, Link } from "react-router";
import { ServedTimesLine } from "~/features/menus/components/served-times-line.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { MoveButtons } from "~/components/ui/move-buttons.tsx";
import { SwitchSubmit } from "~/components/ui/switch-submit.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { ownerMenu } from "~/features/menus/menu-read.server.ts";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { DeleteDishButton } from "~/features/menus/components/delete-dish-button.tsx";
import { deleteItem, moveItem, setSoldOut } from "~/features/menus/menus.server.ts";
import { ownerListAction } from "~/features/menus/owner-menu-action.server.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { imageIdOf, imageUrl } from "~/lib/media.ts";
import { ownerPrice } from "~/lib/price.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/items";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${t("Edit/Delete Items")} · Foodverse` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  try {
    return { sections: await ownerMenu(services, viewer.userId), loadError: null };
  } catch (error) {
    services.log.error({ err: error }, "menu could not be loaded");
    return { sections: [], loadError: MENU_MESSAGES.itemsLoadFailed };
  }
}

const id = (v: Record<string, unknown>) => String(v.itemId ?? "");

export function action({ request, context }: Route.ActionArgs) {
  return ownerListAction(request, context, "/profile/restaurant/addmenu/items", {
    delete: { run: (s, owner, v) => deleteItem(s, owner, id(v)), success: MENU_MESSAGES.itemDeleted },
    soldout: { run: (s, owner, v) => setSoldOut(s, owner, id(v), true), success: MENU_MESSAGES.soldOutOn },
    available: {
      run: (s, owner, v) => setSoldOut(s, owner, id(v), false),
      success: MENU_MESSAGES.soldOutOff,
    },
    up: { run: (s, owner, v) => moveItem(s, owner, id(v), -1), success: MENU_MESSAGES.moved },
    down: { run: (s, owner, v) => moveItem(s, owner, id(v), 1), success: MENU_MESSAGES.moved },
  });
}

export default function Items({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const { sections } = loaderData;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("Edit/Delete Items")}</h1>
      <FormAlert message={loaderData.loadError ?? undefined} />
      {sections.length === 0 ? (
        <p className="rounded-xl bg-white p-6 shadow-sm">{tm(MENU_MESSAGES.noSections)}</p>
      ) : null}
      {sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`section-${section.id}`}
          className="rounded-xl bg-white p-4 shadow-sm"
        >
          <h2 id={`section-${section.id}`} className="mb-3 text-lg font-semibold">
            {section.originalName}{" "}
            <span className="font-normal text-muted">
              {t("(section {{number}})", { number: section.sectionNumber })}
            </span>
          </h2>
          {section.items.length === 0 ? (
            <p className="text-muted">{tm(MENU_MESSAGES.noItems)}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {section.items.map((item, i) => (
                <li key={item.id} className="flex gap-3 py-3">
                  <Thumbnail url={item.topView} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <p className="break-words">
                      <span className="font-mono text-muted">#{item.positionInSection}</span>{" "}
                      <span className="font-semibold">{item.name}</span> · {ownerPrice(item.price)} ·{" "}
                      {t(item.itemType)}
                    </p>
                    <ServedTimesLine
                      servedTimes={item.servedTimes}
                      href={`${item.id}/times`}
                      name={item.name}
                    />
                    <Form method="post" className="flex flex-wrap items-center gap-x-1 gap-y-1">
                      <input type="hidden" name="itemId" value={item.id} />
                      <Link
                        to={`edit/${item.id}`}
                        className={buttonClass("secondary", "px-3")}
                        aria-label={t("Edit {{name}}", { name: item.name })}
                      >
                        {t("Edit")}
                      </Link>
                      <SwitchSubmit
                        label={t("Sold out")}
                        name={t("Sold out: {{name}}", { name: item.name })}
                        checked={Boolean(item.soldOut)}
                        turnOn="soldout"
                        turnOff="available"
                      />
                      <MoveButtons label={item.name} first={i === 0} last={i === section.items.length - 1} />
                      <DeleteDishButton name={item.name} />
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <Link to="/profile/restaurant/addmenu" className={buttonClass("ghost", "self-start")}>
        {t("Return to Previous Page")}
      </Link>
    </section>
  );
}

/** The dish's top view, small (the narrowest stored width), so a long list loads fast on a phone. */
function Thumbnail({ url }: { url: string }) {
  const imageId = imageIdOf(url);
  const box = "size-14 shrink-0 rounded-md border border-line";
  if (!imageId) return <div aria-hidden="true" className={`${box} bg-gray-100`} />;
  return <img src={imageUrl(imageId, 320)} alt="" loading="lazy" className={`${box} object-cover`} />;
}
