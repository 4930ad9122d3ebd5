import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopMembers } from "../../db/schema/shops";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { hasShopRole } from "./service";

describe("shops API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("answers the health check with the database kind", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe("ok");
  });

  it("returns a shop by slug with its theme defaults", async () => {
    const owner = await createUser(t.ctx);
    const shop = await createShop(t.ctx, owner.id, { name: "Casa Azul" });
    const response = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.name).toBe("Casa Azul");
    expect(body.store_theme_info.columns).toBe(2);
    expect(body.permissions).toEqual([]);
  });

  it("answers 404 'Tienda no encontrada' in Spanish and 'Store not found' in English for an unknown shop", async () => {
    const es = await t.app.inject({ method: "GET", url: "/api/v1/shops/no-existe" });
    expect(es.statusCode).toBe(404);
    expect(es.json()).toEqual({ code: "shop_not_found", message: "Tienda no encontrada" });
    const en = await t.app.inject({ method: "GET", url: "/api/v1/shops/no-existe", cookies: { locale: "en" } });
    expect(en.json().message).toBe("Store not found");
  });

  it("tells the owner they are an admin of their shop", async () => {
    const owner = await createUser(t.ctx);
    const shop = await createShop(t.ctx, owner.id);
    const headers = await signIn(t.ctx, owner.id);
    const response = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}`, headers });
    expect(response.json().permissions).toContain("admin");
  });

  it("knows who has a role in a shop, whose pages are then rendered for them alone (web.ts)", async () => {
    const [owner, dispatcher, customer] = await Promise.all([createUser(t.ctx), createUser(t.ctx), createUser(t.ctx)]);
    const shop = await createShop(t.ctx, owner.id, { canonicalDomain: `tienda-${Date.now()}.example` });
    await t.ctx.db.insert(shopMembers).values({ shopId: shop.id, userId: dispatcher.id, role: "dispatcher" });
    for (const where of [{ slug: shop.slug }, { slug: shop.slug.toUpperCase() }, { domain: shop.canonicalDomain as string }]) {
      expect(await hasShopRole(t.ctx, where, owner.id)).toBe(true);
      expect(await hasShopRole(t.ctx, where, dispatcher.id)).toBe(true);
      expect(await hasShopRole(t.ctx, where, customer.id)).toBe(false);
    }
    const other = await createShop(t.ctx, customer.id);
    expect(await hasShopRole(t.ctx, { slug: other.slug }, dispatcher.id)).toBe(false);
    expect(await hasShopRole(t.ctx, { slug: "no-existe" }, owner.id)).toBe(false);
  });

  it("lists a shop's own and resold items with pagination", async () => {
    const owner = await createUser(t.ctx);
    const shop = await createShop(t.ctx, owner.id);
    for (let index = 0; index < 3; index += 1) await createProduct(t.ctx, shop.id, { queuePosition: index, listPrice: 1000 * (index + 1) });
    const page = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/products?limit=2&sort=-list_price` });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.matches_estimated).toBe(3);
    expect(body.results.map((item: { list_price: number }) => item.list_price)).toEqual([3000, 2000]);
  });

  it("rejects a cookie-authenticated write without the CSRF header", async () => {
    const user = await createUser(t.ctx);
    const headers = await signIn(t.ctx, user.id);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/dev/clock",
      headers: { cookie: headers.cookie },
      payload: { advance_ms: 0 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("csrf_invalid");
  });

  it("answers validation errors with the one error shape", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/shops/x/products?limit=999" });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("validation_failed");
  });
});
