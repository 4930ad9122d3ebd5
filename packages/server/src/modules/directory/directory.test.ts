import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createProduct, createShop, createTestApp, createUser } from "../../test/harness";

describe("business network API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ctx);
    const big = await createShop(t.ctx, owner.id, { name: "Alfarería Grande" });
    const small = await createShop(t.ctx, owner.id, { name: "Bordados Chicos" });
    await createShop(t.ctx, owner.id, { name: "Tienda Apagada", disabled: true });
    for (let index = 0; index < 3; index += 1) await createProduct(t.ctx, big.id, { name: `Cazuela de barro ${index}` });
    await createProduct(t.ctx, small.id, { name: "Servilleta bordada", type: "service", stock: null, stockType: "ondemand" });
    await createProduct(t.ctx, small.id, { name: "Cazuela escondida", listState: "unpublished" });
  });
  afterAll(async () => t.close());

  it("lists enabled businesses, most stocked first", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/directory/businesses" });
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((item: { name: string; items: number }) => [item.name, item.items])).toEqual([
      ["Alfarería Grande", 3],
      ["Bordados Chicos", 1],
    ]);
  });

  it("filters published products of the network by text and type", async () => {
    const byText = await t.app.inject({ method: "GET", url: "/api/v1/directory/products?text=cazu" });
    expect(byText.json().matches_estimated).toBe(3);
    const byType = await t.app.inject({ method: "GET", url: "/api/v1/directory/products?type=service" });
    expect(byType.json().results.map((item: { name: string }) => item.name)).toEqual(["Servilleta bordada"]);
  });
});
