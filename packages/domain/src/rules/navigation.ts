import type { SectionKey } from "../schemas/shop";
import { showsFranchisesLink } from "./franchises";

/**
 * The shop navigation menu (storefront-and-admin §2 'Shop navigation menu'). Paths are relative to the
 * shop's base path.
 */
export type NavKey = "products" | "digital" | "services" | "experiences" | "catalogues" | "blogs" | "franchises" | "contact";

export interface NavItem {
  key: NavKey;
  path: string;
}

export const navPaths: Record<NavKey, string> = {
  products: "/productos",
  digital: "/digitales",
  services: "/servicios",
  experiences: "/experiencias",
  catalogues: "/catalogos",
  blogs: "/blogs",
  franchises: "/franquicias",
  contact: "/info",
};

export interface NavShop {
  store_type: string | null;
  is_proxy: boolean;
  store_theme_info: { sections_info: readonly SectionKey[] | readonly string[] };
  /** Whether the shop lists any public franchise or affinity store; unknown (undefined) shows the link as the spec does. */
  has_franchises?: boolean;
}

export interface NavViewer {
  /** Owner, or a member with the admin permission. */
  isAdmin: boolean;
  /** The platform's digitalProducts configuration flag. */
  digitalProducts: boolean;
}

const visitorSections: { key: NavKey; section: SectionKey }[] = [
  { key: "products", section: "products" },
  { key: "digital", section: "digital" },
  { key: "services", section: "services" },
  { key: "experiences", section: "experiences" },
  { key: "blogs", section: "blogs" },
];

function item(key: NavKey): NavItem {
  return { key, path: navPaths[key] };
}

/**
 * Visitors see products, digital, services, experiences and blogs only when their section flags are on;
 * franchises whenever the shop lists some (rules/franchises.ts: no link to an empty page); contact only with the
 * retail flag on a franchise store. Shop admins see every section (digital products only when the digitalProducts
 * flag is on), their catalogues, and contact on a franchise store. Proxy shops get the visitor menu, whoever looks.
 */
export function shopNavigation(shop: NavShop, viewer: NavViewer): NavItem[] {
  const sections = new Set<string>(shop.store_theme_info.sections_info);
  const isFranchise = shop.store_type === "franchise";
  if (viewer.isAdmin && !shop.is_proxy) {
    const keys: NavKey[] = [
      "products",
      ...(viewer.digitalProducts ? (["digital"] as const) : []),
      "services",
      "experiences",
      "catalogues",
      "blogs",
      "franchises",
    ];
    if (isFranchise) keys.push("contact");
    return keys.map(item);
  }
  const items = visitorSections.filter((entry) => sections.has(entry.section)).map((entry) => item(entry.key));
  if (showsFranchisesLink(shop, { isAdmin: false })) items.push(item("franchises"));
  if (sections.has("retail") && isFranchise) items.push(item("contact"));
  return items;
}
