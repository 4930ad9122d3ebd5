/**
 * Where a request's shop comes from (spec storefront-and-admin §2 'Shop base path'): a shop is reached
 * at /tienda/{slug}/… or at the root of {slug}.{base domain}; a custom canonical domain also maps to its shop.
 */
export type ShopLocator = { kind: "subdomain"; slug: string } | { kind: "domain"; hostname: string } | { kind: "none" };

const reservedSubdomains = new Set(["www", "api", "admin", "static", "media"]);

export function locateShopByHost(hostHeader: string | undefined, baseDomain: string): ShopLocator {
  if (!hostHeader) return { kind: "none" };
  const hostname = hostHeader.replace(/:\d+$/, "").toLowerCase();
  const base = baseDomain.toLowerCase();
  if (hostname === base || /^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname === "[::1]") return { kind: "none" };
  if (hostname.endsWith(`.${base}`)) {
    const label = hostname.slice(0, -(base.length + 1));
    if (!label.includes(".") && !reservedSubdomains.has(label)) return { kind: "subdomain", slug: label };
    return { kind: "none" };
  }
  return { kind: "domain", hostname };
}

/** The prefix every link inside a shop is built on: '' on its own host, '/tienda/{slug}' otherwise. */
export function shopBasePath(locator: ShopLocator, slug: string): string {
  return locator.kind === "none" ? `/tienda/${slug}` : "";
}

/** Joins a shop base path and a sub-path without doubling slashes: ('', '/productos') → '/productos'. */
export function shopHref(basePath: string, subPath = "/"): string {
  const path = subPath.startsWith("/") ? subPath : `/${subPath}`;
  if (!basePath) return path;
  return path === "/" ? basePath : `${basePath}${path}`;
}
