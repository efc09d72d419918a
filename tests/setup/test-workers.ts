import os from "node:os";

/**
 * How many test files run at once. Vitest's default leaves a core free (one worker on
 * the 2-core CI machine), and the files wait on their databases, child processes and
 * sockets as much as they compute: two workers there take half the time. At most four,
 * so that the workers' connection pools (10 each) stay well inside PostgreSQL's 100.
 */
export const TEST_WORKERS = Math.min(4, Math.max(2, os.availableParallelism()));

/** Worker `n`'s own PostgreSQL database: the one `url` names, with `_w<n>` after its name. */
export function workerDatabaseUrl(url: string, worker: number): string {
  const parsed = new URL(url);
  parsed.pathname = `/${workerDatabaseName(url, worker)}`;
  return parsed.toString();
}

export function workerDatabaseName(url: string, worker: number): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
  return `${name}_w${worker}`;
}

/** Worker `n`'s own Redis database (a number; Redis has 16 unless configured otherwise). */
export function workerRedisUrl(url: string, worker: number): string {
  const parsed = new URL(url);
  parsed.pathname = `/${worker}`;
  return parsed.toString();
}
