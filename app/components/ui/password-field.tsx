import type { Message } from "~/lib/message.ts";
import { useId, useState, type InputHTMLAttributes } from "react";
import { useI18n } from "~/i18n/use-i18n.ts";
import { FieldError } from "./field.tsx";

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M3 3l18 18" />}
    </svg>
  );
}

/** product rules §5: masked by default; the eye toggles visibility. */
export function PasswordField({
  label,
  error,
  ...props
}: { label: string; error?: Message } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const { t } = useI18n();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? "text" : "password"}
          className="block min-h-11 w-full rounded-md border border-line bg-white py-2 ps-3 pe-12 text-base aria-[invalid=true]:border-danger"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t("Hide password") : t("Show password")}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-md text-muted hover:text-ink"
        >
          <EyeIcon open={visible} />
        </button>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
