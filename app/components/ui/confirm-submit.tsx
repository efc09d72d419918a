import { useRef, type ReactNode } from "react";
import { useI18n } from "~/i18n/use-i18n.ts";
import { buttonClass } from "./button.tsx";
import type { Message } from "~/lib/message.ts";

/**
 * A submit button that first asks (product rules §8's browser confirm as an accessible
 * in-page dialog). Without JavaScript it submits straight away.
 */
export function ConfirmSubmit({
  question,
  children,
  confirmLabel,
  className = buttonClass("danger"),
  name,
  value,
  label,
}: {
  question: Message;
  children: ReactNode;
  confirmLabel?: string;
  className?: string;
  name?: string;
  value?: string;
  /** The trigger's accessible name, when its text alone does not say what it deletes. */
  label?: string;
}) {
  const { t, tm } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="submit"
        name={name}
        value={value}
        className={className}
        aria-label={label}
        onClick={(event) => {
          if (!dialog.current) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        {children}
      </button>
      <dialog
        ref={dialog}
        aria-label={tm(question)}
        className="m-auto max-w-sm rounded-xl p-6 shadow-xl backdrop:bg-black/40"
      >
        <p className="mb-4 text-lg font-medium">{tm(question)}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass("ghost")} onClick={() => dialog.current?.close()}>
            {t("Cancel")}
          </button>
          <button
            type="button"
            className={buttonClass("danger")}
            onClick={() => {
              dialog.current?.close();
              const button = trigger.current;
              button?.form?.requestSubmit(button);
            }}
          >
            {confirmLabel ?? t("Delete")}
          </button>
        </div>
      </dialog>
    </>
  );
}
