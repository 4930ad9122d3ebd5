import type { ServerBuild } from "react-router";

/**
 * React Router rebuilds its whole route table for every page it renders (the server routes and the static router's
 * data routes) and matches the URL against every branch of it, and again against every parent path of the URL for the
 * page's route manifest (lazy route discovery). The app's table holds every shop page twice (under /tienda/{slug} and
 * at the root of a shop's own host), so a page paid for both trees (issue 35: 7–14 % of a signed-in page's CPU).
 *
 * A URL under /tienda/{slug} is only ever matched by that tree, and any other URL never by it: each is served with a
 * table of its own (the root and the tree, or everything but the tree), which gives the same matches, loaders and
 * markup. The browser learns other pages' routes as before through lazy route discovery, which the whole table
 * answers (`/__manifest`).
 */
export interface RouteTables {
  /** The build whose route table serves `pathname` (a URL's path as requested, before decoding). */
  forPath(pathname: string): ServerBuild;
}

/** React Router's matcher for a parent route `tienda/:shopSlug` (case-insensitive, up to the next slash or the end). */
function prefixMatcher(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "([^\\/]+)" : segment.replace(/[\\.*+^${}|()[\]]/g, "\\$&")))
    .join("\\/");
  return new RegExp(`^\\/${source}(?:(?=\\/|$))`, "i");
}

/** A path decoded as React Router decodes it before matching (a decoded slash stays `%2F`; a malformed one stays as is). */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** The ids of a route and all its descendants. */
function subtree(build: ServerBuild, routeId: string): Set<string> {
  const ids = new Set([routeId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const route of Object.values(build.routes)) {
      if (route && route.parentId && ids.has(route.parentId) && !ids.has(route.id)) {
        ids.add(route.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The build with only the routes `keep` allows, on the server and in the browser's manifest alike. */
function withRoutes(build: ServerBuild, keep: (id: string) => boolean): ServerBuild {
  const routes = Object.fromEntries(Object.entries(build.routes).filter(([id]) => keep(id)));
  const manifestRoutes = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => keep(id)));
  return { ...build, routes, assets: { ...build.assets, routes: manifestRoutes } };
}

/**
 * Splits `build`'s table at the top-level route `prefixRouteId` (a path like `tienda/:shopSlug`, child of the root):
 * URLs under it get the root and that tree, the route manifest's requests the whole table, and the rest the others.
 */
export function routeTables(build: ServerBuild, prefixRouteId: string): RouteTables {
  // Lazy route discovery's path is under the basename: a build with one is served with its whole table, and so is one
  // that sends the browser the whole manifest up front (route discovery "initial").
  if ((build.basename && build.basename !== "/") || build.routeDiscovery?.mode === "initial") return { forPath: () => build };
  const prefix = build.routes[prefixRouteId];
  if (!prefix?.path || prefix.parentId !== "root") throw new Error(`no top-level route ${prefixRouteId} with a path`);
  const tree = subtree(build, prefixRouteId);
  const underPrefix = withRoutes(build, (id) => id === "root" || tree.has(id));
  const elsewhere = withRoutes(build, (id) => !tree.has(id));
  const matcher = prefixMatcher(prefix.path);
  const manifestPath = build.routeDiscovery?.manifestPath ?? "/__manifest";
  return {
    forPath(pathname) {
      if (pathname === manifestPath) return build;
      return matcher.test(decodedPath(pathname)) ? underPrefix : elsewhere;
    },
  };
}
