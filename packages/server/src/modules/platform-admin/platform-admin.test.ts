import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts } from "../../db/schema/alerts";
import { storeProducts } from "../../db/schema/catalog";
import { shops } from "../../db/schema/shops";
import { platformAdmins, shopDisablements } from "../../db/schema/support";
import { bufferedPage, pageCacheKey } from "../../web-cache";
import { type TestApp, createProduct, createTestApp, createUser, signIn } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";

describe("disabled shops: a platform admin disables and enables a shop; nothing can be bought from it meanwhile", () => {
  let t: TestApp;
  let shop: { id: string; slug: string; ownerId: string };
  let reseller: { id: string; slug: string };
  let item: { id: string };
  let platformAdmin: Record<string, string>;
  let owner: Record<string, string>;
  let shopAdmin: Record<string, string>;
  let accountant: Record<string, string>;
  let otherOwner: Record<string, string>;
  let customer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, {
      owner: { fullName: "Lucía" },
      shop: { name: "Casa Lucía" },
      otherShop: { name: "Reventa", storeType: "affiliate" },
    });
    ({ shop, otherShop: reseller } = cast);
    ({ owner, accountant, otherOwner, customer } = cast.as);
    shopAdmin = cast.as.admin;
    item = await createProduct(t.ctx, shop.id, { stock: 5, isDropshipping: true, contributionMargin: 2000, listPrice: 8000 });
    await t.ctx.db.insert(storeProducts).values({ shopId: reseller.id, productId: item.id });
    const staff = await createUser(t.ctx, { fullName: "Elena" });
    await t.ctx.db.insert(platformAdmins).values({ userId: staff.id });
    platformAdmin = await signIn(t.ctx, staff.id);
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const disable = (headers: Record<string, string>, reason = "Pedidos pagados sin enviar desde hace 10 días") =>
    call("POST", `/platform/shops/${shop.slug}/disable`, headers, { reason });
  const enable = (headers: Record<string, string>) => call("POST", `/platform/shops/${shop.slug}/enable`, headers);
  const addToCart = (slug: string) => call("PUT", `/shops/${slug}/cart/items`, customer, { product_id: item.id, quantity: 1 });
  const guestCheckout = (slug: string) =>
    call(
      "POST",
      `/shops/${slug}/checkout`,
      {},
      {
        items: [{ product_id: item.id, quantity: 1 }],
        contact: { email: "ana@example.com", full_name: "Ana", phone: "5512345678" },
        delivery_type: "to_branch",
      },
    );

  it("only a platform admin lists, disables and enables shops (401 anonymous, 403 owner, shop admin, customer)", async () => {
    for (const [who, headers, status] of [
      ["anonymous", {}, 401],
      ["owner", owner, 403],
      ["shop admin", shopAdmin, 403],
      ["other owner", otherOwner, 403],
      ["customer", customer, 403],
    ] as const) {
      expect((await call("GET", "/platform/shops", headers)).statusCode, who).toBe(status);
      expect((await disable(headers)).statusCode, who).toBe(status);
      expect((await enable(headers)).statusCode, who).toBe(status);
      expect((await call("GET", "/platform/advisors", headers)).statusCode, who).toBe(status);
    }
    const list = await call("GET", `/platform/shops?q=${encodeURIComponent("casa lu")}`, platformAdmin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ matches_estimated: 1, results: [{ slug: shop.slug, disabled: false, reason: null }] });
    const [row] = await t.ctx.db.select({ disabled: shops.disabled }).from(shops).where(eq(shops.id, shop.id));
    expect(row.disabled).toBe(false);
  });

  it("a disable needs a reason of at most 500 characters", async () => {
    expect((await disable(platformAdmin, "   ")).json()).toMatchObject({ code: "validation_failed" });
    expect((await disable(platformAdmin, "x".repeat(501))).json().field_codes).toEqual({ reason: "disable_reason_too_long" });
  });

  it("disabling sets the flag, keeps the reason for the owner and sends the owner an alert", async () => {
    await addToCart(shop.slug);
    const response = await disable(platformAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: shop.slug, disabled: true, reason: "Pedidos pagados sin enviar desde hace 10 días" });
    expect((await disable(platformAdmin)).json()).toMatchObject({
      code: "shop_already_disabled",
      message: "La tienda ya está deshabilitada",
    });
    expect((await disable(platformAdmin)).statusCode).toBe(409);
    const [alert] = await t.ctx.db.select().from(alerts).where(eq(alerts.recipientId, shop.ownerId));
    expect(alert).toMatchObject({ originApp: "system", params: { type: "shop", subtype: "store_disabled", shop: shop.slug } });
    expect(alert.messageBody.es).toBe("Tu tienda Casa Lucía fue deshabilitada: Pedidos pagados sin enviar desde hace 10 días");
    const disabledList = await call("GET", "/platform/shops?state=disabled", platformAdmin);
    expect(disabledList.json().results.map((row: { slug: string }) => row.slug)).toEqual([shop.slug]);
  });

  it("the owner, a shop admin and the platform admin read why; others may not (the shop view only says disabled)", async () => {
    for (const headers of [owner, shopAdmin, platformAdmin]) {
      const view = await call("GET", `/shops/${shop.slug}/disablement`, headers);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({
        disabled: true,
        reason: "Pedidos pagados sin enviar desde hace 10 días",
        help_url: "/ayuda/proveedores/deshabilitado",
      });
    }
    expect((await call("GET", `/shops/${shop.slug}/disablement`, {})).statusCode).toBe(401);
    for (const headers of [accountant, otherOwner, customer]) {
      expect((await call("GET", `/shops/${shop.slug}/disablement`, headers)).statusCode).toBe(403);
    }
    const publicView = (await call("GET", `/shops/${shop.slug}`)).json();
    expect(publicView.disabled).toBe(true);
    expect(JSON.stringify(publicView)).not.toContain("Pedidos pagados");
  });

  it("disabling and enabling empty the anonymous page cache, so no visitor is served the shop's old state", async () => {
    let renders = 0;
    const render = async () => {
      renders += 1;
      return bufferedPage(200, new Headers({ "content-type": "text/html" }), Buffer.from(`<p>${renders}</p>`));
    };
    const key = pageCacheKey({ method: "GET", host: "localhost", url: `/tienda/${shop.slug}`, cookies: {}, locale: "es" });
    expect(key).not.toBeNull();
    await t.app.pageCache.get(key as string, render);
    await t.app.pageCache.get(key as string, render);
    expect(renders).toBe(1);
    expect((await enable(platformAdmin)).statusCode).toBe(200);
    await t.app.pageCache.get(key as string, render);
    expect(renders).toBe(2);
    expect((await disable(platformAdmin)).statusCode).toBe(200);
    await t.app.pageCache.get(key as string, render);
    expect(renders).toBe(3);
  });

  it("nothing can be bought: cart add and checkout refuse with shop_disabled, in the shop and where it is resold", async () => {
    const add = await addToCart(shop.slug);
    expect(add.statusCode).toBe(422);
    expect(add.json()).toMatchObject({ code: "shop_disabled", message: "Esta tienda está deshabilitada y no puede vender por ahora" });
    expect((await addToCart(reseller.slug)).json().code).toBe("shop_disabled");
    expect((await guestCheckout(shop.slug)).json()).toMatchObject({ code: "shop_disabled" });
    expect((await guestCheckout(reseller.slug)).json()).toMatchObject({ code: "shop_disabled" });
    const [stock] = await t.ctx.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(stock.disabled).toBe(true);
  });

  it("a cart holding its items shows why they cannot be bought and counts nothing", async () => {
    const cart = (await call("GET", `/shops/${shop.slug}/cart`, customer)).json();
    expect(cart.orders[0].products[0]).toMatchObject({ product_id: item.id, disabled: true, problem: "shop_disabled" });
    expect(cart.total_amount).toBe(0);
    const quote = (await call("POST", `/shops/${reseller.slug}/cart/quote`, {}, { items: [{ product_id: item.id, quantity: 1 }] })).json();
    expect(quote.orders[0].products[0].problem).toBe("shop_disabled");
  });

  it("resellers are not offered its products, and the business network leaves it out", async () => {
    const picker = (await call("GET", `/shops/${reseller.slug}/picker/products?limit=50`, otherOwner)).json();
    expect(picker.results.map((row: { id: string }) => row.id)).not.toContain(item.id);
    const network = (await call("GET", "/directory/businesses?limit=60")).json();
    expect(network.results.map((row: { slug?: string; id: string }) => row.id)).not.toContain(shop.id);
    const networkProducts = (await call("GET", "/directory/products?limit=60")).json();
    expect(networkProducts.results.map((row: { id: string }) => row.id)).not.toContain(item.id);
  });

  it("enabling restores buying, closes the disablement and tells the owner", async () => {
    const response = await enable(platformAdmin);
    expect(response.json()).toMatchObject({ disabled: false, reason: null, disabled_at: null });
    expect((await enable(platformAdmin)).json()).toMatchObject({ code: "shop_not_disabled" });
    expect((await addToCart(shop.slug)).statusCode).toBe(200);
    expect((await guestCheckout(shop.slug)).statusCode).toBe(201);
    const networkProducts = (await call("GET", "/directory/products?limit=60")).json();
    expect(networkProducts.results.map((row: { id: string }) => row.id)).toContain(item.id);
    const picker = (await call("GET", `/shops/${reseller.slug}/picker/products?limit=50`, otherOwner)).json();
    expect(picker.results.map((row: { id: string }) => row.id)).toContain(item.id);
    const history = await t.ctx.db.select().from(shopDisablements).where(eq(shopDisablements.shopId, shop.id));
    // Two disablements so far (one here, one in the page-cache test), both closed; an alert for each change.
    expect(history).toHaveLength(2);
    expect(history.every((row) => row.enabledAt !== null)).toBe(true);
    const owned = await t.ctx.db.select().from(alerts).where(eq(alerts.recipientId, shop.ownerId));
    expect(owned.map((row) => row.params.subtype).sort()).toEqual(["store_disabled", "store_disabled", "store_enabled", "store_enabled"]);
    expect((await call("GET", `/shops/${shop.slug}/disablement`, owner)).json()).toMatchObject({ disabled: false, reason: null });
  });

  it("two admins disabling at once disable it once", async () => {
    const [a, b] = await Promise.all([disable(platformAdmin, "Motivo A"), disable(platformAdmin, "Motivo B")]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const open = await t.ctx.db.select().from(shopDisablements).where(eq(shopDisablements.shopId, shop.id));
    expect(open.filter((row) => row.enabledAt === null)).toHaveLength(1);
    await enable(platformAdmin);
  });

  it("answers 404 for an unknown shop", async () => {
    expect((await disable(platformAdmin)).statusCode).toBe(200);
    await enable(platformAdmin);
    expect((await call("POST", "/platform/shops/no-existe-x/disable", platformAdmin, { reason: "x" })).json().code).toBe("shop_not_found");
  });
});
