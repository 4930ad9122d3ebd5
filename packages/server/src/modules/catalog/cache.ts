/**
 * A small in-process cache for anonymous catalogue reads (listings and categories). Entries live for
 * LISTING_CACHE_MS (default 1000 ms in production, off elsewhere so tests read their own writes at once);
 * this module's writes drop every entry immediately (an edited item also shows in resellers' listings), and so does
 * every other write through the API (service.ts `forgetCatalogAnswers`, called by the app's page-cache hook); a write
 * that changes only stock, sales, ratings or orders keeps the autocomplete answers and indexes (`forgetListingAnswers`).
 * Signed-in visitors always read the database.
 */
const maxEntries = 1000;
const entries = new Map<string, { expires: number; value: unknown }>();
/** How many times the listings' answers were forgotten: an answer loaded across a change of it may predate a write. */
let listingGeneration = 0;

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
  const generation = listingGeneration;
  const value = await load();
  // A write during the load forgot the answers: this one may have been read before it, so it goes to its caller unkept.
  if (generation !== listingGeneration) return value;
  if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
  entries.set(key, { expires: now + ttl, value });
  return value;
}

/** How many times the answers were forgotten: an autocomplete index built before the latest time is stale. */
let forgotten = 0;

export function catalogAnswersForgotten(): number {
  return forgotten;
}

export function invalidateCatalogCache(): void {
  forgotten += 1;
  forgetListingAnswers();
  suggestions.clear();
  suggesting.clear();
}

/**
 * Forgets the listings' answers and kept counts (they show stock, sold out and ratings) but keeps the autocomplete answers
 * and every autocomplete index current: for a write that changes no item's name, photos, publication, visibility or
 * owner, nor what a shop resells, which is all they hold.
 */
export function forgetListingAnswers(): void {
  listingGeneration += 1;
  entries.clear();
  estimates.clear();
}

const suggestions = new Map<string, { expires: number; value: unknown }>();
/** Lookups under way, so concurrent visitors typing the same prefix wait for one query. */
const suggesting = new Map<string, Promise<unknown>>();

function suggestionTtlMs(): number {
  return Number(process.env.AUTOCOMPLETE_CACHE_MS ?? (process.env.NODE_ENV === "production" ? 10_000 : 0));
}

/**
 * Autocomplete answers by shop, type, typed text and limit, for AUTOCOMPLETE_CACHE_MS (default 10 s in production, off
 * elsewhere): many visitors type the same first letters. Every write through the API (a renamed, hidden or unpublished
 * item, an item added to or removed from a reseller's shop) drops every answer at once, on every instance with Redis.
 */
export async function cachedSuggestions<T>(key: string, load: () => Promise<T>): Promise<T> {
  const ttl = suggestionTtlMs();
  if (ttl <= 0) return load();
  const hit = suggestions.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as T;
  const pending = suggesting.get(key);
  if (pending) return pending as Promise<T>;
  const promise = load();
  suggesting.set(key, promise);
  try {
    const value = await promise;
    // A write during the lookup dropped `suggesting`: its answer may predate the write, so it is not kept.
    if (suggesting.get(key) === promise) {
      if (suggestions.size >= maxEntries) suggestions.delete(suggestions.keys().next().value as string);
      suggestions.set(key, { expires: Date.now() + ttl, value });
    }
    return value;
  } finally {
    if (suggesting.get(key) === promise) suggesting.delete(key);
  }
}

const estimates = new Map<string, { expires: number; value: number }>();
const estimateTtlMs = 30_000;

/**
 * Planner estimates of large totals (above the exact-count limit) are kept 30 s: while one is kept, the listing neither
 * plans nor counts that half again (the total is an estimate anyway, matches_estimated). This module's writes drop them.
 */
export function keptEstimate(key: string): number | undefined {
  const hit = estimates.get(key);
  return hit && hit.expires > Date.now() ? hit.value : undefined;
}

export async function cachedEstimate(key: string, load: () => Promise<number>): Promise<number> {
  const hit = keptEstimate(key);
  if (hit !== undefined) return hit;
  const value = await load();
  if (estimates.size >= maxEntries) estimates.delete(estimates.keys().next().value as string);
  estimates.set(key, { expires: Date.now() + estimateTtlMs, value });
  return value;
}
