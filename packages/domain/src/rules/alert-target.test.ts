import { describe, expect, it } from "vitest";
import { type AlertForTarget, type AlertView, alertTarget } from "./alert-target";

const site: AlertView = { kind: "site" };
const demoPath: AlertView = { kind: "shop", slug: "demo", basePath: "/tienda/demo" };
const demoSub: AlertView = { kind: "shop", slug: "demo", basePath: "" };
const other: AlertView = { kind: "shop", slug: "otra", basePath: "/tienda/otra" };
const order = (role: "customer" | "supplier" | "dssupplier"): AlertForTarget => ({
  origin_app: "store",
  params: { type: "order", subtype: "paid", order: "o1", checkout_aggregation: "c1", role, shop: "demo" },
});

describe("alertTarget — orders", () => {
  it("admin in the shop's view goes to the shop's admin order page (path or sub-domain)", () => {
    expect(alertTarget(order("supplier"), demoPath)).toBe("/tienda/demo/admin/ordenes/o1");
    expect(alertTarget(order("supplier"), demoSub)).toBe("/admin/ordenes/o1");
    expect(alertTarget(order("dssupplier"), demoPath)).toBe("/tienda/demo/admin/ordenes/o1");
  });
  it("outside shop view: supplier and dssupplier go to their apps pages", () => {
    expect(alertTarget(order("supplier"), site)).toBe("/apps/me/store/orders/o1");
    expect(alertTarget(order("dssupplier"), site)).toBe("/apps/me/dssupplier/orders/o1");
    // another shop's pages are not this order's shop view
    expect(alertTarget(order("supplier"), other)).toBe("/apps/me/store/orders/o1");
  });
  it("customer: the purchase under the shop in shop view, the shopping-cart order outside", () => {
    expect(alertTarget(order("customer"), demoPath)).toBe("/tienda/demo/mis-compras/c1");
    expect(alertTarget(order("customer"), demoSub)).toBe("/mis-compras/c1");
    expect(alertTarget(order("customer"), site)).toBe("/shopping-cart/orders/o1");
  });
  it("payments go to the payment token page", () => {
    expect(alertTarget({ origin_app: "payments", params: { payment_token: "t9" } }, site)).toBe("/me/payments/t9");
  });
});

describe("alertTarget — returns, reviews, commissions", () => {
  it("returns: the seller's returns list in shop view, the order page outside; the customer's purchase", () => {
    const ret = (role: "customer" | "supplier"): AlertForTarget => ({
      origin_app: "store",
      params: { type: "return", order: "o1", checkout_aggregation: "c1", role, shop: "demo" },
    });
    expect(alertTarget(ret("supplier"), demoPath)).toBe("/tienda/demo/admin/devoluciones");
    expect(alertTarget(ret("supplier"), site)).toBe("/apps/me/store/orders/o1");
    expect(alertTarget(ret("customer"), demoPath)).toBe("/tienda/demo/mis-compras/c1");
  });
  it("reviews go to the shop's reviews admin", () => {
    const rev: AlertForTarget = { origin_app: "store", params: { type: "review", role: "supplier", shop: "demo" } };
    expect(alertTarget(rev, demoSub)).toBe("/admin/opiniones");
    expect(alertTarget(rev, site)).toBe("/tienda/demo/admin/opiniones");
  });
  it("referral: commissions to earnings, anything else to the referral area", () => {
    expect(alertTarget({ origin_app: "referral", params: { type: "commission" } }, site)).toBe("/apps/me/ganancias");
    expect(alertTarget({ origin_app: "referral", params: {} }, demoPath)).toBe("/apps/me/referral");
  });
});

