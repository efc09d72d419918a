import { useI18n } from "~/i18n/use-i18n.ts";

export function Spinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center justify-center gap-3 py-10">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-line border-t-brand"
      />
      <span className="text-muted">{label ?? t("Loading...")}</span>
    </div>
  );
}
