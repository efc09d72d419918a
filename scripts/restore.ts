// Puts a backup back, with the app stopped (docs/operations.md):
//   npm run restore -- backups/foodverse-20261121-101500.db [--uploads backups/uploads]
//   DATABASE_URL=postgres://… npm run restore -- backups/foodverse-20261121-101500.pgdump
// Then reports the media the backup's manifest names that the storage does not hold.
// First: an older Node.js is told what to run before the database driver loads.
import "./lib/check-node.ts";
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
  const { media } = await restore(backupPlace(), path.resolve(file), path.resolve(uploads));
  console.log(`Restored ${file}. Start the app: it runs any newer migrations on start.`);
  if (!media) console.log("No media manifest beside the backup: media not checked.");
  else if (media.missing.length === 0) console.log(`Media: all ${media.checked} in the storage.`);
  else {
    console.log(`Media: ${media.missing.length} of ${media.checked} missing from the storage:`);
    for (const key of media.missing) console.log(`  ${key}`);
  }
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
