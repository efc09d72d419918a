import { Fragment } from "react";
import { ServedTimesLine } from "~/features/menus/components/served-times-line.tsx";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { SwitchSubmit } from "~/components/ui/switch-submit.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { BRANCH_MESSAGES as B, branchItemSchema } from "~/features/branches/branches.schema.ts";
import {
  ownerBranchMenu,
  setBranchItemDetails,
  setShownAtBranch,
  withOwnBranch,
} from "~/features/branches/branches.server.ts";
import { branchPath, ownBranchPath } from "~/lib/slug.ts";
import { BranchHeader } from "~/features/branches/components/branch-header.tsx";
import { QrAddressWarning } from "~/features/restaurants/components/qr-address-warning.tsx";
import { DishPrice, Rating } from "~/features/menus/components/item-card.tsx";
import { MENU_MESSAGES } from "~/features/menus/menus.schema.ts";
import { DeleteDishButton } from "~/features/menus/components/delete-dish-button.tsx";
import { deleteItem } from "~/features/menus/menus.server.ts";
import { ownerListAction } from "~/features/menus/owner-menu-action.server.ts";
import { ownerPrice } from "~/lib/price.ts";
import { readSizes } from "~/lib/sizes.ts";
import { sizeName } from "~/lib/size-names.ts";
import { openState, readHours } from "~/lib/opening-hours.ts";
import { allergenName, allergensOf } from "~/lib/allergens.ts";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { localeOf } from "~/lib/seo.ts";
import { notFound } from "~/server/request.server.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import type { Route } from "./+types/branch-menu";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${loaderData?.branch.branchName ?? t(B.notFound)} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const menu = await ownerBranchMenu(services, viewer.userId, params.branchName);
  if (!menu) notFound(B.notFound);
  return menu;
}

const id = (v: Record<string, unknown>) => String(v.itemId ?? "");
const sectionIdOf = (v: Record<string, unknown>) => String(v.sectionId ?? "");

export function action({ request, context, params }: Route.ActionArgs) {
  const branch = params.branchName;
  return ownerListAction(
    request,
    context,
    ownBranchPath(branch),
    {
      save: { run: (s, owner, v) => setBranchItemDetails(s, owner, branch, v), success: B.itemSaved },
      hide: {
        run: (s, owner, v) => setShownAtBranch(s, owner, branch, { kind: "dish", id: id(v) }, false),
        success: B.dishHidden,
      },
      show: {
        run: (s, owner, v) => setShownAtBranch(s, owner, branch, { kind: "dish", id: id(v) }, true),
        success: B.dishShown,
      },
      "hide-section": {
        run: (s, owner, v) =>
          setShownAtBranch(s, owner, branch, { kind: "section", id: sectionIdOf(v) }, false),
        success: B.sectionHidden,
      },
      "show-section": {
        run: (s, owner, v) =>
          setShownAtBranch(s, owner, branch, { kind: "section", id: sectionIdOf(v) }, true),
        success: B.sectionShown,
      },
      // Only a dish of this branch alone: a copy of a general dish is hidden here instead.
      delete: {
        run: (s, owner, v) =>
          withOwnBranch(s, owner, branch, (branchId) => deleteItem(s, owner, id(v), branchId)),
        success: MENU_MESSAGES.itemDeleted,
      },
    },
    branchItemSchema,
  );
}

type Menu = Route.ComponentProps["loaderData"];
type BranchSection = Menu["sections"][number];
type BranchDish = BranchSection["items"][number];

