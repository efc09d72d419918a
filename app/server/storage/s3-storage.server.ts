import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { assertValidKey, contentTypeForKey, type Storage } from "./storage.server.ts";

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default checksums wrap streamed bodies in aws-chunked encoding,
    // which some S3-compatible servers store verbatim: corrupted objects.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // docs/operations.md: a store that does not answer is an outage in seconds, not a request held
    // for ever (the time to first byte; a long video still streams as long as it takes).
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
  });
  const Bucket = settings.bucket;
  return {
    async put(key, body, options) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: options.contentType,
          ContentLength: Buffer.isBuffer(body) ? body.length : options.size,
        }),
      );
    },
    async get(key, range) {
      assertValidKey(key);
      try {
        const Range = range ? `bytes=${range.start}-${range.end ?? ""}` : undefined;
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
        const served = out.ContentRange?.match(/bytes (\d+)-(\d+)\/(\d+)/);
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? contentTypeForKey(key),
          size: out.ContentLength ?? 0,
          ...(served
            ? { range: { start: Number(served[1]), end: Number(served[2]) }, total: Number(served[3]) }
            : {}),
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      keys.forEach(assertValidKey);
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const etag = object.ETag?.replaceAll('"', "");
          yield { key: object.Key, size: object.Size ?? 0, ...(etag ? { etag } : {}) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
