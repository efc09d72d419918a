// A backup while the app runs (docs/operations.md):
//   npm run backup                      into ./backups
//   npm run backup -- --out /srv/backups
// SQLite: an online copy of DATA_DIR/foodverse.db, checked; PostgreSQL (DATABASE_URL):
// pg_dump in its custom format. Beside it, the media manifest (every stored medium the
// dump refers to); local uploads are copied beside it too (only new files).
// First: an older Node.js is told what to run before the database driver loads.
import "./lib/check-node.ts";
import path from "node:path";
import { parseArgs } from "node:util";
import { backup } from "../app/server/backup.server.ts";
import { backupPlace } from "./backup-place.ts";

const { values } = parseArgs({ options: { out: { type: "string", default: "backups" } } });
try {
  const result = await backup(backupPlace(), path.resolve(values.out));
  const { manifest } = result;
  console.log(`Database: ${result.databaseFile}`);
  console.log(`Media manifest: ${manifest.file} (${manifest.keys} media)`);
  if (manifest.missing > 0)
    console.log(
      `  ${manifest.missing} of them were already missing from the storage (listed without a size).`,
    );
  if (result.uploadsDir) console.log(`Uploads: ${result.uploadsDir} (${result.uploadFilesCopied} new files)`);
  else console.log("Uploads live in S3 (STORAGE=s3): copy the bucket now, so it matches the manifest.");
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
