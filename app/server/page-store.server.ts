import { LRUCache } from "lru-cache";
import type { CachedPage } from "./page-cache.server.ts";

/** What the page cache needs of a store of pages, whichever kind it is. */
export interface PageStore {
  get(key: string): CachedPage | undefined;
  /** Whether a page is kept under this key, without counting as a read. */
  has(key: string): boolean;
  /** `replaces`: the key of this page's copy under older content, which the new copy takes the place of. */
  set(key: string, page: CachedPage, options?: { ttl?: number; replaces?: string }): void;
  entries(): Iterable<[string, CachedPage]>;
  /** Bytes held (the sizes the bound counts). */
  readonly calculatedSize: number;
}

function pageSize(page: CachedPage): number {
  const spliced =
    page.spliced?.pieces.reduce(
      (sum, piece, i) => sum + piece.length + page.spliced!.deflated[i]!.length,
      0,
    ) ?? 0;
  return (page.body?.length ?? 0) + page.gzip.length + spliced + 512;
}

/**
 * A monotonic clock in milliseconds for the pages kept only for a while (performance.now
 * unless a test passes its own).
 */
type Clock = () => number;

/** One plain LRU, bounded by bytes; correctness comes from the version in the key, not from expiry. */
export function createPageStore(maxBytes: number, clock?: Clock): PageStore {
  const store = createLru(maxBytes, clock);
  return {
    get: (key) => store.get(key),
    has: (key) => store.has(key),
    set(key, page, options) {
      if (options?.replaces !== undefined && options.replaces !== key) store.delete(options.replaces);
      store.set(key, page, options?.ttl === undefined ? undefined : { ttl: options.ttl });
    },
    entries: () => store.entries(),
    get calculatedSize() {
      return store.calculatedSize;
    },
  };
}

function createLru(maxBytes: number, clock?: Clock) {
  return new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: pageSize,
    // lru-cache keeps a read of its clock for 1 ms of real time; a test's clock moves at once.
    ...(clock ? { perf: { now: clock }, ttlResolution: 0 } : {}),
  });
}

/** The share of a segmented store's bytes that pages read once may take. */
export const PROBATION_SHARE = 0.2;

/**
 * ADR 0034: a segmented LRU, so a crawler walking every page once (or anyone reading
 * the long tail) cannot evict the pages diners keep reading. A page enters on
 * probation; read again while there, it moves to the protected part, which may hold
 * all but `probationShare` of the bytes and whose least recently read pages leave.
 * Probation has the rest, and the protected part's room while it is not full. A walk
 * through every page once only ever churns probation. (lru-cache has no admission
 * policy of its own.)
 */
export function createSegmentedPageStore(
  maxBytes: number,
  probationShare = PROBATION_SHARE,
  clock?: Clock,
): PageStore {
  const kept = createLru(Math.max(1, Math.floor(maxBytes * (1 - probationShare))), clock);
  // Bounded with the protected part below (together at most maxBytes).
  const probation = createLru(maxBytes, clock);
  const withinBound = () => {
    while (kept.calculatedSize + probation.calculatedSize > maxBytes && probation.size > 0) probation.pop();
  };
  return {
    get(key) {
      const page = kept.get(key);
      if (page) return page;
      const trial = probation.get(key);
      if (!trial) return undefined;
      // Read a second time: it has earned its place. The time it had left goes with it.
      const left = probation.getRemainingTTL(key);
      probation.delete(key);
      kept.set(key, trial, Number.isFinite(left) && left > 0 ? { ttl: left } : undefined);
      withinBound();
      return trial;
    },
    has: (key) => kept.has(key) || probation.has(key),
    set(key, page, options) {
      const ttl = options?.ttl === undefined ? undefined : { ttl: options.ttl };
      const replaced = options?.replaces;
      // A page rendered again after a write is as popular as the copy it replaces: a page
      // diners kept reading goes straight back to the protected part, and the old copy
      // (never asked for again: its key names content that has changed) leaves at once.
      if (replaced !== undefined && replaced !== key && kept.delete(replaced)) {
        probation.delete(key);
        kept.set(key, page, ttl);
      } else {
        if (replaced !== undefined) probation.delete(replaced);
        kept.delete(key);
        probation.set(key, page, ttl);
      }
      withinBound();
    },
    *entries() {
      yield* kept.entries();
      yield* probation.entries();
    },
    get calculatedSize() {
      return kept.calculatedSize + probation.calculatedSize;
    },
  };
}

/** The share of PAGE_CACHE_MB that filtered and searched pages may take. */
const FILTERED_SHARE = 0.25;

/**
 * Two stores: the pages diners read (a page as its link or QR code opens it, and its
 * page numbers), segmented against one-time reads; and a quarter of the bytes for
 * filters and searches, whose variants are as many as anyone cares to make up.
 */
export function createPageStores(maxBytes: number, clock?: Clock) {
  const filtered = Math.floor(maxBytes * FILTERED_SHARE);
  return {
    plain: createSegmentedPageStore(maxBytes - filtered, PROBATION_SHARE, clock),
    filtered: createPageStore(filtered, clock),
  };
}
