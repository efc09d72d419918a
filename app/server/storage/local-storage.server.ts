import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import fsp from "node:fs/promises";
import path from "node:path";

import { pipeline } from "node:stream/promises";
import { assertValidKey, contentTypeForKey, type Storage } from "./storage.server.ts";

/** Opens the temp file, making its folder; once more if a delete pruned the folder in between. */
async function openTemp(temp: string): Promise<FileHandle> {
  for (let attempt = 1; ; attempt++) {
    await fsp.mkdir(path.dirname(temp), { recursive: true });
    try {
      return await fsp.open(temp, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt >= 3) throw error;
    }
  }
}

export function createLocalStorage(root: string): Storage {
  const top = path.resolve(root);
  const fileFor = (key: string) => {
    assertValidKey(key);
    return path.join(top, key);
  };

  /**
   * Removes `dir` and then its parents while they are empty, up to the root (kept):
   * a refused or deleted write leaves no empty folder behind. A folder another
   * write is using holds its file or temp file, so it is not empty and stays.
   */
  async function pruneEmpty(dir: string): Promise<void> {
    for (let current = dir; current.startsWith(top + path.sep); current = path.dirname(current)) {
      try {
        await fsp.rmdir(current);
      } catch {
        return;
      }
    }
  }

  return {
    async put(key, body) {
      const file = fileFor(key);
      // Written beside, then renamed: a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.part`;
      let handle: FileHandle | null = null;
      try {
        handle = await openTemp(temp);
        if (Buffer.isBuffer(body)) {
          await handle.writeFile(body);
          await handle.close();
        } else {
          // The stream closes the handle when it ends or fails.
          const stream = handle.createWriteStream();
          handle = null;
          await pipeline(body, stream);
        }
        handle = null;
        await fsp.rename(temp, file);
      } catch (error) {
        await handle?.close().catch(() => undefined);
        await fsp.rm(temp, { force: true });
        await pruneEmpty(path.dirname(file));
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
      const files = keys.map(fileFor);
      await Promise.all(files.map((file) => fsp.rm(file, { force: true })));
      for (const dir of new Set(files.map((file) => path.dirname(file)))) await pruneEmpty(dir);
    },
    async *list(prefix) {
      // The folder the prefix names, walked; a write in progress (its temp file) is no object yet.
      const folder = path.join(top, prefix.slice(0, prefix.lastIndexOf("/") + 1));
      const entries = await fsp.readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".part")) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(top, file).split(path.sep).join("/");
        if (!key.startsWith(prefix)) continue;
        const stat = await fsp.stat(file).catch(() => null);
        if (stat) yield { key, size: stat.size };
      }
    },
  };
}
