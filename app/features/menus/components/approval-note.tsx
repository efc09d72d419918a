import type { Visibility } from "../menu-read.server.ts";

/**
 * DESIGN §4.2, ADR 0017: what visitors and the owner are told before an admin
 * approves the restaurant; `subject` names what is withheld (the menu, the page).
 */
export function ApprovalNote({ visibility, subject = "menu" }: { visibility: Visibility; subject?: string }) {
  if (visibility === "public") return null;
  return (
    <p role="note" className="rounded-md bg-brand-soft p-4">
      {visibility === "owner-preview"
        ? `Preview: only you can see this ${subject} until an admin approves it.`
        : `This ${subject} is awaiting approval and will be shown here soon.`}
    </p>
  );
}
