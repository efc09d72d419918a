import { useI18n } from "~/i18n/use-i18n.ts";
import { buttonClass } from "./button.tsx";

/** ↑ / ↓ submit buttons (intent "up" / "down") that reorder a list entry without retyping numbers. */
export function MoveButtons({ label, first, last }: { label: string; first: boolean; last: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <button
        type="submit"
        name="intent"
        value="up"
        disabled={first}
        className={buttonClass("ghost")}
        aria-label={t("Move {{label}} up", { label })}
      >
        ↑
      </button>
      <button
        type="submit"
        name="intent"
        value="down"
        disabled={last}
        className={buttonClass("ghost")}
        aria-label={t("Move {{label}} down", { label })}
      >
        ↓
      </button>
    </>
  );
}
