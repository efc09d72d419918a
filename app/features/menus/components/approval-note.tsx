import type { Visibility } from "../menu-read.server.ts";

/** DESIGN §4.2: what visitors and the owner are told before an admin approves the menu. */
export function ApprovalNote({ visibility }: { visibility: Visibility }) {
  if (visibility === "public") return null;
  return (
    <p role="note" className="rounded-md bg-brand-soft p-4">
      {visibility === "owner-preview"
        ? "Preview: only you can see this menu until an admin approves it."
        : "This menu is awaiting approval and will be shown here soon."}
    </p>
  );
}
