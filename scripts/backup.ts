// A backup while the app runs (docs/operations.md):
//   npm run backup                      into ./backups
//   npm run backup -- --out /srv/backups
// SQLite: an online copy of DATA_DIR/foodverse.db, checked; PostgreSQL (DATABASE_URL):
// pg_dump in its custom format. Local uploads are copied beside it (only new files).
import path from "node:path";
import { parseArgs } from "node:util";
import { backup } from "../app/server/backup.server.ts";
import { backupPlace } from "./backup-place.ts";

const { values } = parseArgs({ options: { out: { type: "string", default: "backups" } } });
try {
  const result = await backup(backupPlace(), path.resolve(values.out));
  console.log(`Database: ${result.databaseFile}`);
  if (result.uploadsDir) console.log(`Uploads: ${result.uploadsDir} (${result.uploadFilesCopied} new files)`);
  else console.log("Uploads live in S3 (STORAGE=s3): back the bucket up with your provider's tools.");
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
