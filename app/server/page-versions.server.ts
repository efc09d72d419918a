/**
 * Per scope (a restaurant, or the site), the last few content versions this process
 * read and when it first read each: what a kept page's copy under older content is
 * called, and how long ago that content stopped being current (ADR 0034).
 */
export interface VersionHistory {
  /** Notes the version a request just read. */
  record(scope: string, version: string): void;
  /** The newest version read, for the pages kept while the database is away. */
  latest(scope: string): string | undefined;
  /** The versions read before the newest one, newest first, each with when it stopped being current. */
  older(scope: string): { version: string; supersededAt: number }[];
}

export function createVersionHistory(options: {
  now: () => number;
  /** Scopes remembered; past it the history starts again (a cost in stale copies, never in correctness). */
  maxScopes: number;
  /** Versions remembered per scope. */
  depth?: number;
}): VersionHistory {
  const depth = options.depth ?? 4;
  const scopes = new Map<string, { version: string; since: number }[]>();
  return {
    record(scope, version) {
      let seen = scopes.get(scope);
      if (!seen) {
        if (scopes.size >= options.maxScopes) scopes.clear();
        seen = [];
        scopes.set(scope, seen);
      }
      // Requests that began before a write may still read its old version after a later
      // one read the new: a version seen before is not news.
      if (seen.some((entry) => entry.version === version)) return;
      seen.push({ version, since: options.now() });
      if (seen.length > depth) seen.shift();
    },
    latest(scope) {
      return scopes.get(scope)?.at(-1)?.version;
    },
    older(scope) {
      const seen = scopes.get(scope) ?? [];
      const result: { version: string; supersededAt: number }[] = [];
      for (let i = seen.length - 2; i >= 0; i--)
        result.push({ version: seen[i]!.version, supersededAt: seen[i + 1]!.since });
      return result;
    },
  };
}