export default function OwnerBranchMenu({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm, href, locale } = useI18n();
  const { branch, sections, qrNote } = loaderData;
  const own = ownBranchPath(branch.branchUrl);
  const hours = readHours(branch.openingHours);
  return (
    <div className="flex flex-col gap-6">
      <BranchHeader
        restaurantName={branch.restaurantName}
        branchName={branch.branchName}
        qrImage={branch.branchQRimg}
        qrUrl={branch.branchQRcode}
      >
        <Link
          to={`${branchPath(branch.urlName, branch.branchUrl)}/reviews`}
          className={buttonClass("primary")}
        >
          {t("See Reviews")}
        </Link>
        <a href={href(`${own}/qr.png`)} download className={buttonClass("secondary")}>
          {t("Download PNG")}
        </a>
        <a href={href(`${own}/qr.svg`)} download className={buttonClass("secondary")}>
          {t("Download SVG")}
        </a>
        <Link to={`${own}/qr-card`} className={buttonClass("secondary")}>
          {t("Print table card")}
        </Link>
        <Link to={`${own}/tables`} className={buttonClass("secondary")}>
          {t("Tables and their cards")}
        </Link>
      </BranchHeader>
      <QrAddressWarning note={qrNote} />
      <nav aria-label={t("This branch's menu")} className="flex flex-wrap gap-2">
        <Link to={`${own}/compare`} className={buttonClass("secondary")}>
          {t("Compare with the general menu")}
        </Link>
        <Link to={`${own}/additem`} className={buttonClass("secondary")}>
          {t("Add a dish to this branch only")}
        </Link>
        <Link to={`${own}/hours`} className={buttonClass("secondary")}>
          {t("Opening hours")}
        </Link>
        <Link to={`${own}/special-hours`} className={buttonClass("secondary")}>
          {t("Ramadan and Eid hours")}
        </Link>
        <Link to={`${own}/deals`} className={buttonClass("secondary")}>
          {t("Deals at this branch")}
        </Link>
        <Link
          to={`${branchPath(branch.urlName, branch.branchUrl)}#preview-at`}
          className={buttonClass("secondary")}
        >
          {t("See the menu at another time")}
        </Link>
      </nav>
      <p>
        <span className="font-medium">{t("Opening hours:")} </span>
        {hours
          ? tm(openState(hours, new Date(), undefined, locale)?.text ?? "")
          : t("not set yet; diners see no hours.")}
      </p>
      <p className="text-muted">
        {t(
          "This branch follows the general menu: changes there reach it at once. Here you set what differs at this branch: its prices, sold out, and what it does not serve.",
        )}
      </p>
      {sections.length === 0 ? <p>{tm(MENU_MESSAGES.noMenu)}</p> : null}
      {sections.map((section) => (
        <BranchSectionBlock key={section.id} section={section} />
      ))}
    </div>
  );
}

