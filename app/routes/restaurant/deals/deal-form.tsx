import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { TextField } from "~/components/ui/field.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useToastMessage } from "~/components/ui/use-toast-message.ts";
import { requireRole } from "~/features/accounts/access.server.ts";
import { DEAL_MESSAGES as M, PART_FIELDS } from "~/features/deals/deals.schema.ts";
import { DEAL_FORM_LISTS, dealForm, saveDeal } from "~/features/deals/deals.server.ts";
import { WindowFields } from "~/features/menus/components/window-fields.tsx";
import { translatorFor } from "~/i18n/i18n.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { FormValues } from "~/lib/forms.ts";
import { localeOf } from "~/lib/seo.ts";
import { refused } from "~/server/action-result.server.ts";
import { notFound } from "~/server/request.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readUploadForm } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/deal-form";

/** Add a deal (`/deals/new`) and edit one (`/deals/:dealId`): one module, two addresses. */
const LIST = "/profile/restaurant/addmenu/deals";

export function meta({ params, matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: `${params.dealId ? t("Edit the deal") : t("Add a deal")} · Foodverse` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const form = await dealForm(services, viewer.userId, params.dealId ?? null);
  if (!form) notFound(M.notFound);
  return form;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const form = await readUploadForm(request, context, {
    maxFileBytes: services.env.MAX_IMAGE_BYTES,
    maxFiles: 1,
    schema: DEAL_FORM_LISTS,
  });
  if (!form.ok) return refused({ ...form, fieldErrors: { picture: form.message } });
  const result = await saveDeal(services, viewer.userId, params.dealId ?? null, form);
  if (!result.ok && result.status === 404) notFound(M.notFound);
  if (!result.ok) return refused(result, form.values);
  return redirectWithToast(LIST, "success", M.saved);
}

const asList = (value: FormValues[string] | undefined) =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

export default function DealForm({ loaderData, actionData, params }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { t, tm } = useI18n();
  const busy = useNavigation().state === "submitting";
  const values: FormValues = actionData?.values ?? loaderData.values;
  const errors = actionData?.fieldErrors ?? {};
  const value = (key: string) => {
    const v = values[key];
    return typeof v === "string" ? v : "";
  };
  const dishes = asList(values[PART_FIELDS.dish]);
  const quantities = asList(values[PART_FIELDS.quantity]);
  const words = asList(values[PART_FIELDS.text]);
  const rows = Math.max(loaderData.rows, dishes.length, words.length);
  const partError = errors[PART_FIELDS.dish] ?? errors[PART_FIELDS.quantity] ?? errors[PART_FIELDS.text];
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold">{params.dealId ? t("Edit the deal") : t("Add a deal")}</h1>
      <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-4">
        <FormAlert message={Object.values(errors).find(Boolean)} />
        <TextField
          label={t("Deal name")}
          name="name"
          required
          maxLength={80}
          defaultValue={value("name")}
          error={errors.name}
          hint={t("e.g. Family deal, Student deal, Iftar deal")}
        />
        <TextField
          label={t("Name in Urdu")}
          name="nameUr"
          optional
          lang="ur"
          dir="rtl"
          maxLength={80}
          defaultValue={value("nameUr")}
          error={errors.nameUr}
        />
        <div className="flex flex-wrap gap-3">
          <TextField
            label={t("Price (Rs.)")}
            name="price"
            required
            inputMode="decimal"
            defaultValue={value("price")}
            error={errors.price}
          />
          <TextField
            label={t("For how many people")}
            name="serves"
            inputMode="numeric"
            defaultValue={value("serves")}
            error={errors.serves}
          />
        </div>
        <fieldset className="flex flex-col gap-3 rounded-md border border-line p-3">
          <legend className="px-1 font-semibold">{t("What it contains")}</legend>
          <p className="text-sm text-muted">
            {t(
              "A dish of your menu and how many, or a few words (e.g. '1.5 L drink'). When every part is a dish, diners see what they save.",
            )}
          </p>
          {partError ? <p className="text-sm text-danger">{tm(partError)}</p> : null}
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="flex flex-wrap items-end gap-2 border-b border-line pb-3">
              {/* The whole row: a dish's name can be long, and a select never wraps it. */}
              <label className="flex w-full min-w-0 flex-col gap-1 text-sm font-medium">
                {t("Part {{number}}: dish", { number: i + 1 })}
                <select
                  name={PART_FIELDS.dish}
                  defaultValue={dishes[i] ?? ""}
                  className="min-h-11 w-full max-w-full rounded-md border border-line px-2"
                >
                  <option value="">{t("(no dish: words only)")}</option>
                  {loaderData.choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t("How many")}
                <input
                  name={PART_FIELDS.quantity}
                  inputMode="numeric"
                  defaultValue={quantities[i] ?? "1"}
                  aria-label={t("Part {{number}}: how many", { number: i + 1 })}
                  className="min-h-11 w-20 rounded-md border border-line px-2"
                />
              </label>
              <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
                {t("Or words")}
                <input
                  name={PART_FIELDS.text}
                  maxLength={80}
                  defaultValue={words[i] ?? ""}
                  aria-label={t("Part {{number}}: words", { number: i + 1 })}
                  className="min-h-11 rounded-md border border-line px-2"
                />
              </label>
            </div>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 font-medium">
          {t("Where")}
          <select
            name="branch"
            defaultValue={value("branch")}
            className="min-h-11 max-w-full rounded-md border border-line px-2"
          >
            <option value="">{t("At every branch")}</option>
            {loaderData.branches.map((b) => (
              <option key={b.url} value={b.url}>
                {t("Only at {{name}}", { name: b.name })}
              </option>
            ))}
          </select>
        </label>
        {errors.branch ? <p className="text-sm text-danger">{tm(errors.branch)}</p> : null}
        <fieldset className="flex flex-col gap-3 rounded-md border border-line p-3">
          <legend className="px-1 font-semibold">{t("When it is offered")}</legend>
          <p className="text-sm text-muted">
            {t("Leave the times empty for all day. The dates are optional: a Ramadan deal, a month's offer.")}
          </p>
          <div className="flex flex-wrap gap-3">
            <TextField
              label={t("First day")}
              name="validFrom"
              type="date"
              optional
              defaultValue={value("validFrom")}
              error={errors.validFrom}
            />
            <TextField
              label={t("Last day")}
              name="validUntil"
              type="date"
              optional
              defaultValue={value("validUntil")}
              error={errors.validUntil}
            />
          </div>
          <WindowFields initial={values} errors={errors} />
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="iftar"
              defaultChecked={value("iftar") === "on"}
              className="size-5 accent-brand"
            />
            {t("An iftar deal: first on the menu on days of Ramadan hours")}
          </label>
        </fieldset>
        <label className="flex flex-col gap-1 font-medium">
          {t("Picture")}{" "}
          <span className="font-normal text-muted">{t("(optional: else its first dish's)")}</span>
          <input type="file" name="picture" accept="image/*" className="min-h-11" />
        </label>
        {errors.picture ? <p className="text-sm text-danger">{tm(errors.picture)}</p> : null}
        {loaderData.picture ? (
          <img
            src={loaderData.picture}
            alt={t("The deal's picture now")}
            width={96}
            height={96}
            className="size-24 rounded-md object-cover"
          />
        ) : null}
        <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
          {busy ? t("Saving…") : t("Save the deal")}
        </button>
      </Form>
      <Link to={LIST} className={buttonClass("ghost", "self-start")}>
        {t("Back to deals")}
      </Link>
    </section>
  );
}
