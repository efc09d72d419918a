import type { Message } from "~/lib/message.ts";
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useI18n } from "~/i18n/use-i18n.ts";

const control =
  "block w-full min-h-11 rounded-md border border-line bg-white px-3 py-2 text-base aria-[invalid=true]:border-danger disabled:bg-gray-100 disabled:text-muted";

interface FieldShell {
  label: string;
  error?: Message;
  hint?: string;
  optional?: boolean;
}

function Shell({
  id,
  label,
  error,
  hint,
  optional,
  children,
}: FieldShell & { id: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
        {optional ? <span className="font-normal text-muted"> {t("(optional)")}</span> : null}
      </label>
      {/* Between its label and its box, so it reads as this field's and not the next one's. */}
      <FieldHint id={id} hint={hint} />
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's hint, named by its control's aria-describedby (see describedBy). */
export function FieldHint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={`${id}-hint`} className="text-sm text-muted">
      {hint}
    </p>
  ) : null;
}

/** A field's error (a server message key or English words), in the page's language. */
export function FieldError({ id, error }: { id: string; error?: Message }) {
  const { tm } = useI18n();
  return error ? (
    <p id={`${id}-error`} className="text-sm text-danger">
      {tm(error)}
    </p>
  ) : null;
}

export function describedBy(id: string, error?: Message, hint?: string) {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

/** Fixed choices (tastes, types, categories) shown in the page's language, sent as stored. */
export function translatedOptions(values: readonly string[], t: (english: string) => string) {
  return values.map((value) => ({ value, label: t(value) }));
}

export function TextField({
  label,
  error,
  hint,
  optional,
  ...props
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint} optional={optional}>
      <input
        id={id}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...props}
      />
    </Shell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  optional,
  ...props
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint} optional={optional}>
      <textarea
        id={id}
        rows={4}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...props}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  options,
  placeholder,
  ...props
}: FieldShell &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly (string | { value: string; label: string })[];
    placeholder?: string;
  }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} hint={hint} optional={optional}>
      <select
        id={id}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...props}
      >
        <option value="">{placeholder ?? t("Choose…")}</option>
        {options.map((o) => {
          const { value, label: text } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </Shell>
  );
}
