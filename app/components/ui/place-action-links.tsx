import { PhoneIcon, PinIcon } from "./icons.tsx";

/** 'Call': the phone's dialler (`tel:`, app/lib/place-links.ts). */
export function CallLink({ href, className }: { href: string; className: string }) {
  return (
    <a href={href} className={className}>
      <PhoneIcon /> Call
    </a>
  );
}

/** 'Directions': the maps app's search for the place, in a new tab (no map on our page). */
export function DirectionsLink({ href, className }: { href: string; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      <PinIcon /> Directions
    </a>
  );
}
