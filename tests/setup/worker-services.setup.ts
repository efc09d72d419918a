import { workerDatabaseUrl, workerRedisUrl } from "./test-workers.ts";

// Runs in each test worker before each of its files: the PostgreSQL database and the Redis
// database of this worker alone (postgres-databases.global.ts made them), so files running
// at once never empty or count into each other's. Everything that reads these variables
// (createTestServices, the child processes the tests start) follows. The names given are
// kept aside, as a worker may run this again for its next file.
const worker = Number(process.env.VITEST_POOL_ID ?? 1);
for (const [name, forWorker] of [
  ["TEST_DATABASE_URL", workerDatabaseUrl],
  ["TEST_REDIS_URL", workerRedisUrl],
] as const) {
  const given = (process.env[`${name}_GIVEN`] ??= process.env[name] ?? "");
  if (given) process.env[name] = forWorker(given, worker);
}
