import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type TestApp,
  createProduct,
  createShop,
  createTestApp,
  createUser,
  payBySandboxCard,
  signIn,
  testDatabaseKind,
} from "../../test/harness";

/**
 * The authorization matrix (commerce-and-accounts §6; issue 14 'every protected route enforces them'): every shop-admin
 * route of the OpenAPI document, called as the owner, each collaborator profile (invited and accepted through the API),
 * another shop's owner, a customer and an anonymous visitor. A persona the table allows must get past the route's
 * gate (any answer but 401/403: a made-up id may well be 404); everyone else gets 401 (anonymous) or 403. Finer rules
 * behind a gate (which order transition a dispatcher may make) are tested in their own modules and below.
 * A second test keeps the table complete: every /shops/{slug} operation of the document is either here or public.
 */

type Persona = "owner" | "admin" | "accountant" | "dispatcher" | "qrreader" | "otherOwner" | "customer" | "anonymous";
const personas: Persona[] = ["owner", "admin", "accountant", "dispatcher", "qrreader", "otherOwner", "customer", "anonymous"];
type Profile = "admin" | "accountant" | "dispatcher" | "qrreader";

/** Who may pass each gate (the owner always counts as admin). */
const adminOnly: Profile[] = ["admin"];
const orderDesk: Profile[] = ["admin", "accountant", "dispatcher"];
const accounting: Profile[] = ["admin", "accountant"];
const ticketDoor: Profile[] = ["admin", "qrreader"];

const id = "8f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const png = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2b1e1a30000000049454e44ae426082",
  "hex",
);

interface Route {
  method: InjectOptions["method"];
  /** OpenAPI path, /api/v1 left out. */
  path: string;
  allowed: Profile[];
  body?: object;
  multipart?: string;
}