describe("alertTarget — the rest of the table (closest existing pages)", () => {
  it("invoices: customer-recipient to /facturas, the rest to the shop's /admin/facturas, filtered by the invoice number", () => {
    const inv = (subtype: string, origin_app = "store"): AlertForTarget => ({
      origin_app,
      params: { type: "invoice", subtype, invoice: "F-1", shop: "demo" },
    });
    expect(alertTarget(inv("customer-recipient"), site)).toBe("/facturas?numero=F-1");
    expect(alertTarget(inv("customer-recipient", "invoicing"), demoPath)).toBe("/facturas?numero=F-1");
    expect(alertTarget(inv("dssupplier-sender"), demoPath)).toBe("/tienda/demo/admin/facturas?numero=F-1");
    expect(alertTarget(inv("admin", "invoicing"), demoSub)).toBe("/admin/facturas?numero=F-1");
    expect(alertTarget(inv("commission-recipient"), site)).toBe("/tienda/demo/admin/facturas?numero=F-1");
  });
  it("exports and imports", () => {
    expect(alertTarget({ origin_app: "store", params: { type: "export", subtype: "orders", shop: "demo" } }, demoSub)).toBe(
      "/admin/reportes/ordenes",
    );
    expect(alertTarget({ origin_app: "store", params: { type: "export", subtype: "products", shop: "demo" } }, demoPath)).toBe(
      "/tienda/demo/admin/inventario/reportes",
    );
    expect(alertTarget({ origin_app: "store", params: { type: "export", subtype: "orders", shop: "demo" } }, site)).toBe(
      "/tienda/demo/admin/reportes/ordenes",
    );
    expect(alertTarget({ origin_app: "store", params: { type: "export", subtype: "financial" } }, site)).toBe(
      "/apps/me/store/reports/orders",
    );
    const imported = { origin_app: "store", params: { type: "import", shop: "demo" } };
    expect(alertTarget(imported, demoPath)).toBe("/tienda/demo/admin/inventario/cargas");
    expect(alertTarget(imported, demoSub)).toBe("/admin/inventario/cargas");
    expect(alertTarget(imported, site)).toBe("/apps/me/dssupplier/products/cargas");
  });
  it("crm, memberships, sms, wallet, affinity-group", () => {
    expect(alertTarget({ origin_app: "crm", params: { subtype: "new_contact", contact_id: "k", shop: "demo" } }, demoPath)).toBe(
      "/tienda/demo/admin/contactos/k",
    );
    expect(alertTarget({ origin_app: "crm", params: { subtype: "new_message" } }, site)).toBe("/apps/me/referral/referred");
    expect(alertTarget({ origin_app: "memberships", params: { type: "offer", package_id: "p" } }, site)).toBe("/apps/paquetes/p");
    expect(alertTarget({ origin_app: "memberships", params: { type: "offer", package_id: "paquete anual" } }, demoPath)).toBe(
      "/apps/paquetes/paquete%20anual",
    );
    expect(alertTarget({ origin_app: "memberships", params: { type: "offer" } }, site)).toBe("/apps/paquetes");
    expect(alertTarget({ origin_app: "memberships", params: { type: "subscription" } }, demoPath)).toBe("/apps/me/suscripcion");
    expect(alertTarget({ origin_app: "system", params: { subtype: "sms_runout" } }, site)).toBe("/me/sms/packages");
    expect(alertTarget({ origin_app: "wallet", params: { subtype: "transfer_ok", wallet_type_id: "MXN" } }, site)).toBe("/me/wallet/MXN");
    expect(alertTarget({ origin_app: "affinity-group", params: {} }, site)).toBe("/red-comercial");
  });
  it("a settled payout ('transfer_ok') opens the wallet: in the shop's view its monedero, elsewhere /me/wallet", () => {
    const transfer: AlertForTarget = { origin_app: "wallet", params: { subtype: "transfer_ok", wallet_type_id: "MXN" } };
    expect(alertTarget(transfer, demoPath)).toBe("/tienda/demo/admin/monedero/MXN");
    expect(alertTarget(transfer, demoSub)).toBe("/admin/monedero/MXN");
    expect(alertTarget(transfer, site)).toBe("/me/wallet/MXN");
    expect(alertTarget({ origin_app: "wallet", params: { subtype: "other" } }, site)).toBeNull();
  });
  it("a contact-form message opens the contact: /admin/contactos in the shop's view, the user's CRM elsewhere", () => {
    const params = { type: "contact", subtype: "new_message", shop: "demo", contact_id: "c9" };
    const contact: AlertForTarget = { origin_app: "crm", params };
    expect(alertTarget(contact, demoSub)).toBe("/admin/contactos/c9");
    expect(alertTarget(contact, demoPath)).toBe("/tienda/demo/admin/contactos/c9");
    expect(alertTarget(contact, site)).toBe("/apps/me/crm/clients/detail/c9");
    expect(alertTarget(contact, other)).toBe("/apps/me/crm/clients/detail/c9");
    // Alerts raised before contacts existed name no contact: the shop's contacts list.
    const older: AlertForTarget = { origin_app: "crm", params: { type: "contact", subtype: "new_message", shop: "demo" } };
    expect(alertTarget(older, demoSub)).toBe("/admin/contactos");
    expect(alertTarget(older, site)).toBe("/tienda/demo/admin/contactos");
    // A promoter's new referral has no shop: their contact page.
    const referred: AlertForTarget = { origin_app: "crm", params: { type: "referral", subtype: "new_contact", contact_id: "r1" } };
    expect(alertTarget(referred, demoPath)).toBe("/apps/me/crm/clients/detail/r1");
  });
  it("a shop disabled or enabled by the platform opens that shop, where its owner reads why", () => {
    for (const subtype of ["store_disabled", "store_enabled"]) {
      const alert: AlertForTarget = { origin_app: "system", params: { type: "shop", subtype, shop: "demo" } };
      expect(alertTarget(alert, demoPath)).toBe("/tienda/demo");
      expect(alertTarget(alert, demoSub)).toBe("/");
      expect(alertTarget(alert, site)).toBe("/tienda/demo");
      expect(alertTarget(alert, other)).toBe("/tienda/demo");
    }
    expect(alertTarget({ origin_app: "system", params: { subtype: "store_disabled" } }, site)).toBeNull();
  });
  it("the platform's answer to a coordinator request opens the profile, wherever it is read", () => {
    for (const subtype of ["coordinator_granted", "coordinator_refused"])
      for (const at of [site, demoPath, demoSub])
        expect(alertTarget({ origin_app: "system", params: { type: "user", subtype } }, at)).toBe("/preferencias");
  });
  it("other origin apps have no link", () => {
    for (const app of ["pos", "gallery", "blog", "wall", "helpdesk"]) expect(alertTarget({ origin_app: app, params: {} }, site)).toBeNull();
    expect(alertTarget({ origin_app: "system", params: { subtype: "other" } }, site)).toBeNull();
    expect(alertTarget({ origin_app: "store", params: { type: "order" } }, site)).toBeNull();
  });
});
