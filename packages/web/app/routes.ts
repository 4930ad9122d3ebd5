import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The spec's route table. Shop pages exist twice: under /tienda/{slug}/ and at the root of a shop's
 * sub-domain ({slug}.localhost:3000); both trees use the same modules with their own ids.
 */
const shopPages = (tree: string) => [
  route("productos", "routes/shop-listing.tsx", { id: `${tree}-productos` }),
  route("servicios", "routes/shop-listing.tsx", { id: `${tree}-servicios` }),
  route("experiencias", "routes/shop-listing.tsx", { id: `${tree}-experiencias` }),
  route("digitales", "routes/shop-listing.tsx", { id: `${tree}-digitales` }),
  route("catalogos", "routes/shop-catalogues.tsx", { id: `${tree}-catalogos` }),
  route("catalogos/:catalogueSlug", "routes/shop-catalogue.tsx", { id: `${tree}-catalogo` }),
  route("admin/configuracion", "routes/shop-admin-settings.tsx", { id: `${tree}-admin-configuracion` }),
  route("admin/banners", "routes/shop-admin-banners.tsx", { id: `${tree}-admin-banners` }),
];

export default [
  route("tienda/:shopSlug", "routes/shop-layout.tsx", { id: "shop-path" }, [
    index("routes/shop-home.tsx", { id: "shop-path-home" }),
    ...shopPages("shop-path"),
    route("*", "routes/not-found.tsx", { id: "shop-path-not-found" }),
  ]),
  layout("routes/site-layout.tsx", { id: "site" }, [
    index("routes/home.tsx"),
    ...shopPages("site"),
    route("*", "routes/not-found.tsx", { id: "site-not-found" }),
  ]),
] satisfies RouteConfig;
