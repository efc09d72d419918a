import { useI18n } from "~/i18n/use-i18n.ts";

export function Logo({ className = "size-10" }: { className?: string }) {
  const { t } = useI18n();
  return (
    <svg viewBox="0 0 64 64" className={className} role="img" aria-label={t("Foodverse logo")}>
      <circle cx="32" cy="32" r="30" fill="#b4410c" />
      <path
        d="M20 16v14a6 6 0 0 0 12 0V16M26 16v32"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        fill="none"
      />
      <path
        d="M40 48V16c5 3 7 9 7 15s-3 8-7 8"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}
