import fs from "node:fs/promises";
import path from "node:path";

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
