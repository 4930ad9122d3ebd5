import { sessionLookupLifetimeMs, sessionsForgotten } from "./sessions";

/**
 * A lookup that follows from a signed-in visitor's session, kept as their session is (SESSION_CACHE_MS,
 * http/sessions.ts) and forgotten with it on every write through the API: what a write can change (a role in a shop,
 * an own shop, a platform staff role) counts from the next request, what no request changes within the lifetime. The
 * key must name the visitor (their user id): one visitor's answer is never another's. A lookup that a write overtook
 * answers its own caller only. Answers are kept as given: lookups return plain values their callers do not change.
 */
export function keptWithSessions<A extends unknown[], T>(
  lookup: (...args: A) => Promise<T>,
  keyOf: (...args: A) => string,
  maxEntries = 10_000,
): (...args: A) => Promise<T> {
  const kept = new Map<string, { value: T; until: number; generation: number }>();
  return async (...args: A): Promise<T> => {
    const ttl = sessionLookupLifetimeMs();
    if (ttl <= 0) return lookup(...args);
    const key = keyOf(...args);
    const generation = sessionsForgotten();
    const hit = kept.get(key);
    if (hit && hit.generation === generation && hit.until > performance.now()) return hit.value;
    const value = await lookup(...args);
    if (generation === sessionsForgotten()) {
      kept.delete(key);
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
      kept.set(key, { value, until: performance.now() + ttl, generation });
    }
    return value;
  };
}

export type ShopWhere = { slug: string } | { domain: string };

/**
 * Whether a signed-in visitor has a role in a shop (web.ts asks on every signed-in storefront page, only to decide
 * whether the visitor is offered their audience's shared page, never given to one with a role; the render's own API
 * calls check access afresh), kept as their session is, by user id and shop.
 */
export function recentShopRoles(lookup: (shop: ShopWhere, userId: string) => Promise<boolean>, maxEntries = 10_000) {
  return keptWithSessions(
    lookup,
    (shop, userId) => JSON.stringify([userId, "slug" in shop ? shop.slug.toLowerCase() : shop.domain]),
    maxEntries,
  );
}
