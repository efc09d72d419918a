import { defineConfig } from "vitest/config";
import { TEST_WORKERS } from "./tests/setup/test-workers.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Files run in parallel: on SQLite each has its own database file; on PostgreSQL and
    // Redis each worker has its own database (tests/setup/worker-services.setup.ts).
    maxWorkers: TEST_WORKERS,
    globalSetup: ["tests/setup/postgres-databases.global.ts"],
    setupFiles: ["tests/setup/worker-services.setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
