import { useI18n } from "~/i18n/use-i18n.ts";

/** The owner's note above a QR code that phones cannot open (the warning comes from the loader). */
export function QrAddressWarning({ warning }: { warning: string | null }) {
  const { tm } = useI18n();
  if (!warning) return null;
  return (
    <p role="alert" className="no-print rounded-md border border-danger bg-white p-3 font-medium text-danger">
      {tm(warning)}
    </p>
  );
}
