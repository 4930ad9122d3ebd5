import type { RatingSummary } from "@tianguis/domain/rules/review";

/**
 * The rating summaries anonymous product pages read, kept in process for REVIEW_SUMMARY_CACHE_MS (default 10 s in
 * production, off elsewhere so tests read their own writes). A review written through this instance drops its product's
 * entry at once; another instance's write shows here within the lifetime. Signed-in readers (a customer who just rated,
 * the supplier answering) always read the database.
 */
const maxEntries = 5000;
const entries = new Map<string, { expires: number; value: RatingSummary }>();

function ttlMs(): number {
  return Number(process.env.REVIEW_SUMMARY_CACHE_MS ?? (process.env.NODE_ENV === "production" ? 10_000 : 0));
}

export async function cachedSummary(productId: string, load: () => Promise<RatingSummary>): Promise<RatingSummary> {
  const ttl = ttlMs();
  if (ttl <= 0) return load();
  const now = Date.now();
  const hit = entries.get(productId);
  if (hit && hit.expires > now) return hit.value;
  const value = await load();
  if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
  entries.set(productId, { expires: now + ttl, value });
  return value;
}

export function forgetSummary(productId: string): void {
  entries.delete(productId);
}
