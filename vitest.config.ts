import { defineConfig } from "vitest/config";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // One PostgreSQL database is shared, so its test files run one after another;
    // on SQLite each file gets its own database file and they run in parallel.
    fileParallelism: !onPostgres,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
