import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../test/harness";
import { seedDemo } from "./demo";

/** A fresh demo's marketplace: /catalogos (GET /published/catalogues) lists catalogues with their items (issue 31). */
describe("the demo's published catalogues", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.ctx);
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url: `/api/v1${url}` });

  it("lists the supplier's catalogues, heaviest first, and each opens with its items", async () => {
    const listed = await get("/published/catalogues");
    expect(listed.statusCode).toBe(200);
    const { results, matches_estimated } = listed.json();
    expect(matches_estimated).toBe(2);
    expect(results.map((one: { name: string; weight: number }) => [one.name, one.weight])).toEqual([
      ["Vajilla para la mesa", 8],
      ["Decoración de temporada", 5],
    ]);
    expect(results[0].shop).toMatchObject({ slug: "barro-y-fuego", name: "Barro y Fuego" });
    const items = await get(`/shops/barro-y-fuego/catalogues/${results[0].slug}/products?limit=20`);
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json().results).toHaveLength(8);
  });

  it("puts the catalogues section on the supplier's shop", async () => {
    const shop = (await get("/shops/barro-y-fuego")).json();
    expect(shop.store_theme_info.sections_info).toContain("catalogues");
  });
});
