/**
 * Whether a review form's redirect says the review was posted: back to the branch page,
 * which shows its author the review just posted (`?posted={id}#your-review`, ADR 0024).
 */
export function postedToBranch(location: string, branch: string): boolean {
  const url = new URL(location, "http://localhost");
  return url.pathname.endsWith(`/branch/${branch}`) && url.searchParams.has("posted");
}
