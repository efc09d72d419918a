import type { BackupPlace } from "../app/server/backup.server.ts";
import { parseEnv, sqliteFileOf } from "../app/server/env.server.ts";
import { diskPageStoreFile } from "../app/server/page-disk-store.server.ts";
import { createStorage } from "../app/server/storage/create-storage.server.ts";

/** Where this installation keeps its data, from the same variables the app reads. */
export function backupPlace(): BackupPlace {
  const env = parseEnv();
  return {
    databaseUrl: env.DATABASE_URL,
    sqliteFile: sqliteFileOf(env),
    uploadDir: env.STORAGE === "local" ? env.UPLOAD_DIR : null,
    media: {
      storage: createStorage(env),
      name: env.STORAGE === "s3" ? `s3://${env.S3_BUCKET}` : "local",
    },
    pageCacheFile: diskPageStoreFile(env.DATA_DIR),
  };
}
