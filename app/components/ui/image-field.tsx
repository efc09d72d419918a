import type { Message } from "~/lib/message.ts";
import { useEffect, useId, useState } from "react";
import { useI18n } from "~/i18n/use-i18n.ts";
import { imageSrcSet } from "~/lib/media.ts";
import { describedBy, FieldError, FieldHint } from "./field.tsx";

/** An image upload with a preview of the chosen file before it is saved. */
export function ImageField({
  label,
  name,
  currentUrl,
  disabled,
  hint,
  error,
  shape = "wide",
  optional = true,
}: {
  label: string;
  name: string;
  currentUrl: string;
  disabled?: boolean;
  hint?: string;
  error?: Message;
  shape?: "round" | "wide";
  optional?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl;
  const box = shape === "round" ? "size-24 rounded-full" : "h-28 w-full max-w-sm rounded-md";
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium">
        {label} {optional ? <span className="font-normal text-muted">{t("(optional)")}</span> : null}
      </label>
      {shown ? (
        <img
          src={shown}
          srcSet={preview ? undefined : imageSrcSet(shown)}
          sizes="384px"
          alt={t("{{label}} preview", { label })}
          className={`${box} border border-line object-cover`}
        />
      ) : (
        <div aria-hidden="true" className={`${box} border border-dashed border-line bg-gray-100`} />
      )}
      <input
        id={id}
        name={name}
        type="file"
        accept="image/*"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => {
          const file = e.target.files?.[0];
          setPreview(file ? URL.createObjectURL(file) : null);
        }}
        className="block min-h-11 w-full text-sm file:me-3 file:min-h-11 file:rounded-md file:border file:border-brand file:bg-white file:px-3 file:font-semibold file:text-brand disabled:opacity-60"
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}
