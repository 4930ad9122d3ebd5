/**
 * A small in-process cache for anonymous catalogue reads (listings and categories). Entries live for
 * LISTING_CACHE_MS (default 1000 ms in production, off elsewhere so tests read their own writes at once);
 * this module's writes drop every entry immediately (an edited item also shows in resellers' listings).
 * Signed-in visitors always read the database.
 */
const maxEntries = 1000;
const entries = new Map<string, { expires: number; value: unknown }>();

function ttlMs(): number {
  return Number(process.env.LISTING_CACHE_MS ?? (process.env.NODE_ENV === "production" ? 1000 : 0));
}

export function cacheEnabled(): boolean {
  return ttlMs() > 0;
}

export async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const ttl = ttlMs();
  if (ttl <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as T;
  const value = await load();
  if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
  entries.set(key, { expires: now + ttl, value });
  return value;
}

export function invalidateCatalogCache(): void {
  entries.clear();
}

const estimates = new Map<string, { expires: number; value: number }>();
const estimateTtlMs = 30_000;

/** Planner estimates of large totals (above the exact-count limit) are kept 30 s: planning is the costly part. */
export async function cachedEstimate(key: string, load: () => Promise<number>): Promise<number> {
  const now = Date.now();
  const hit = estimates.get(key);
  if (hit && hit.expires > now) return hit.value;
  const value = await load();
  if (estimates.size >= maxEntries) estimates.delete(estimates.keys().next().value as string);
  estimates.set(key, { expires: now + estimateTtlMs, value });
  return value;
}
