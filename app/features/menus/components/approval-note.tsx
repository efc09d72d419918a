import { useI18n } from "~/i18n/use-i18n.ts";
import type { Visibility } from "../menu-read.server.ts";

/**
 * Product rules §4, ADR 0017: what visitors and the owner are told before an admin
 * approves the restaurant; `subject` names what is withheld (the menu, the page).
 */
export function ApprovalNote({
  visibility,
  subject = "menu",
}: {
  visibility: Visibility;
  subject?: "menu" | "page";
}) {
  const { t } = useI18n();
  if (visibility === "public") return null;
  const preview = visibility === "owner-preview";
  let text: string;
  if (subject === "page") {
    text = preview
      ? t("Preview: only you can see this page until an admin approves it.")
      : t("This page is awaiting approval and will be shown here soon.");
  } else {
    text = preview
      ? t("Preview: only you can see this menu until an admin approves it.")
      : t("This menu is awaiting approval and will be shown here soon.");
  }
  return (
    <p role="note" className="rounded-md bg-brand-soft p-4">
      {text}
    </p>
  );
}
