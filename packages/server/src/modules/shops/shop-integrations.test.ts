import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/harness";
import { type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";

/**
 * A shop's integrations (commerce-and-accounts L92, L171): the LiveChat licence and the Facebook pixel are set through
 * PATCH /shops/{slug} by its admins only, numbers only, and the storefront's pages may load their scripts (CSP).
 */
describe("the shop's LiveChat licence and Facebook pixel", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Casa Chat" } });
  });
  afterAll(async () => t.close());

  const patch = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "PATCH", url: `/api/v1/shops/${cast.shop.slug}`, headers, payload });
  const shop = async () => (await t.app.inject({ method: "GET", url: `/api/v1/shops/${cast.shop.slug}` })).json();

  it("the owner and an admin set them, the shop answers them, and empty turns them off", async () => {
    expect((await patch(cast.as.owner, { live_chat_license: " 12345678 " })).statusCode).toBe(200);
    expect((await patch(cast.as.admin, { fb_pixel: "123456789012345" })).statusCode).toBe(200);
    expect(await shop()).toMatchObject({ live_chat_license: "12345678", fb_pixel: "123456789012345" });
    expect((await patch(cast.as.owner, { live_chat_license: "", fb_pixel: null })).statusCode).toBe(200);
    expect(await shop()).toMatchObject({ live_chat_license: null, fb_pixel: null });
  });

  it("refuses anything but a number with the field's message", async () => {
    const bad = await patch(cast.as.owner, { live_chat_license: "<script>", fb_pixel: "fbq('init')" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      live_chat_license: "Licencia inválida: escribe solo el número",
      fb_pixel: "Píxel inválido: escribe solo el número",
    });
    expect(await shop()).toMatchObject({ live_chat_license: null, fb_pixel: null });
  });

  it("authorization: other roles, another shop's owner and a customer get 403, anonymous 401", async () => {
    for (const persona of ["accountant", "dispatcher", "qrreader", "otherOwner", "customer"] as const)
      expect((await patch(cast.as[persona], { fb_pixel: "123456789012345" })).statusCode, persona).toBe(403);
    expect((await patch(cast.as.anonymous, { fb_pixel: "123456789012345" })).statusCode).toBe(401);
  });
});
