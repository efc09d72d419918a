import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

import { pipeline } from "node:stream/promises";
import { assertValidKey, contentTypeForKey, type Storage } from "./storage.server.ts";

export function createLocalStorage(root: string): Storage {
  const fileFor = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      try {
        if (Buffer.isBuffer(body)) await fsp.writeFile(temp, body);
        else await pipeline(body, fs.createWriteStream(temp));
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const file = fileFor(key);
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return null;
        const contentType = contentTypeForKey(key);
        if (!range) return { body: fs.createReadStream(file), contentType, size: stat.size };
        const end = Math.min(range.end ?? stat.size - 1, stat.size - 1);
        return {
          body: fs.createReadStream(file, { start: range.start, end }),
          contentType,
          size: end - range.start + 1,
          total: stat.size,
          range: { start: range.start, end },
        };
      } catch {
        return null;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fsp.rm(fileFor(key), { force: true })));
    },
  };
}
