import { describe, expect, it } from "vitest";
import type { ShopRole } from "../schemas/shop";
import {
  type MenuShop,
  adminMenu,
  appModuleOf,
  barRolesOf,
  adminSections,
  appModules,
  collaborationLanding,
  sectionOf,
  sectionOfModule,
  sectionPageLimit,
  visibleAdminMenu,
  visibleAdminSections,
  visibleAppModules,
} from "./admin-modules";

const shop: MenuShop = { store_type: null };
const franchise: MenuShop = { store_type: "franchise" };
const paths = (roles: ShopRole[], where = shop) =>
  visibleAdminMenu(roles, where).flatMap((entry) => entry.submenu.map((page) => page.path));

describe("the admin's app-module side bar (storefront-and-admin §2, commerce-and-accounts §6)", () => {
  const table: { role: ShopRole; modules: string[] }[] = [
    { role: "dispatcher", modules: ["orders"] },
    { role: "accountant", modules: ["orders", "commissions", "reports"] },
    { role: "qrreader", modules: ["checkin"] },
    {
      role: "admin",
      modules: [
        "products",
        "catalogues",
        "blog",
        "merchandising",
        "dropshipping",
        "orders",
        "checkin",
        "commissions",
        "reviews",
        "pages",
        "collaborators",
        "settings",
        "contacts",
        "reports",
      ],
    },
  ];
  for (const { role, modules } of table) {
    it(`${role} sees ${modules.join(", ")}`, () => {
      expect(visibleAppModules([role], shop)).toEqual(modules);
    });
  }

  it("every bar role gets the home entry; a user without a bar role gets no bar at all", () => {
    for (const role of ["admin", "accountant", "dispatcher", "qrreader"] as const) expect(paths([role])[0]).toBe("/");
    expect(visibleAdminMenu([], shop)).toEqual([]);
  });

  it("carousel and banners (merchandising), pages, collaborators and settings are admin only", () => {
    for (const role of ["accountant", "dispatcher", "qrreader"] as const) {
      for (const path of ["/admin/banners", "/admin/paginas", "/admin/colaboradores", "/admin/configuracion", "/admin/contactos"]) {
        expect(paths([role])).not.toContain(path);
      }
    }
    expect(paths(["admin"])).toEqual(expect.arrayContaining(["/admin/banners", "/admin/colaboradores", "/admin/configuracion"]));
  });

  it("the audit log (Actividad) is the owner's alone, not an admin's (issue 33 §3)", () => {
    expect(paths(["admin"])).not.toContain("/admin/actividad");
    expect(paths(["admin"], { ...shop, is_owner: true })).toContain("/admin/actividad");
    expect(appModuleOf("/admin/actividad")).toBe("activity");
  });

  it("the orders module shows its pages to the order desk: orders and returns", () => {
    expect(paths(["dispatcher"])).toEqual(["/", "/admin/ordenes", "/admin/devoluciones"]);
  });

  it("profiles add up: an accountant who also reads tickets sees both modules", () => {
    expect(visibleAppModules(["accountant", "qrreader"], shop)).toEqual(["orders", "checkin", "commissions", "reports"]);
  });

  it("franchises appear only for franchise shops, and only to admins", () => {
    expect(visibleAppModules(["admin"], shop)).not.toContain("franchises");
    expect(visibleAppModules(["admin"], franchise)).toContain("franchises");
    expect(visibleAppModules(["dispatcher"], franchise)).toEqual(["orders"]);
  });

  it("invoices (/admin/facturas) sit in the orders module, for admins and accountants", () => {
    expect(paths(["accountant"])).toContain("/admin/facturas");
    expect(paths(["dispatcher"])).not.toContain("/admin/facturas");
    expect(appModuleOf("/admin/facturas")).toBe("orders");
  });

  it("the owner keeps the entries of the bar, in the same order", () => {
    expect(paths(["admin"], franchise)).toEqual([
      "/",
      "/apps/me/products",
      "/admin/inventario/cargas",
      "/catalogos",
      "/admin/blogs",
      "/admin/banners",
      "/admin/reventa",
      "/admin/ordenes",
      "/admin/devoluciones",
      "/admin/facturas",
      "/admin/entradas",
      "/admin/comisiones",
      "/admin/opiniones",
      "/admin/paginas",
      "/admin/franquicias",
      "/admin/colaboradores",
      "/admin/configuracion",
      "/admin/contactos",
      "/admin",
      "/admin/reportes/ordenes",
      "/admin/inventario/reportes",
    ]);
  });

  it("picks the module a path belongs to (the entry whose page is the longest prefix)", () => {
    expect(appModuleOf("/")).toBe("home");
    expect(appModuleOf("/admin/ordenes")).toBe("orders");
    expect(appModuleOf("/admin/ordenes/abc?x=1")).toBe("orders");
    expect(appModuleOf("/admin/devoluciones/")).toBe("orders");
    expect(appModuleOf("/admin/entradas")).toBe("checkin");
    expect(appModuleOf("/admin/inventario/cargas?carga=1")).toBe("products");
    expect(appModuleOf("/catalogos/verano")).toBe("catalogues");
    expect(appModuleOf("/productos")).toBeNull();
    expect(appModuleOf("/admin/ordenesx")).toBeNull();
    expect(appModuleOf("/admin")).toBe("reports");
    expect(appModuleOf("/admin/inventario/reportes")).toBe("reports");
  });

  it("keeps only the bar roles of a user's permissions", () => {
    expect(barRolesOf(["qrreader", "admin", "other"])).toEqual(["admin", "qrreader"]);
  });

  it("lands a collaborator on the first page they may use; an admin on the shop's home", () => {
    expect(collaborationLanding(["dispatcher"], shop)).toBe("/admin/ordenes");
    expect(collaborationLanding(["accountant"], shop)).toBe("/admin/ordenes");
    expect(collaborationLanding(["qrreader"], shop)).toBe("/admin/entradas");
    expect(collaborationLanding(["admin", "qrreader"], shop)).toBe("/");
    expect(collaborationLanding([], shop)).toBe("/");
  });

  it("every module has at least one page and paths are unique", () => {
    const all = adminMenu.flatMap((entry) => entry.submenu.map((page) => page.path));
    expect(new Set(all).size).toBe(all.length);
    for (const entry of adminMenu) expect(entry.submenu.length).toBeGreaterThan(0);
  });
});

