import type { Env } from "../env.server.ts";
import { createLocalStorage } from "./local-storage.server.ts";
import { createS3Storage } from "./s3-storage.server.ts";
import type { Storage } from "./storage.server.ts";

export function createStorage(env: Env): Storage {
  if (env.STORAGE === "s3") {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(env.UPLOAD_DIR);
}
