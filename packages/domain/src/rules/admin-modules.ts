import type { MessageCode } from "../messages/index";
import type { ShopRole } from "../schemas/shop";

/**
 * The shop admin's app modules (storefront-and-admin §2 'Admin floating left bar' and 'App-module side bar', §3 'Menu
 * entry'; commerce-and-accounts §6 'The left bar roles: admin, accountant, dispatcher, qrreader; carousel management
 * admin only'). Each module is a menu entry with its submenu; a collaborator sees a module only when one of their
 * profiles may use one of its pages, and only those pages. The server enforces the same split on every route
 * (modules/collaborators/role-matrix.test.ts checks it route by route).
 */

/** The roles that see the left bar at all (the owner counts as admin). */
export const barRoles: readonly ShopRole[] = ["admin", "accountant", "dispatcher", "qrreader"];

export const appModules = [
  "home",
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
  "franchises",
  "collaborators",
  "settings",
  "contacts",
  "reports",
  "activity",
] as const;
export type AppModule = (typeof appModules)[number];

/** The shop facts a page's visibility may depend on (franchise shops list franchises). */
export interface MenuShop {
  store_type: string | null;
  /** Whether the viewer owns the shop: some pages are the owner's alone (the audit log). */
  is_owner?: boolean;
}

export interface AdminPage {
  /** Path under the shop's base path, or a marketplace path when `site` (it then gets ?shop={slug}). */
  path: string;
  label: MessageCode;
  roles: readonly ShopRole[];
  site?: true;
  when?: (shop: MenuShop) => boolean;
  /** The page is only this path, not the paths under it (the dashboard at /admin). */
  exact?: true;
}

export interface AdminModuleEntry {
  app_module: AppModule;
  submenu: readonly AdminPage[];
}

const admin: readonly ShopRole[] = ["admin"];
/** Who works the orders (spec §6): the dispatcher advances them, the accountant reads them. */
export const orderDeskRoles: readonly ShopRole[] = ["admin", "dispatcher", "accountant"];
export const ordersPath = "/admin/ordenes";
/** The shop's contacts (issue 29 §3): the admin bar counts its contacts with unread messages beside it. */
export const contactsPath = "/admin/contactos";
const isFranchise = (shop: MenuShop) => shop.store_type === "franchise";
const isOwner = (shop: MenuShop) => shop.is_owner === true;

/** The menu, in the bar's order. */
export const adminMenu: readonly AdminModuleEntry[] = [
  { app_module: "home", submenu: [{ path: "/", label: "nav_home", roles: barRoles }] },
  {
    app_module: "products",
    submenu: [
      { path: "/apps/me/products", label: "my_products", roles: admin, site: true },
      { path: "/admin/inventario/cargas", label: "imports_title", roles: admin },
    ],
  },
  { app_module: "catalogues", submenu: [{ path: "/catalogos", label: "my_catalogues", roles: admin }] },
  { app_module: "blog", submenu: [{ path: "/admin/blogs", label: "blog_admin_title", roles: admin }] },
  // Banners and the carousel: admin only.
  { app_module: "merchandising", submenu: [{ path: "/admin/banners", label: "admin_banners", roles: admin }] },
  { app_module: "dropshipping", submenu: [{ path: "/admin/reventa", label: "dropshipping_title", roles: admin }] },
  {
    app_module: "orders",
    submenu: [
      { path: ordersPath, label: "my_orders", roles: orderDeskRoles },
      { path: "/admin/devoluciones", label: "returns_title", roles: orderDeskRoles },
      { path: "/admin/facturas", label: "invoices_title", roles: ["admin", "accountant"] },
    ],
  },
  { app_module: "checkin", submenu: [{ path: "/admin/entradas", label: "checkin_title", roles: ["admin", "qrreader"] }] },
  { app_module: "commissions", submenu: [{ path: "/admin/comisiones", label: "owed_title", roles: ["admin", "accountant"] }] },
  { app_module: "reviews", submenu: [{ path: "/admin/opiniones", label: "shop_reviews_title", roles: admin }] },
  { app_module: "pages", submenu: [{ path: "/admin/paginas", label: "shop_pages_title", roles: admin }] },
  {
    app_module: "franchises",
    submenu: [{ path: "/admin/franquicias", label: "franchises_admin_title", roles: admin, when: isFranchise }],
  },
  { app_module: "collaborators", submenu: [{ path: "/admin/colaboradores", label: "collaborators_title", roles: admin }] },
  { app_module: "settings", submenu: [{ path: "/admin/configuracion", label: "admin_settings", roles: admin }] },
  // Contacts (issue 29 §3): private to the owner and admins.
  { app_module: "contacts", submenu: [{ path: contactsPath, label: "contacts_title", roles: admin }] },
  // The dashboard and exports read the books: the accountant's too (issue 29 §2, §4).
  {
    app_module: "reports",
    submenu: [
      { path: "/admin", label: "dashboard_title", roles: ["admin", "accountant"], exact: true },
      { path: "/admin/reportes/ordenes", label: "report_orders", roles: ["admin", "accountant"] },
      { path: "/admin/inventario/reportes", label: "report_products", roles: ["admin", "accountant"] },
    ],
  },
  // The audit log (issue 33 §3): who changed what in the shop, for its owner alone.
  { app_module: "activity", submenu: [{ path: "/admin/actividad", label: "activity_title", roles: admin, when: isOwner }] },
];

