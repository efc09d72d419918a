/**
 * SPEC §3/§5: a restaurant's urlName (and a branch slug) is its name lowercased
 * with whitespace removed. NFC first, so the same Urdu name typed on two
 * keyboards gives one slug.
 */
export function toSlug(name: string): string {
  return name.normalize("NFC").toLowerCase().replace(/\s+/gu, "");
}

/** The public path of a restaurant page, safe for any script in the name. */
export function restaurantPath(urlName: string): string {
  return `/r/${encodeURIComponent(urlName)}`;
}

/** The public path of a branch page (what its QR code opens). */
export function branchPath(urlName: string, branchUrl: string): string {
  return `${restaurantPath(urlName)}/branch/${encodeURIComponent(branchUrl)}`;
}
