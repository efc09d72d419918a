import { buttonClass } from "~/components/ui/button.tsx";
import { ConfirmSubmit } from "~/components/ui/confirm-submit.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import { MENU_MESSAGES } from "../menus.schema.ts";

/**
 * A dish's Delete on the owner's lists (the general menu's and a branch's own dishes),
 * sent as `intent=delete` by the form around it. A quiet entry point: the red button is
 * only in the confirmation it opens.
 */
export function DeleteDishButton({ name }: { name: string }) {
  const { t } = useI18n();
  return (
    <ConfirmSubmit
      name="intent"
      value="delete"
      question={MENU_MESSAGES.deleteItemConfirm(name)}
      className={buttonClass("ghost", "px-3 font-normal text-muted underline")}
      label={t("Delete {{name}}", { name })}
    >
      {t("Delete")}
    </ConfirmSubmit>
  );
}
