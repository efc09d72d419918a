// Puts a backup back, with the app stopped (docs/operations.md):
//   npm run restore -- backups/foodverse-20261121-101500.db [--uploads backups/uploads]
//   DATABASE_URL=postgres://… npm run restore -- backups/foodverse-20261121-101500.pgdump
import path from "node:path";
import { parseArgs } from "node:util";
import { restore } from "../app/server/backup.server.ts";
import { backupPlace } from "./backup-place.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { uploads: { type: "string" } },
});
const [file] = positionals;
if (!file) {
  console.error("Usage: npm run restore -- <backup file> [--uploads <backup uploads folder>]");
  process.exit(2);
}
try {
  const uploads = values.uploads ?? path.join(path.dirname(file), "uploads");
  restore(backupPlace(), path.resolve(file), path.resolve(uploads));
  console.log(`Restored ${file}. Start the app: it runs any newer migrations on start.`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
