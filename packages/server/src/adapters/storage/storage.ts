import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "../../config";
import { type S3Client, s3Client } from "./s3";

/**
 * Where uploaded and generated files live: a directory (DATA_DIR, or STORAGE_DIR shared by every instance) or an
 * S3-compatible bucket (S3_BUCKET). Both keep public files apart from private ones, which no URL reaches.
 */
export interface Storage {
  /** Stores `data` under `key` and returns its public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** The bytes stored under `key`, or null when there are none (to derive a variant from a stored file). */
  read(key: string): Promise<Buffer | null>;
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
    async read(key) {
      return fs.readFile(path.join(root, safeKey(key))).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "EISDIR") return null;
        throw error;
      });
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
 * Files no URL may reach (the attachments of digital items): kept outside the folder served at MEDIA_PREFIX (or under
 * the bucket's private/ prefix, which no public URL covers) and read back only by the server, which streams them to
 * whoever holds a valid download link.
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

/** A key the adapters accept: relative, '/'-separated, no empty, '.' or '..' segment. */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 512 &&
    !key.includes("\\") &&
    !key.includes("\0") &&
    key.split("/").every((part) => part !== "" && part !== "." && part !== "..")
  );
}

function safeKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`unusable storage key: ${key}`);
  return key;
}

/** Object-key prefixes in the bucket: a public-read policy (or CDN) may cover media/ and must never cover private/. */
export const S3_PUBLIC_PREFIX = "media/";
export const S3_PRIVATE_PREFIX = "private/";

/** Public files in the bucket; their URL is S3_PUBLIC_URL + key, or /media/ + key when the server streams them. */
export function s3Storage(client: S3Client, publicUrl = MEDIA_PREFIX): Storage {
  return {
    async put(key, data, contentType) {
      await client.putObject(S3_PUBLIC_PREFIX + safeKey(key), data, contentType);
      return `${publicUrl}${key}`;
    },
    async read(key) {
      const response = await client.getObject(S3_PUBLIC_PREFIX + safeKey(key));
      if (!response) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async delete(key) {
      await client.deleteObject(S3_PUBLIC_PREFIX + safeKey(key));
    },
    keyOf(url) {
      return url.startsWith(publicUrl) ? url.slice(publicUrl.length) : null;
    },
  };
}

/** Counts and hashes what passes through (S3 wants a PUT's length and SHA-256 before its body). */
function measure() {
  const hash = createHash("sha256");
  let length = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      length += chunk.length;
      done(null, chunk);
    },
  });
  return { transform, result: () => ({ length, sha256: hash.digest("hex") }) };
}

/** Private files in the bucket: an upload is spooled to a temporary file (its length and hash), then sent. */
export function s3PrivateStorage(client: S3Client, spoolDir = os.tmpdir()): PrivateStorage {
  return {
    async write(key, source) {
      const objectKey = S3_PRIVATE_PREFIX + safeKey(key);
      const spool = path.join(spoolDir, `tianguis-upload-${randomUUID()}`);
      try {
        const measured = measure();
        await pipeline(source, measured.transform, createWriteStream(spool, { mode: 0o600 }));
        const { length, sha256 } = measured.result();
        await client.putStream(objectKey, { open: () => createReadStream(spool), length, sha256 }, "application/octet-stream");
        return length;
      } finally {
        await fs.rm(spool, { force: true });
      }
    },
    async read(key) {
      const response = await client.getObject(S3_PRIVATE_PREFIX + safeKey(key));
      if (!response) throw Object.assign(new Error(`no such private file: ${key}`), { code: "ENOENT" });
      return response;
    },
    async delete(key) {
      await client.deleteObject(S3_PRIVATE_PREFIX + safeKey(key));
    },
  };
}

export interface Storages {
  storage: Storage;
  privateStorage: PrivateStorage;
  /** Set with S3: the bucket, for /media/ (when no S3_PUBLIC_URL) and readiness. */
  s3?: S3Client;
  close(): void;
}

/** The configured storage: S3_BUCKET selects the bucket, otherwise the directories under STORAGE_DIR (or DATA_DIR). */
export function createStorages(config: Config): Storages {
  if (config.s3) {
    const client = s3Client(config.s3);
    return {
      storage: s3Storage(client, config.s3.publicUrl),
      privateStorage: s3PrivateStorage(client),
      s3: client,
      close: () => client.close(),
    };
  }
  return { storage: diskStorage(config.uploadDir), privateStorage: privateDiskStorage(config.privateDir), close: () => {} };
}
