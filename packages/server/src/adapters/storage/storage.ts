import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Where uploaded and generated files live. The disk adapter is the default; an S3 adapter implements the same. */
export interface Storage {
  /** Stores `data` under `key` and returns its public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** The key of a URL this storage returned, or null for foreign URLs. */
  keyOf(url: string): string | null;
}

export const MEDIA_PREFIX = "/media/";

export function diskStorage(root: string): Storage {
  return {
    async put(key, data) {
      const file = path.join(root, key);
      if (!file.startsWith(path.resolve(root))) throw new Error(`storage key escapes the root: ${key}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return `${MEDIA_PREFIX}${key}`;
    },
    async delete(key) {
      await fs.rm(path.join(root, key), { force: true });
    },
    keyOf(url) {
      return url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : null;
    },
  };
}

/**
 * Files no URL may reach (the attachments of digital items): kept outside the folder served at MEDIA_PREFIX and read
 * back only by the server, which streams them to whoever holds a valid download link. An S3 adapter would use a
 * bucket without public access.
 */
export interface PrivateStorage {
  /** Writes the stream under `key` and answers its size in bytes. */
  write(key: string, source: Readable): Promise<number>;
  read(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}

export function privateDiskStorage(root: string): PrivateStorage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`)) throw new Error(`storage key escapes the root: ${key}`);
    return file;
  };
  return {
    async write(key, source) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await pipeline(source, createWriteStream(file));
      return (await fs.stat(file)).size;
    },
    async read(key) {
      const file = fileOf(key);
      await fs.access(file);
      return createReadStream(file);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
