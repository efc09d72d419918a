import type { QrAddressNote } from "~/lib/public-address.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * The owner's note above a QR code not every phone opens (the note comes from the loader):
 * red and announced when no phone does, a plain note when only phones on the same Wi-Fi do.
 */
export function QrAddressWarning({ note }: { note: QrAddressNote | null }) {
  const { tm } = useI18n();
  if (!note) return null;
  if (note.level === "info") {
    return (
      <p className="no-print rounded-md border border-line bg-brand-soft p-3 text-ink [overflow-wrap:anywhere]">
        {tm(note.message)}
      </p>
    );
  }
  return (
    <p
      role="alert"
      className="no-print rounded-md border border-danger bg-white p-3 font-medium text-danger [overflow-wrap:anywhere]"
    >
      {tm(note.message)}
    </p>
  );
}
