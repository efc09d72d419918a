/**
 * Links a diner's phone opens in its own apps: a call, and the maps app's search for
 * the branch (no map on our page: no tiles, no third-party script).
 */
export function telHref(contact: string): string | null {
  const digits = contact.replaceAll(/[^\d+]/gu, "");
  return digits.length >= 5 ? `tel:${digits}` : null;
}

export function directionsHref(parts: readonly (string | null | undefined)[]): string | null {
  const place = parts.filter((p) => p && p.trim()).join(", ");
  return place ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}` : null;
}
