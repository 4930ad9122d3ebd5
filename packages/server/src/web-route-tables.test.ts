import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "@tianguis/web/app/routes";
import { type RouteObject, type ServerBuild, matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { routeTables } from "./web-route-tables";

type BuildRoute = ServerBuild["routes"][string] & {};

/** The app's route table as a server build holds it (flat, by id, each with its parent), from app/routes.ts. */
function buildOf(entries: RouteConfigEntry[]): ServerBuild {
  const routes: Record<string, BuildRoute> = { root: { id: "root", path: "", module: {} } as BuildRoute };
  const add = (entry: RouteConfigEntry, parentId: string) => {
    const id = entry.id ?? entry.file.replace(/\.tsx$/, "");
    routes[id] = { id, parentId, path: entry.path, index: entry.index, module: {} } as BuildRoute;
    for (const child of entry.children ?? []) add(child, id);
  };
  for (const entry of entries) add(entry, "root");
  const manifest = Object.fromEntries(Object.values(routes).map((route) => [route.id, { id: route.id, parentId: route.parentId }]));
  return { routes, assets: { routes: manifest, version: "v1" } } as unknown as ServerBuild;
}

/** A build's routes as React Router's matcher takes them (nested under the root). */
function nested(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route): route is BuildRoute => !!route && route.parentId === parentId)
    .map((route) =>
      route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: nested(build, route.id) },
    ) as RouteObject[];
}

const matchedIds = (build: ServerBuild, path: string) => (matchRoutes(nested(build), path) ?? []).map((match) => match.route.id);

/** A URL for each route of the table: its ancestors' paths joined, with a value for each parameter and splat. */
function routeUrls(build: ServerBuild): string[] {
  const pathOf = (id: string): string => {
    const route = build.routes[id] as BuildRoute;
    const own = (route.path ?? "").replace(/:[\w-]+/g, (param) => `${param.slice(1)}-1`).replace(/\*$/, "a/b");
    return route.parentId ? `${pathOf(route.parentId)}/${own}` : own;
  };
  return Object.keys(build.routes).map((id) => `/${pathOf(id)}`.replace(/\/+/g, "/"));
}

describe("route tables (a page under /tienda/{slug} and the others each matched against their own table)", () => {
  const build = buildOf(routeConfig as RouteConfigEntry[]);
  const tables = routeTables(build, "shop-path");

  it("splits the app's table: the shop tree and the root for /tienda/{slug}, all but the shop tree elsewhere", () => {
    const under = Object.keys(tables.forPath("/tienda/demo/productos").routes);
    const elsewhere = Object.keys(tables.forPath("/productos").routes);
    expect(under).toContain("root");
    expect(under).toContain("shop-path-admin-ordenes");
    expect(under).not.toContain("site-admin-ordenes");
    expect(elsewhere).toContain("site-admin-ordenes");
    expect(elsewhere).not.toContain("shop-path");
    expect(new Set([...under, ...elsewhere]).size).toBe(Object.keys(build.routes).length);
    expect(under.length + elsewhere.length).toBe(Object.keys(build.routes).length + 1);
    // The browser's manifest holds the same routes as the server's table.
    expect(Object.keys(tables.forPath("/tienda/demo").assets.routes)).toEqual(under);
  });

  it("answers lazy route discovery with the whole table", () => {
    expect(tables.forPath("/__manifest")).toBe(build);
  });

  const odd = [
    "/",
    "/tienda",
    "/tienda/",
    "/tienda/demo",
    "/tienda/demo/",
    "/TIENDA/Demo/Productos",
    "/%74ienda/demo/admin/ordenes",
    "/tienda/de%2Fmo/productos",
    "/tienda/%E0%A4%A/productos",
    "/tiendas/demo",
    "/tienda-demo/productos",
    "/tienda/demo/no-existe/en/ningun/lado",
    "/no-existe",
    "/productos/demo/123",
    "/tienda/demo.data",
    "/tienda.data",
  ];

  it.each([...routeUrls(build), ...odd])("matches %s as the whole table does", (url) => {
    const pathname = url.split("?")[0];
    const whole = matchedIds(build, pathname);
    expect(whole.length).toBeGreaterThan(0);
    expect(matchedIds(tables.forPath(pathname), pathname)).toEqual(whole);
  });

  it("serves a build with a basename, or one that sends the whole manifest up front, with its whole table", () => {
    const withBase = { ...build, basename: "/app" } as ServerBuild;
    expect(routeTables(withBase, "shop-path").forPath("/app/tienda/demo")).toBe(withBase);
    const initial = { ...build, routeDiscovery: { mode: "initial", manifestPath: "/__manifest" } } as ServerBuild;
    expect(routeTables(initial, "shop-path").forPath("/tienda/demo")).toBe(initial);
  });
});