/** The bar's sections, each a menu entry whose submenu gathers some app modules' pages (issue 31: 22 flat entries did not fit a
 * 700 px high window). The home page stands alone; a section's submenu holds at most `sectionPageLimit` pages. */
export const adminSections = ["home", "sales", "catalogue", "marketing", "money", "shop"] as const;
export type AdminSection = (typeof adminSections)[number];

export const sectionLabels: Record<AdminSection, MessageCode> = {
  home: "nav_home",
  sales: "admin_section_sales",
  catalogue: "admin_section_catalogue",
  marketing: "admin_section_marketing",
  money: "admin_section_money",
  shop: "admin_section_shop",
};

/** Every app module in one section. */
export const sectionOfModule: Record<AppModule, AdminSection> = {
  home: "home",
  orders: "sales",
  checkin: "sales",
  reviews: "sales",
  products: "catalogue",
  catalogues: "catalogue",
  dropshipping: "catalogue",
  franchises: "catalogue",
  merchandising: "marketing",
  blog: "marketing",
  contacts: "marketing",
  commissions: "money",
  reports: "money",
  pages: "shop",
  collaborators: "shop",
  settings: "shop",
  activity: "shop",
};

/** The most pages one open section shows: with the others closed the bar fits a 700 px high window and a phone. */
export const sectionPageLimit = 5;

export type SectionPage = AdminPage & { app_module: AppModule };
export interface AdminSectionEntry {
  section: AdminSection;
  submenu: SectionPage[];
}

/** The bar roles among a user's permissions in a shop (the owner's permissions include admin). */
export function barRolesOf(permissions: readonly string[]): ShopRole[] {
  return barRoles.filter((role) => permissions.includes(role));
}

/** May these roles open this page? */
export function mayOpen(page: AdminPage, roles: readonly ShopRole[], shop: MenuShop): boolean {
  return page.roles.some((role) => roles.includes(role)) && (page.when?.(shop) ?? true);
}

/**
 * The modules these roles see, each with only the pages they may open; modules left empty are dropped. With no bar
 * role the answer is empty (no bar). The home entry alone is not a reason to show the bar to anybody else.
 */
export function visibleAdminMenu(roles: readonly ShopRole[], shop: MenuShop): AdminModuleEntry[] {
  if (barRolesOf(roles).length === 0) return [];
  return adminMenu
    .map((entry) => ({ ...entry, submenu: entry.submenu.filter((page) => mayOpen(page, roles, shop)) }))
    .filter((entry) => entry.submenu.length > 0);
}

/** The app modules these roles see, by name (home aside). */
export function visibleAppModules(roles: readonly ShopRole[], shop: MenuShop): AppModule[] {
  return visibleAdminMenu(roles, shop)
    .map((entry) => entry.app_module)
    .filter((module) => module !== "home");
}

/** The module a shop-relative path (or a marketplace path) belongs to: the entry whose page is the longest prefix. */
export function appModuleOf(path: string): AppModule | null {
  const clean = path.split(/[?#]/)[0].replace(/\/+$/, "") || "/";
  let best: { module: AppModule; length: number } | null = null;
  for (const entry of adminMenu) {
    for (const page of entry.submenu) {
      const matches = page.path === "/" || page.exact ? clean === page.path : clean === page.path || clean.startsWith(`${page.path}/`);
      if (matches && (!best || page.path.length > best.length)) best = { module: entry.app_module, length: page.path.length };
    }
  }
  return best?.module ?? null;
}

/**
 * Where a collaborator lands when they open a shop from 'Mis colaboraciones': the first page of the first module
 * their profiles may use beyond the home page (the orders desk for a dispatcher, check-in for a qrreader); an admin
 * lands on the shop's home, where every editor is.
 */
export function collaborationLanding(roles: readonly ShopRole[], shop: MenuShop): string {
  if (roles.includes("admin")) return "/";
  const first = visibleAdminMenu(roles, shop).find((entry) => entry.app_module !== "home" && entry.submenu.some((page) => !page.site));
  return first?.submenu.find((page) => !page.site)?.path ?? "/";
}

/**
 * The bar's sections these roles see, in the bar's order, each with the pages they may open (the modules' pages in
 * the menu's order); sections left empty are dropped.
 */
export function visibleAdminSections(roles: readonly ShopRole[], shop: MenuShop): AdminSectionEntry[] {
  const pages = visibleAdminMenu(roles, shop).flatMap((entry) => entry.submenu.map((page) => ({ ...page, app_module: entry.app_module })));
  return adminSections
    .map((section) => ({ section, submenu: pages.filter((page) => sectionOfModule[page.app_module] === section) }))
    .filter((entry) => entry.submenu.length > 0);
}

/**
 * The app-module side bar (storefront-and-admin §2): the section whose menu entry holds the current page's app module,
 * the one the bar opens to list its submenu; null off the admin's pages.
 */
export function sectionOf(path: string): AdminSection | null {
  const module = appModuleOf(path);
  return module ? sectionOfModule[module] : null;
}
