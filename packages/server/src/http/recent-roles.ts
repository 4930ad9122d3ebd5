import { sessionLookupLifetimeMs, sessionsForgotten } from "./sessions";

export type ShopWhere = { slug: string } | { domain: string };

/**
 * Whether a signed-in visitor has a role in a shop, kept as their session is (SESSION_CACHE_MS, http/sessions.ts) and
 * forgotten with it on every write through the API, which is how a role is given or taken. web.ts asks it on every
 * signed-in storefront page, only to decide whether the visitor is offered their audience's shared page (never for a
 * visitor with a role); the render's own API calls check access afresh. Keyed by the visitor's user id and the shop.
 */
export function recentShopRoles(lookup: (shop: ShopWhere, userId: string) => Promise<boolean>, maxEntries = 10_000) {
  const recent = new Map<string, { role: boolean; until: number; generation: number }>();
  return async function hasRecentShopRole(shop: ShopWhere, userId: string): Promise<boolean> {
    const ttl = sessionLookupLifetimeMs();
    if (ttl <= 0) return lookup(shop, userId);
    const key = JSON.stringify([userId, "slug" in shop ? shop.slug.toLowerCase() : shop.domain]);
    const generation = sessionsForgotten();
    const hit = recent.get(key);
    if (hit && hit.generation === generation && hit.until > performance.now()) return hit.role;
    const role = await lookup(shop, userId);
    // A lookup that a write overtook is not kept.
    if (generation === sessionsForgotten()) {
      recent.delete(key);
      if (recent.size >= maxEntries) recent.delete(recent.keys().next().value as string);
      recent.set(key, { role, until: performance.now() + ttl, generation });
    }
    return role;
  };
}
