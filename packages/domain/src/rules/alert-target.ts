import { shopHref } from "./shop-resolution";

/**
 * Where an alert leads (storefront-and-admin §2 'Alert targets', commerce-and-accounts §2 'Alerts targets').
 * Targets this product has no page for yet go to the closest page that exists (docs/FEATURES.md lists them).
 */
export const alertOriginApps = [
  "store",
  "invoicing",
  "pos",
  "accounting",
  "products",
  "payroll",
  "sms",
  "gallery",
  "crm",
  "coupons",
  "business",
  "blog",
  "appointment",
  "wall",
  "inbox",
  "payments",
  "wallet",
  "brief",
  "helpdesk",
  "system",
  "memberships",
  "referral",
  "affinity-group",
] as const;
export type AlertOriginApp = (typeof alertOriginApps)[number];

/** Who the recipient is for the alert's order: the buyer, the product's supplier or the reseller (dssupplier). */
export type AlertRole = "customer" | "supplier" | "dssupplier";

export interface AlertTargetParams {
  type?: string;
  subtype?: string;
  invoice?: string;
  order?: string;
  checkout_aggregation?: string;
  payment_token?: string;
  contact_id?: string;
  package_id?: string;
  wallet_type_id?: string;
  /** The recipient's role in the order (set by the producer). */
  role?: AlertRole;
  /** Slug of the shop whose admin the alert concerns (supplier/dssupplier) or where the customer bought. */
  shop?: string;
}

export interface AlertForTarget {
  origin_app: string;
  params: AlertTargetParams;
}

/** Where the alert is opened from: a shop's pages (with its slug and base path) or the platform's own pages. */
export type AlertView = { kind: "shop"; slug: string; basePath: string } | { kind: "site" };

function inShop(view: AlertView, params: AlertTargetParams): view is { kind: "shop"; slug: string; basePath: string } {
  return view.kind === "shop" && (!params.shop || params.shop === view.slug);
}

function orderTarget(p: AlertTargetParams, view: AlertView): string | null {
  const role = p.role ?? "customer";
  if (role === "customer") {
    if (view.kind === "shop" && p.checkout_aggregation) return shopHref(view.basePath, `/mis-compras/${p.checkout_aggregation}`);
    if (p.order) return `/shopping-cart/orders/${p.order}`;
    return p.checkout_aggregation ? `/mis-compras/${p.checkout_aggregation}` : "/mis-compras";
  }
  if (inShop(view, p) && p.order) return shopHref(view.basePath, `/admin/ordenes/${p.order}`);
  if (!p.order) return null;
  return role === "dssupplier" ? `/apps/me/dssupplier/orders/${p.order}` : `/apps/me/store/orders/${p.order}`;
}

/** The target path of an alert, or null when it has no link ('Other origin apps: no link'). */
export function alertTarget(alert: AlertForTarget, view: AlertView): string | null {
  const p = alert.params;
  const shopView = inShop(view, p);
  const base = view.kind === "shop" ? view.basePath : "";
  switch (alert.origin_app) {
    case "store":
    case "invoicing": {
      if (p.type === "invoice") {
        // The invoice-number prefix filter: the list opens on the alert's invoice ("A-17" and any that start so).
        const filter = p.invoice ? `?numero=${encodeURIComponent(p.invoice)}` : "";
        if (p.subtype === "customer-recipient") return `/facturas${filter}`;
        if (shopView) return shopHref(base, `/admin/facturas${filter}`);
        return p.shop ? `/tienda/${p.shop}/admin/facturas${filter}` : `/facturas${filter}`;
      }
      if (p.type === "export") {
        // A shop's export leads to its reports page (products: the stock reports); a report across the user's shops
        // to their own reports page.
        const page = p.subtype === "products" ? "/admin/inventario/reportes" : "/admin/reportes/ordenes";
        if (shopView) return shopHref(base, page);
        return p.shop ? `/tienda/${p.shop}${page}` : "/apps/me/store/reports/orders";
      }
      // A collaborator invitation: 'Mis colaboraciones', where it is accepted.
      if (p.type === "collaboration") return "/apps/me/colaboraciones";
      // Completed import job: the shop's imports page in shop view, else the user's own (issue 29 §1).
      if (p.type === "import") return shopView ? shopHref(base, "/admin/inventario/cargas") : "/apps/me/dssupplier/products/cargas";
      if (p.type === "return") {
        if ((p.role ?? "customer") === "customer") return orderTarget(p, view);
        return shopView ? shopHref(base, "/admin/devoluciones") : orderTarget(p, view);
      }
      if (p.type === "review") {
        if (shopView) return shopHref(base, "/admin/opiniones");
        return p.shop ? `/tienda/${p.shop}/admin/opiniones` : null;
      }
      if (p.order || p.checkout_aggregation) return orderTarget(p, view);
      return null;
    }
    case "payments":
      if (p.payment_token) return `/me/payments/${p.payment_token}`;
      return p.order || p.checkout_aggregation ? orderTarget(p, view) : null;
    case "crm":
      // The contact's page: in the shop's admin (/admin/contactos, the contact opened) in shop view, else the user's CRM.
      // A promoter's own contact (a referral) names no shop: it always opens in the user's CRM.
      if (p.subtype === "new_message" || p.subtype === "new_contact") {
        const inItsShop = shopView && Boolean(p.shop);
        if (!p.contact_id) {
          if (inItsShop) return shopHref(base, "/admin/contactos");
          return p.shop ? `/tienda/${p.shop}/admin/contactos` : "/apps/me/referral/referred";
        }
        return inItsShop ? shopHref(base, `/admin/contactos/${p.contact_id}`) : `/apps/me/crm/clients/detail/${p.contact_id}`;
      }
      return null;
    case "memberships":
      // The subscription's state changes (trial, charges, 3-D Secure, expiry) lead to the subscription page.
      if (p.type === "subscription") return "/apps/me/suscripcion";
      // A membership offer opens its package (storefront-and-admin L97); an offer without one, the packages page.
      if (p.package_id) return `/apps/paquetes/${encodeURIComponent(p.package_id)}`;
      return p.type === "offer" ? "/apps/paquetes" : null;
    case "system":
      // A shop disabled or enabled by the platform: its home, where the owner reads the reason (issue 15).
      if (p.subtype === "store_disabled" || p.subtype === "store_enabled") {
        return shopView ? shopHref(base, "/") : p.shop ? `/tienda/${p.shop}` : null;
      }
      // The platform's answer to a coordinator request: the profile, where the coordinator card says what it means.
      if (p.subtype === "coordinator_granted" || p.subtype === "coordinator_refused") return "/preferencias";
      // A shop ran out of SMS credits (issue 30 §3): the SMS packages page.
      return p.subtype === "sms_runout" ? "/me/sms/packages" : null;
    case "wallet": {
      if (p.subtype !== "transfer_ok") return null;
      const id = encodeURIComponent(p.wallet_type_id ?? "MXN");
      return shopView ? shopHref(base, `/admin/monedero/${id}`) : `/me/wallet/${id}`;
    }
    case "referral":
      if (p.type === "commission") return "/apps/me/ganancias";
      return "/apps/me/referral";
    case "affinity-group":
      // /admin/solicitudes, /apps/me/affinity-group/requests: not yet; the business network.
      return "/red-comercial";
    default:
      return null;
  }
}
