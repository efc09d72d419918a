/** Page n of `total` rows, `size` a page: out-of-range and junk page numbers land on the nearest real page. */
export function pageWindow(requested: number | undefined, total: number, size: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.trunc(requested ?? 1) || 1), pages);
  return { page, pages, offset: (page - 1) * size, limit: size };
}

/** A request's `?page=`: its number, or 1 when missing or junk; pageWindow then keeps it within the real pages. */
export function requestedPage(from: Request | URLSearchParams): number {
  const params = from instanceof URLSearchParams ? from : new URL(from.url).searchParams;
  return Number(params.get("page") ?? 1) || 1;
}
