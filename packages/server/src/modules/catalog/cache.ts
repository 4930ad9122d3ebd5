/**
 * A small in-process cache for anonymous catalogue reads (listings and categories). Entries live for
 * LISTING_CACHE_MS (default 1000 ms in production, off elsewhere so tests read their own writes at once);
 * this module's writes drop a shop's entries immediately. Signed-in visitors always read the database.
 */
const ttlMs = Number(process.env.LISTING_CACHE_MS ?? (process.env.NODE_ENV === "production" ? 1000 : 0));
const maxEntries = 1000;
const entries = new Map<string, { expires: number; shopId: string; value: unknown }>();

export function cacheEnabled(): boolean {
  return ttlMs > 0;
}

export async function cached<T>(key: string, shopId: string, load: () => Promise<T>): Promise<T> {
  if (ttlMs <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as T;
  const value = await load();
  if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
  entries.set(key, { expires: now + ttlMs, shopId, value });
  return value;
}

/** Drops every cached read of a shop, and of every store (a product edit shows in resellers' listings too). */
export function invalidateCatalogCache(): void {
  entries.clear();
}
