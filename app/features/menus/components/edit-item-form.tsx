import type { FormEvent } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/form-alert.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import { readSizes } from "~/lib/sizes.ts";
import { ItemFields, ItemViewFields, sizeRows } from "./item-fields.tsx";

type EditableItem = Record<string, unknown> & {
  sizes: string;
  topView: string;
  frontView: string;
  sideView: string;
};

/** Edit Item (product rules §2): the dish's fields and sizes, each picture optional; 'Update Item'. */
export function EditItemForm({
  item,
  errors,
  sent,
  list,
  onSubmit,
  busy,
}: {
  item: EditableItem;
  errors: FieldErrors;
  /** What a refused form sent back (undefined: show the dish as saved). */
  sent?: (key: string) => string | undefined;
  list: (key: string) => string[];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  const saved = (key: string) => {
    const value = item[key];
    return value === undefined || value === null ? undefined : String(value);
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
    >
      <FormAlert message={errors.form} />
      <ItemFields
        errors={errors}
        value={sent ?? saved}
        sizes={sizeRows(
          readSizes(item.sizes),
          sent ? { labels: list("sizeLabel"), prices: list("sizePrice") } : undefined,
        )}
      />
      <ItemViewFields errors={errors} current={item} required={false} />
      <button type="submit" className={buttonClass("primary", "self-start")} disabled={busy}>
        {busy ? t("Updating…") : t("Update Item")}
      </button>
    </Form>
  );
}