function BranchSectionBlock({ section }: { section: BranchSection }) {
  const { t, tm } = useI18n();
  const shown = !section.hidden;
  return (
    <section aria-labelledby={`s-${section.id}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`s-${section.id}`} className="text-xl font-bold">
          {section.sectionNumber}. {section.originalName}
          {section.generalSectionId === null ? (
            <span className="ms-2 text-sm font-normal text-muted">{t("(only at this branch)")}</span>
          ) : null}
        </h2>
        <Form method="post">
          <input type="hidden" name="sectionId" value={section.id} />
          <SwitchSubmit
            label={t("Served here")}
            name={t("Served here: {{name}}", { name: section.originalName })}
            checked={shown}
            turnOn="show-section"
            turnOff="hide-section"
          />
        </Form>
      </div>
      <ServedTimesLine
        servedTimes={section.servedTimes}
        href={`sections/${section.id}/times`}
        name={section.originalName}
      />
      {shown ? null : <p className="text-muted">{t("Diners at this branch do not see this section.")}</p>}
      {section.items.length === 0 ? <p className="text-muted">{tm(MENU_MESSAGES.noItems)}</p> : null}
      <ul className={`grid gap-3 md:grid-cols-2 ${shown ? "" : "opacity-70"}`}>
        {section.items.map((item) => (
          <BranchDishCard key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function BranchDishCard({ item }: { item: BranchDish }) {
  const { t, locale } = useI18n();
  const ownDish = item.generalItemId === null;
  const sizes = readSizes(item.sizes);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={`menu/${item.id}`} className="text-lg font-semibold text-brand underline">
          {item.name}
        </Link>
        <DishPrice
          price={item.price}
          sizes={sizes.map((s) => ({ label: s.label, price: s.priceOverride ?? s.price }))}
          format={ownerPrice}
        />
      </div>
      {ownDish ? (
        <p className="self-start rounded bg-brand-soft px-2 py-0.5 text-sm">{t("Only at this branch")}</p>
      ) : null}
      {item.hidden ? (
        <p className="self-start rounded bg-gray-800 px-2 py-0.5 text-sm font-semibold text-white">
          {t("Not served here")}
        </p>
      ) : null}
      {item.nameExtra ? <p className="text-sm text-muted">{item.nameExtra}</p> : null}
      <ServedTimesLine servedTimes={item.servedTimes} href={`menu/${item.id}/times`} name={item.name} />
      {item.description ? <p>{item.description}</p> : null}
      <p className="text-sm text-muted">
        {t(item.itemType)} · {t(item.itemTaste)} ·{" "}
        {/* Isolated: after Urdu words, "1000-2000" would otherwise read "2000-1000". */}
        <bdi>{item.itemPriceRange}</bdi>
      </p>
      <Rating value={item.itemRating} count={item.itemRatingBy} />
      <div className="rounded border border-amber-700 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <span className="font-semibold">{t("Allergens:")}</span>{" "}
        {(locale === "en"
          ? item.foodAllergies
          : allergensOf(item.foodAllergies)
              .map((word) => allergenName(word, t))
              .join(t(", "))) || t("None listed")}
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-line pt-3">
        <input type="hidden" name="itemId" value={item.id} />
        {/* A dish of this branch alone has its own price (Edit); a copy may charge differently here. */}
        {ownDish ? null : sizes.length === 0 ? (
          <BranchPriceInput
            label={t("Branch price (Rs.)")}
            name="priceOverride"
            value={item.priceOverride}
            general={item.generalPrice}
          />
        ) : (
          sizes.map((size) => (
            <Fragment key={size.label}>
              {/* The size each price is for: matched by name, never by place (issue 34). */}
              <input type="hidden" name="sizeOverrideLabel" value={size.label} />
              <BranchPriceInput
                label={t("{{size}} here (Rs.)", { size: sizeName(size.label, locale, t) })}
                name="sizeOverride"
                value={size.priceOverride ?? null}
                general={size.price}
              />
            </Fragment>
          ))
        )}
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="soldOut" defaultChecked={item.soldOut === 1} className="size-5" />
          {t("Sold out here")}
        </label>
        <button
          type="submit"
          name="intent"
          value="save"
          className={buttonClass("secondary")}
          aria-label={t("Save {{name}} for this branch", { name: item.name })}
        >
          {t("Save")}
        </button>
      </Form>
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="itemId" value={item.id} />
        <SwitchSubmit
          label={t("Served here")}
          name={t("Served here: {{name}}", { name: item.name })}
          checked={!item.hidden}
          turnOn="show"
          turnOff="hide"
        />
        {ownDish ? (
          <>
            <Link
              to={`items/edit/${item.id}`}
              className={buttonClass("ghost", "px-3")}
              aria-label={t("Edit {{name}}", { name: item.name })}
            >
              {t("Edit")}
            </Link>
            <DeleteDishButton name={item.name} />
          </>
        ) : null}
      </Form>
    </li>
  );
}

function BranchPriceInput({
  label,
  name,
  value,
  general,
}: {
  label: string;
  name: string;
  value: number | null;
  general: number;
}) {
  return (
    <label className="flex flex-col text-sm font-medium">
      {label}
      <input
        name={name}
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        defaultValue={value ?? ""}
        placeholder={String(general)}
        className="min-h-11 w-32 rounded-md border border-line px-2"
      />
    </label>
  );
}