/** Every protected shop-admin operation, grouped by the module that owns it. */
const routes: Route[] = [
  // shops: the shop's editors
  { method: "PATCH", path: "/shops/{slug}", allowed: adminOnly, body: { field: "color1", color1: "#112233" } },
  { method: "GET", path: "/shops/{slug}/support", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/disablement", allowed: adminOnly },
  // catalog and downloads: the shop's items
  {
    method: "POST",
    path: "/shops/{slug}/products",
    allowed: adminOnly,
    body: { name: "Rebozo", type: "product", list_price: 100, stock: 1 },
  },
  { method: "PATCH", path: "/shops/{slug}/products/{id}", allowed: adminOnly, body: { name: "Rebozo" } },
  { method: "GET", path: "/shops/{slug}/products/{id}/edit", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/products/{id}/photos", allowed: adminOnly, multipart: "photos" },
  { method: "DELETE", path: "/shops/{slug}/products/{id}/photos/{imageId}", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/products/{id}/file", allowed: adminOnly },
  { method: "PUT", path: "/shops/{slug}/products/{id}/file", allowed: adminOnly, multipart: "file" },
  { method: "DELETE", path: "/shops/{slug}/products/{id}/file", allowed: adminOnly },
  // catalogues and the store's items
  { method: "POST", path: "/shops/{slug}/catalogues", allowed: adminOnly, body: { name: "Verano" } },
  { method: "PATCH", path: "/shops/{slug}/catalogues/{id}", allowed: adminOnly, body: { name: "Invierno" } },
  { method: "DELETE", path: "/shops/{slug}/catalogues/{id}", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/catalogues/{id}/products", allowed: adminOnly, body: { product_id: id } },
  { method: "POST", path: "/shops/{slug}/catalogues/duplicate", allowed: adminOnly, body: { origin_id: id } },
  { method: "POST", path: "/shops/{slug}/catalogues/{id}/move", allowed: adminOnly, body: { position: 0 } },
  { method: "DELETE", path: "/shops/{slug}/catalogues/{id}/products/{productId}", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/catalogues/{id}/products/move", allowed: adminOnly, body: { product: id, queue_position: 0 } },
  { method: "GET", path: "/shops/{slug}/store-products/{productId}", allowed: adminOnly },
  { method: "DELETE", path: "/shops/{slug}/store-products/{productId}", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/store-products", allowed: adminOnly, body: { product_id: id } },
  // reseller picker and the supplier's dropshipping policy
  { method: "GET", path: "/shops/{slug}/picker/dssuppliers", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/picker/products", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/picker/categories", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/picker/bulk-adds", allowed: adminOnly, body: { key: "matrix-key-1", filters: {} } },
  { method: "GET", path: "/shops/{slug}/picker/bulk-adds/{id}", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/picker/dssuppliers/{supplierId}/access", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/dropshipping/policy", allowed: adminOnly },
  { method: "PUT", path: "/shops/{slug}/dropshipping/policy", allowed: adminOnly, body: { audience: "all" } },
  { method: "GET", path: "/shops/{slug}/dropshipping/requests", allowed: adminOnly },
  { method: "PUT", path: "/shops/{slug}/dropshipping/requests/{resellerId}", allowed: adminOnly, body: { state: "approved" } },
  {
    method: "POST",
    path: "/shops/{slug}/short-links",
    allowed: adminOnly,
    body: { name: "Verano", url: "/tienda/x/productos", state: "active" },
  },
  // merchandising: banners, headers and the carousel are admin only
  ...(
    [
      ["banners", { image: "/media/b/1.webp", mobile_image: "/media/b/2.webp" }],
      ["headers", { title: "Verano" }],
      ["slides", { hzt_image: "/media/s/1.webp", vrt_image: "/media/s/2.webp" }],
    ] as const
  ).flatMap(([kind, body]): Route[] => [
    { method: "POST", path: `/shops/{slug}/${kind}`, allowed: adminOnly, body },
    { method: "GET", path: `/shops/{slug}/admin/${kind}`, allowed: adminOnly },
    { method: "PATCH", path: `/shops/{slug}/${kind}/{id}`, allowed: adminOnly, body },
    { method: "DELETE", path: `/shops/{slug}/${kind}/{id}`, allowed: adminOnly },
  ]),
  // orders: the order desk reads them; the transition rules decide who advances what
  { method: "GET", path: "/shops/{slug}/orders", allowed: orderDesk },
  { method: "GET", path: "/shops/{slug}/orders/waiting", allowed: orderDesk },
  { method: "GET", path: "/shops/{slug}/orders/export", allowed: orderDesk },
  { method: "GET", path: "/shops/{slug}/orders/{id}", allowed: orderDesk },
  { method: "GET", path: "/shops/{slug}/orders/{id}/pdf", allowed: orderDesk },
  { method: "POST", path: "/shops/{slug}/orders/{id}/next", allowed: orderDesk, body: { from: "confirmed" } },
  { method: "POST", path: "/shops/{slug}/orders/{id}/cancel", allowed: orderDesk, body: { reason: "Sin existencias" } },
  // packing: the franchise packing calls (binpacked/notpacked). The order desk passes the gate; which shop may pack is
  // known only with the order, so the accountant's 403 on packing is checked on a real order in packing.test.ts.
  { method: "GET", path: "/shops/{slug}/franchise/orders/{id}/binpacked", allowed: orderDesk },
  { method: "GET", path: "/shops/{slug}/franchise/orders/{id}/binpacked/{binId}", allowed: orderDesk },
  { method: "GET", path: "/shops/{slug}/franchise/orders/{id}/notpacked", allowed: orderDesk },
  {
    method: "PATCH",
    path: "/shops/{slug}/franchise/orders/{id}/binpacked/{binId}/{itemId}",
    allowed: orderDesk,
    body: { quantity: 1 },
  },
  { method: "PATCH", path: "/shops/{slug}/franchise/orders/{id}/notpacked/{itemId}", allowed: orderDesk, body: { quantity: 1 } },
  { method: "POST", path: "/shops/{slug}/orders/{id}/receipts", allowed: accounting },
  // commissions: owner, admins and accountants
  { method: "GET", path: "/shops/{slug}/commissions/owed", allowed: accounting },
  {
    method: "POST",
    path: "/shops/{slug}/commissions/mark-paid",
    allowed: accounting,
    body: { beneficiary_id: id, currency: "MXN", expected_amount: 0 },
  },
  { method: "GET", path: "/shops/{slug}/orders/{id}/commissions", allowed: accounting },
  // returns: the desk reads, admins act (money moves)
  { method: "PUT", path: "/shops/{slug}/return-policy", allowed: adminOnly, body: {} },
  { method: "GET", path: "/shops/{slug}/returns", allowed: orderDesk },
  { method: "GET", path: "/shops/{slug}/orders/{id}/returns", allowed: orderDesk },
  { method: "POST", path: "/shops/{slug}/returns/{returnId}/label", allowed: adminOnly, multipart: "label" },
  { method: "POST", path: "/shops/{slug}/returns/{returnId}/accept", allowed: adminOnly, body: { label_mode: "download" } },
  { method: "POST", path: "/shops/{slug}/returns/{returnId}/reject", allowed: adminOnly, body: { reason: "Fuera de plazo" } },
  { method: "POST", path: "/shops/{slug}/returns/{returnId}/close", allowed: adminOnly, body: {} },
  { method: "POST", path: "/shops/{slug}/orders/{id}/refunds", allowed: adminOnly, body: { amount: 100, reason: "Daño" } },
  // reviews
  { method: "GET", path: "/shops/{slug}/reviews", allowed: adminOnly },
  // tickets: the door (qrreader) checks tickets in
  { method: "GET", path: "/shops/{slug}/tickets", allowed: ticketDoor },
  { method: "POST", path: "/shops/{slug}/experiences/{productId}/tickets", allowed: adminOnly, body: { type: "courtesy", quantity: 1 } },
  { method: "GET", path: "/shops/{slug}/tickets/{id}/pdf", allowed: ticketDoor },
  { method: "POST", path: "/shops/{slug}/tickets/check-in", allowed: ticketDoor, body: { code: "ABCDEFGH" } },
  // the shop's own payment provider accounts and live/sandbox mode: money settings, admin only
  { method: "GET", path: "/shops/{slug}/payment-accounts", allowed: adminOnly },
  {
    method: "PUT",
    path: "/shops/{slug}/payment-accounts/{provider}",
    allowed: adminOnly,
    body: { public_key: "pk_test_matrix", secret_key: "sk_test_matrix", webhook_secret: "whsec_matrix" },
  },
  { method: "POST", path: "/shops/{slug}/payment-accounts/{provider}/test", allowed: adminOnly },
  { method: "DELETE", path: "/shops/{slug}/payment-accounts/{provider}", allowed: adminOnly },
  { method: "PUT", path: "/shops/{slug}/payment-mode", allowed: adminOnly, body: { live: false } },
  // shop pages, franchises, blog, collaborators
  { method: "PUT", path: "/shops/{slug}/pages/{page}", allowed: adminOnly, body: { title: "Acerca", body: "Hola" } },
  { method: "DELETE", path: "/shops/{slug}/pages/{page}", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/admin/franchises", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/franchises/published", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/franchises/instore", allowed: adminOnly, body: { ids: [id] } },
  { method: "PUT", path: "/shops/{slug}/franchises/{franchiseId}", allowed: adminOnly },
  { method: "DELETE", path: "/shops/{slug}/franchises/{franchiseId}", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/blogs", allowed: adminOnly, body: { title: "Hola", body: { type: "doc", content: [] } } },
  { method: "GET", path: "/shops/{slug}/admin/blogs", allowed: adminOnly },
  { method: "PUT", path: "/shops/{slug}/blogs/{entry}", allowed: adminOnly, body: { title: "Hola", body: { type: "doc", content: [] } } },
  { method: "DELETE", path: "/shops/{slug}/blogs/{entry}", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/collaborators", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/collaborators", allowed: adminOnly, body: { email: "nuevo@x.mx", profiles: ["qrreader"] } },
  { method: "PATCH", path: "/shops/{slug}/collaborators/{id}", allowed: adminOnly, body: { profiles: ["qrreader"] } },
  { method: "DELETE", path: "/shops/{slug}/collaborators/{id}", allowed: adminOnly },
  { method: "PUT", path: "/shops/{slug}/collaborators/{id}/refresh", allowed: adminOnly },
  // wallet: the owner's money, seen by the owner and accountants (admins run the shop, not its owner's wallet)
  { method: "GET", path: "/shops/{slug}/wallets/{wallet_type_id}", allowed: ["accountant"] },
  { method: "GET", path: "/shops/{slug}/wallets/{wallet_type_id}/entries", allowed: ["accountant"] },
  // contacts: private to the owner and admins
  { method: "GET", path: "/shops/{slug}/contacts", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/contacts/tags", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/contacts/unread", allowed: adminOnly },
  // invoices: the shop's money papers, owner, admins and accountants
  { method: "GET", path: "/shops/{slug}/fiscal-profile", allowed: accounting },
  {
    method: "PUT",
    path: "/shops/{slug}/fiscal-profile",
    allowed: accounting,
    body: {
      rfc: "EKU9003173C9",
      legal_name: "Kemper",
      tax_regime: "601",
      postal_code: "06700",
      series: "A",
      tax_rate: "iva16",
      auto_invoice: false,
      pac: "sandbox",
    },
  },
  { method: "GET", path: "/shops/{slug}/invoices", allowed: accounting },
  { method: "GET", path: "/shops/{slug}/orders/{orderId}/invoice", allowed: accounting },
  { method: "POST", path: "/shops/{slug}/orders/{orderId}/invoice", allowed: accounting },
  { method: "POST", path: "/shops/{slug}/invoices/global", allowed: accounting, body: { from: "2026-01-01", to: "2026-01-31" } },
  { method: "POST", path: "/shops/{slug}/invoices/{id}/cancel", allowed: accounting, body: { reason: "02" } },
  { method: "POST", path: "/shops/{slug}/invoices/{id}/replace", allowed: accounting },
  { method: "GET", path: "/shops/{slug}/invoices/{id}/xml", allowed: accounting },
  { method: "GET", path: "/shops/{slug}/invoices/{id}/pdf", allowed: accounting },
  // product imports: the shop's admins
  { method: "POST", path: "/shops/{slug}/imports", allowed: adminOnly, multipart: "file" },
  { method: "GET", path: "/shops/{slug}/imports", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/imports/{id}", allowed: adminOnly },
  { method: "POST", path: "/shops/{slug}/imports/{id}/run", allowed: adminOnly },
  { method: "GET", path: "/shops/{slug}/imports/{id}/rejected", allowed: adminOnly },
  // SMS credits: the owner and admins buy, accountants read the balance and the ledger
  { method: "GET", path: "/shops/{slug}/sms", allowed: accounting },
  { method: "GET", path: "/shops/{slug}/sms/entries", allowed: accounting },
  { method: "PUT", path: "/shops/{slug}/sms/packages/{id}/purchase", allowed: adminOnly },
  // audit: the shop's audit log, its owner's alone (admins' own changes are in it)
  { method: "GET", path: "/shops/{slug}/activity", allowed: [] },
  { method: "GET", path: "/shops/{slug}/activity/actors", allowed: [] },
  // reports: exports and the dashboard read the books (owner, admins and accountants)
  { method: "POST", path: "/shops/{slug}/exports", allowed: accounting, body: { kind: "products", format: "csv" } },
  { method: "GET", path: "/shops/{slug}/exports", allowed: accounting },
  { method: "GET", path: "/shops/{slug}/exports/{id}", allowed: accounting },
  { method: "GET", path: "/shops/{slug}/dashboard", allowed: accounting },
];

/** /shops/{slug} operations open to visitors or to any signed-in customer (storefront, cart, checkout, contact). */
const publicRoutes = [
  "GET /shops/{slug}",
  "GET /shops/{slug}/products",
  "GET /shops/{slug}/categories",
  "GET /shops/{slug}/products/{id}",
  "GET /shops/{slug}/cart",
  "PUT /shops/{slug}/cart/items",
  "DELETE /shops/{slug}/cart/items/{productId}",
  "POST /shops/{slug}/cart/merge",
  "POST /shops/{slug}/cart/quote",
  "POST /shops/{slug}/shipping/quotes",
  "POST /shops/{slug}/checkout",
  "GET /shops/{slug}/catalogues",
  "GET /shops/{slug}/catalogues/{id}",
  "GET /shops/{slug}/catalogues/{id}/products",
  "GET /shops/{slug}/promoted",
  "GET /shops/{slug}/banners",
  "GET /shops/{slug}/headers",
  "GET /shops/{slug}/slides",
  "GET /shops/{slug}/return-policy",
  "GET /shops/{slug}/pages",
  "GET /shops/{slug}/pages/{page}",
  "POST /shops/{slug}/contact",
  "GET /shops/{slug}/franchises",
  "GET /shops/{slug}/blogs",
  "GET /shops/{slug}/blogs/{entry}",
];

function multipartBody(field: string) {
  const boundary = "----matrix";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe(`authorization matrix: every shop-admin route for every role (${testDatabaseKind})`, () => {
  let t: TestApp;
  let slug: string;
  let productId: string;
  const headers = {} as Record<Persona, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    // Level 2: the owner may duplicate catalogues (a level rule, not a role).
    const lucia = await createUser(t.ctx, { username: "lucia@matrix.mx", userLevel: 2 });
    const shop = await createShop(t.ctx, lucia.id, { name: "Casa Lucía", storeType: "franchise" });
    slug = shop.slug;
    productId = (await createProduct(t.ctx, shop.id, { listPrice: 25000, stock: 5, name: "Rebozo de seda" })).id;
    headers.owner = await signIn(t.ctx, lucia.id);
    headers.anonymous = {};
    for (const profile of ["admin", "accountant", "dispatcher", "qrreader"] as const) {
      const user = await createUser(t.ctx, { username: `${profile}@matrix.mx`, userLevel: 2 });
      headers[profile] = await signIn(t.ctx, user.id);
      const invited = await t.app.inject({
        method: "POST",
        url: `/api/v1/shops/${slug}/collaborators`,
        headers: headers.owner,
        payload: { email: user.username, profiles: [profile] },
      });
      const accepted = await t.app.inject({
        method: "POST",
        url: `/api/v1/collaborations/${invited.json().id}/accept`,
        headers: headers[profile],
      });
      expect(accepted.statusCode).toBe(200);
    }
    const other = await createUser(t.ctx);
    await createShop(t.ctx, other.id);
    headers.otherOwner = await signIn(t.ctx, other.id);
    headers.customer = await signIn(t.ctx, (await createUser(t.ctx)).id);
  });
  afterAll(async () => t.close());

  it("lists every /shops/{slug} operation of the OpenAPI document as protected or public, once", () => {
    const documented = Object.entries((t.app.swagger() as { paths: Record<string, object> }).paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "")}`),
    );
    const shopOperations = documented.filter((operation) => operation.split(" ")[1].startsWith("/shops/{slug}")).sort();
    const listed = [...routes.map((route) => `${route.method} ${route.path}`), ...publicRoutes].sort();
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toEqual(shopOperations);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}: ${["owner", ...route.allowed].join(", ")}`, async () => {
      const url = `/api/v1${route.path}`
        .replace("{slug}", slug)
        .replace("{page}", "acerca")
        .replace("{provider}", "mobbex")
        .replace("{wallet_type_id}", "MXN")
        .replace("/sms/packages/{id}", "/sms/packages/sms_100")
        .replace(/\{[^}]+\}/g, id);
      const seen: string[] = [];
      const wanted: string[] = [];
      for (const persona of personas) {
        const extra = route.multipart ? multipartBody(route.multipart) : { payload: route.body, headers: {} };
        const response = await t.app.inject({
          method: route.method,
          url,
          headers: { ...headers[persona], ...extra.headers },
          payload: extra.payload,
        });
        const allowed = persona === "owner" || (route.allowed as string[]).includes(persona);
        const denied = persona === "anonymous" ? 401 : 403;
        const status = response.statusCode;
        const got = allowed ? (status === 401 || status === 403 ? `refused ${status}` : "ok") : String(status);
        const want = allowed ? "ok" : String(denied);
        seen.push(`${persona}:${got}${got === want ? "" : ` ${response.body.slice(0, 200)}`}`);
        wanted.push(`${persona}:${want}`);
      }
      expect(seen).toEqual(wanted);
    });
  }

  /** A purchase from the shop paid by card (sandbox), picked up at the branch: its order id. */
  async function paidOrder(): Promise<string> {
    const items = [{ product_id: productId, quantity: 1 }];
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${slug}/checkout`,
      headers: headers.customer,
      payload: { items, delivery_type: "to_branch" },
    });
    expect(created.statusCode).toBe(201);
    const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
    const paid = await payBySandboxCard(t.app, purchase, headers.customer);
    expect(paid.json().status).toBe("paid");
    return purchase.orders[0].id;
  }

  it("behind the desk's gate: the dispatcher advances orders, the accountant reads them and issues receipts", async () => {
    const orderId = await paidOrder();
    const tomorrow = new Date(t.ctx.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const next = (persona: Persona, from: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/shops/${slug}/orders/${orderId}/next`,
        headers: headers[persona],
        payload: { from, estimated_delivery_date: tomorrow },
      });
    const receipt = (persona: Persona) =>
      t.app.inject({ method: "POST", url: `/api/v1/shops/${slug}/orders/${orderId}/receipts`, headers: headers[persona] });
    // Confirming a paid order is the owner's or an admin's call.
    expect((await next("dispatcher", "paid")).statusCode).toBe(403);
    expect((await next("owner", "paid")).statusCode).toBe(200);
    const refused = await next("accountant", "confirmed");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("order_action_forbidden");
    expect((await next("qrreader", "confirmed")).statusCode).toBe(403);
    expect((await next("dispatcher", "confirmed")).statusCode).toBe(200);
    const read = await t.app.inject({ method: "GET", url: `/api/v1/shops/${slug}/orders/${orderId}`, headers: headers.accountant });
    expect(read.statusCode).toBe(200);
    expect(read.json().state).not.toBe("confirmed");
    expect((await receipt("accountant")).statusCode).toBe(201);
    expect((await receipt("dispatcher")).statusCode).toBe(403);
  });
});
