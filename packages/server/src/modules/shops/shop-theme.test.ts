import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/harness";
import { type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";

/**
 * The shop's theme (commerce-and-accounts §9): a named theme of two colours, a preset background gradient and colours
 * with an alpha rounded to 2 decimals, set through PATCH /shops/{slug} by the shop's admins only.
 */
describe("the shop's theme, gradient and colours with alpha", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Casa Tema" } });
  });
  afterAll(async () => t.close());

  const patch = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "PATCH", url: `/api/v1/shops/${cast.shop.slug}`, headers, payload });
  const theme = async () => (await t.app.inject({ method: "GET", url: `/api/v1/shops/${cast.shop.slug}` })).json().store_theme_info;

  it("a new shop has the first theme and no gradient", async () => {
    expect(await theme()).toMatchObject({ theme: "turquesa", color1: "#0f766e", color2: "#f59e0b", gradient: null });
  });

  it("choosing a named theme sets both its colours, and the shop answers its name", async () => {
    expect((await patch(cast.as.owner, { theme: "uva" })).statusCode).toBe(200);
    expect(await theme()).toMatchObject({ theme: "uva", color1: "#7c3aed", color2: "#ec4899" });
  });

  it("a custom colour with alpha is stored as hex with the alpha rounded to 2 decimals, and the theme turns custom", async () => {
    const saved = await patch(cast.as.admin, { field: "color2", color2: "rgba(236, 72, 153, 0.534)" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().store_theme_info).toMatchObject({ theme: null, color1: "#7c3aed", color2: "#ec489987" });
  });

  it("sets and clears a preset gradient, keeping the colours", async () => {
    expect((await patch(cast.as.owner, { gradient: "cielo" })).statusCode).toBe(200);
    expect(await theme()).toMatchObject({ gradient: "cielo", color1: "#7c3aed", color2: "#ec489987" });
    expect((await patch(cast.as.owner, { gradient: null })).statusCode).toBe(200);
    expect(await theme()).toMatchObject({ gradient: null });
  });

  it("refuses an unknown theme or gradient, and a colour that is not one with the field's message", async () => {
    expect((await patch(cast.as.owner, { theme: "neon" })).statusCode).toBe(400);
    expect((await patch(cast.as.owner, { gradient: "url(x)" })).statusCode).toBe(400);
    const bad = await patch(cast.as.owner, { field: "color1", color1: "red;background:url(x)" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ color1: "Color inválido" });
    expect(await theme()).toMatchObject({ color1: "#7c3aed" });
  });

  it("authorization: other roles, another shop's owner and a customer get 403, anonymous 401", async () => {
    for (const persona of ["accountant", "dispatcher", "qrreader", "otherOwner", "customer"] as const)
      expect((await patch(cast.as[persona], { theme: "bosque", gradient: "menta" })).statusCode, persona).toBe(403);
    expect((await patch(cast.as.anonymous, { theme: "bosque" })).statusCode).toBe(401);
    expect(await theme()).toMatchObject({ color1: "#7c3aed", gradient: null });
  });
});
