import type { Message } from "~/lib/message.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** A form-wide error (one that belongs to no single field), announced at once. */
export function FormAlert({ message }: { message?: Message }) {
  const { tm } = useI18n();
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-danger">
      {tm(message)}
    </p>
  );
}
