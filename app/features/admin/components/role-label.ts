import type { Translate } from "~/i18n/i18n.ts";

/** A user's kind as the admin's screens name it. */
export function roleLabel(t: Translate, role: string): string {
  const labels: Record<string, string> = {
    admin: t("Admin"),
    restaurant: t("Restaurant"),
    customer: t("Customer"),
    none: t("No profile"),
  };
  return labels[role] ?? role;
}
