import pg from "pg";
import { TEST_WORKERS, workerDatabaseName } from "./test-workers.ts";

/**
 * `npm run test:pg`: the test files run in parallel, each worker on its own database
 * (worker-services.setup.ts points it there). Made here once, if missing, on the server
 * TEST_DATABASE_URL names; each file empties its worker's database as it starts.
 */
export default async function createWorkerDatabases() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let worker = 1; worker <= TEST_WORKERS; worker++) {
      const name = workerDatabaseName(url, worker);
      const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}