describe("the bar's sections with submenus (issue 31: the owner's 22 entries did not fit a 700 px high window)", () => {
  const owner: MenuShop = { store_type: "franchise", is_owner: true };
  const sections = (roles: ShopRole[], where = shop) =>
    visibleAdminSections(roles, where).map((entry) => [entry.section, entry.submenu.map((page) => page.path)]);

  it("puts every app module in one of the sections", () => {
    for (const module of appModules) expect(adminSections).toContain(sectionOfModule[module]);
  });

  it("groups the owner's pages into Inicio, Ventas, Catálogo, Marketing, Dinero and Tienda, losing none", () => {
    expect(sections(["admin"], owner)).toEqual([
      ["home", ["/"]],
      ["sales", ["/admin/ordenes", "/admin/devoluciones", "/admin/facturas", "/admin/entradas", "/admin/opiniones"]],
      ["catalogue", ["/apps/me/products", "/admin/inventario/cargas", "/catalogos", "/admin/reventa", "/admin/franquicias"]],
      ["marketing", ["/admin/blogs", "/admin/banners", "/admin/contactos"]],
      ["money", ["/admin/comisiones", "/admin", "/admin/reportes/ordenes", "/admin/inventario/reportes"]],
      ["shop", ["/admin/paginas", "/admin/colaboradores", "/admin/configuracion", "/admin/actividad"]],
    ]);
    const flat = visibleAdminSections(["admin"], owner).flatMap((entry) => entry.submenu.map((page) => page.path));
    expect([...flat].sort()).toEqual([...paths(["admin"], owner)].sort());
  });

  it("keeps every section's submenu within the limit that fits a 700 px window with one section open", () => {
    for (const entry of visibleAdminSections(["admin", "accountant", "dispatcher", "qrreader"], owner))
      expect(entry.submenu.length).toBeLessThanOrEqual(sectionPageLimit);
  });

  it("shows a collaborator only the sections of their profiles, each with only their pages", () => {
    expect(sections(["dispatcher"])).toEqual([
      ["home", ["/"]],
      ["sales", ["/admin/ordenes", "/admin/devoluciones"]],
    ]);
    expect(sections(["qrreader"])).toEqual([
      ["home", ["/"]],
      ["sales", ["/admin/entradas"]],
    ]);
    expect(sections(["accountant"])).toEqual([
      ["home", ["/"]],
      ["sales", ["/admin/ordenes", "/admin/devoluciones", "/admin/facturas"]],
      ["money", ["/admin/comisiones", "/admin", "/admin/reportes/ordenes", "/admin/inventario/reportes"]],
    ]);
    expect(visibleAdminSections([], shop)).toEqual([]);
  });

  it("opens the section of the current page's app module (the app-module side bar)", () => {
    expect(sectionOf("/admin/ordenes/abc")).toBe("sales");
    expect(sectionOf("/admin")).toBe("money");
    expect(sectionOf("/apps/me/products")).toBe("catalogue");
    expect(sectionOf("/catalogos/verano")).toBe("catalogue");
    expect(sectionOf("/admin/actividad")).toBe("shop");
    expect(sectionOf("/")).toBe("home");
    expect(sectionOf("/productos")).toBeNull();
  });
});
