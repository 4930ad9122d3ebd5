import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/harness";
import { type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";

/**
 * The storefront's invitation banners (commerce-and-accounts L28, storefront-and-admin L79, §6 'Supplier-invitation
 * banner hidden when flag hides it'): the shop's own supplier sentence and the flags that hide each banner are set
 * through PATCH /shops/{slug} by its admins only; the shop view answers them to every visitor.
 */
describe("the shop's invitation banners", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Casa Invita" } });
  });
  afterAll(async () => t.close());

  const patch = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "PATCH", url: `/api/v1/shops/${cast.shop.slug}`, headers, payload });
  const shop = async () => (await t.app.inject({ method: "GET", url: `/api/v1/shops/${cast.shop.slug}` })).json();

  it("shows both banners by default, with the default sentence", async () => {
    expect(await shop()).toMatchObject({ hidden_dssupplier_banner: false, hidden_affiliate_banner: false, dssupplier_banner: null });
  });

  it("the owner sets the supplier sentence and an admin hides the affiliate banner; empty brings the default back", async () => {
    expect((await patch(cast.as.owner, { dssupplier_banner: "  Vende tus artesanías con nosotros " })).statusCode).toBe(200);
    expect((await patch(cast.as.admin, { hidden_affiliate_banner: true })).statusCode).toBe(200);
    expect(await shop()).toMatchObject({ dssupplier_banner: "Vende tus artesanías con nosotros", hidden_affiliate_banner: true });
    expect((await patch(cast.as.owner, { dssupplier_banner: "", hidden_dssupplier_banner: true })).statusCode).toBe(200);
    expect(await shop()).toMatchObject({ dssupplier_banner: null, hidden_dssupplier_banner: true });
  });

  it("refuses a sentence longer than 160 characters", async () => {
    const long = await patch(cast.as.owner, { dssupplier_banner: "x".repeat(161) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().fields)).toEqual(["dssupplier_banner"]);
  });

  it("authorization: other roles, another shop's owner and a customer get 403, anonymous 401", async () => {
    for (const persona of ["accountant", "dispatcher", "qrreader", "otherOwner", "customer"] as const)
      expect((await patch(cast.as[persona], { hidden_dssupplier_banner: false })).statusCode, persona).toBe(403);
    expect((await patch(cast.as.anonymous, { hidden_dssupplier_banner: false })).statusCode).toBe(401);
    expect(await shop()).toMatchObject({ hidden_dssupplier_banner: true });
  });
});
