import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeProducts } from "../../db/schema/catalog";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";

describe("cart", () => {
  let t: TestApp;
  let store: { slug: string; id: string };
  let supplier: { id: string };
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    store = await createShop(t.ctx, (await createUser(t.ctx)).id);
    supplier = await createShop(t.ctx, (await createUser(t.ctx)).id, { name: "Proveedor Dos" });
    headers = await signIn(t.ctx, (await createUser(t.ctx)).id);
  });
  afterAll(async () => t.close());

  const url = () => `/api/v1/shops/${store.slug}/cart`;
  const put = (product_id: string, quantity: number, as = headers) =>
    t.app.inject({ method: "PUT", url: `${url()}/items`, headers: as, payload: { product_id, quantity } });

  it("needs a signed-in customer for the server cart", async () => {
    expect((await t.app.inject({ method: "GET", url: url() })).statusCode).toBe(401);
  });

  it("groups lines per supplier with totals in minor units", async () => {
    const own = await createProduct(t.ctx, store.id, { listPrice: 12350, stock: 9 });
    const resold = await createProduct(t.ctx, supplier.id, { listPrice: 4999, stock: 9 });
    await t.ctx.db.insert(storeProducts).values({ shopId: store.id, productId: resold.id });
    const fresh = await signIn(t.ctx, (await createUser(t.ctx)).id);
    await put(own.id, 2, fresh);
    const cart = (await put(resold.id, 3, fresh)).json();
    expect(cart.orders).toHaveLength(2);
    const totals = cart.orders.map((order: { total: number }) => order.total).sort((a: number, b: number) => a - b);
    expect(totals).toEqual([3 * 4999, 2 * 12350]);
    expect(cart.total_amount).toBe(2 * 12350 + 3 * 4999);
    expect(cart.total_products).toBe(5);
  });

  it("refuses more than the stock with quantityExceeded and the stock as max", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 4 });
    const response = await put(item.id, 5);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe("quantityExceeded");
    expect(response.json().message).toBe("La cantidad no puede superar las existencias (4)");
  });

  it("lets on-demand items go beyond the stock", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 0, stockType: "ondemand" });
    expect((await put(item.id, 7)).statusCode).toBe(200);
  });

  it("caps a line at max_purchase_amount with maxPurchaseAmountExceeded", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 50, maxPurchaseAmount: 3 });
    const response = await put(item.id, 4);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe("maxPurchaseAmountExceeded");
    expect(response.json().message).toContain("3");
  });

  it("rejects zero, fractions and negatives", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 5 });
    for (const quantity of [0, 1.5, -1]) expect((await put(item.id, quantity)).statusCode).toBe(400);
  });

  it("prices an anonymous cart and merges it into the server cart at login, within the stock", async () => {
    const item = await createProduct(t.ctx, store.id, { listPrice: 1000, stock: 5 });
    const quote = await t.app.inject({ method: "POST", url: `${url()}/quote`, payload: { items: [{ product_id: item.id, quantity: 2 }] } });
    expect(quote.json().total_amount).toBe(2000);
    const customer = await signIn(t.ctx, (await createUser(t.ctx)).id);
    await put(item.id, 2, customer);
    const merged = await t.app.inject({
      method: "POST",
      url: `${url()}/merge`,
      headers: customer,
      payload: { items: [{ product_id: item.id, quantity: 4 }] },
    });
    expect(merged.statusCode).toBe(200);
    const line = merged.json().orders[0].products.find((product: { product_id: string }) => product.product_id === item.id);
    expect(line.quantity).toBeLessThanOrEqual(5);
    expect(line.quantity).toBeGreaterThanOrEqual(4);
  });

  it("removes a line", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 5 });
    const customer = await signIn(t.ctx, (await createUser(t.ctx)).id);
    await put(item.id, 1, customer);
    await t.app.inject({ method: "DELETE", url: `${url()}/items/${item.id}`, headers: customer });
    expect((await t.app.inject({ method: "GET", url: url(), headers: customer })).json().orders).toHaveLength(0);
  });
});
