import { useI18n } from "~/i18n/use-i18n.ts";
import { PhoneIcon, PinIcon } from "./icons.tsx";

/** 'Call': the phone's dialler (`tel:`, app/lib/place-links.ts). */
export function CallLink({ href, className }: { href: string; className: string }) {
  const { t } = useI18n();
  return (
    <a href={href} className={className}>
      <PhoneIcon /> {t("Call")}
    </a>
  );
}

/** 'Directions': the maps app's search for the place, in a new tab (no map on our page). */
export function DirectionsLink({ href, className }: { href: string; className: string }) {
  const { t } = useI18n();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      <PinIcon /> {t("Directions")}
    </a>
  );
}
