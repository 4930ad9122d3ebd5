import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts, orders } from "../../db/schema/orders";
import { type TestApp, createProduct, createShop, createTestApp, createUser } from "../../test/harness";
import { type ShopWithRoles, createShopWithRoles, memberRoles } from "../../test/shop-with-roles";

// The customer's /mis-compras list with the seller list's filters (commerce-and-accounts §7 GET orders, audit L175).
describe("GET /orders: the customer's purchases with filters", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  const ids: Record<"rebozo" | "jarro" | "talavera", { id: string; number: number }> = {} as never;

  const list = (query: string, headers = cast.as.customer) => t.app.inject({ method: "GET", url: `/api/v1/orders?${query}`, headers });
  const found = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, query).toBe(200);
    const body = response.json() as { results: { id: string }[]; matches_estimated: number };
    return body.results.map((row) => Object.entries(ids).find(([, value]) => value.id === row.id)?.[0]).sort();
  };

  async function buy(shopSlug: string, productId: string, headers: Record<string, string>) {
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/shops/${shopSlug}/cart/items`,
      headers,
      payload: { product_id: productId, quantity: 1 },
    });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shopSlug}/checkout`,
      headers,
      payload: { delivery_type: "to_branch" },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json() as { id: string; orders: { number: number }[] };
    return { id: body.id, number: body.orders[0].number };
  }

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Casa Lucía" } });
    const other = await createShop(t.ctx, (await createUser(t.ctx)).id, { name: "Cerámica Puebla" });
    const rebozo = await createProduct(t.ctx, cast.shop.id, { name: "Rebozo de seda", stock: 9 });
    const jarro = await createProduct(t.ctx, cast.shop.id, { name: "Jarro de barro", stock: 9 });
    const talavera = await createProduct(t.ctx, other.id, { name: "Plato de talavera", stock: 9 });
    ids.rebozo = await buy(cast.shop.slug, rebozo.id, cast.as.customer);
    ids.jarro = await buy(cast.shop.slug, jarro.id, cast.as.customer);
    ids.talavera = await buy(other.slug, talavera.id, cast.as.customer);
    // Purchases of other people, which must never show in the customer's list.
    await buy(cast.shop.slug, jarro.id, cast.as.otherOwner);
    // What payment, the seller's progress and time would have done: one paid by card and delivered in March, one on its
    // way and paid at a store in April; the third left unpaid.
    const set = (id: string, values: Partial<typeof checkouts.$inferInsert>) =>
      t.ctx.db.update(checkouts).set(values).where(eq(checkouts.id, id));
    await set(ids.rebozo.id, { paymentMethod: "str_card", createdAt: new Date("2026-03-10T12:00:00Z"), state: "paid" });
    await set(ids.jarro.id, {
      paymentMethod: "openpay_store",
      deliveryType: "fixed_delivery",
      createdAt: new Date("2026-04-02T12:00:00Z"),
      state: "paid",
    });
    await set(ids.talavera.id, { createdAt: new Date("2026-04-20T12:00:00Z") });
    await t.ctx.db.update(orders).set({ state: "delivered" }).where(eq(orders.checkoutId, ids.rebozo.id));
    await t.ctx.db
      .update(orders)
      .set({ state: "on_the_way" })
      .where(inArray(orders.checkoutId, [ids.jarro.id]));
  });
  afterAll(async () => t.close());

  it("lists every purchase of the customer, newest first, with the real count", async () => {
    const response = await list("");
    expect(response.json().results.map((row: { id: string }) => row.id)).toEqual([ids.talavera.id, ids.jarro.id, ids.rebozo.id]);
    expect(response.json().matches_estimated).toBe(3);
    const page = (await list("offset=2&limit=1")).json();
    expect(page.results.map((row: { id: string }) => row.id)).toEqual([ids.rebozo.id]);
    expect(page.matches_estimated).toBe(3);
  });

  it("filters by an order's state, payment and delivery type", async () => {
    expect(await found("state=delivered")).toEqual(["rebozo"]);
    expect(await found("state=on_the_way")).toEqual(["jarro"]);
    expect(await found("state=pending_payment")).toEqual(["talavera"]);
    expect(await found("payment_type=str_card")).toEqual(["rebozo"]);
    expect(await found("payment_type=openpay_store")).toEqual(["jarro"]);
    expect(await found("delivery_type=fixed_delivery")).toEqual(["jarro"]);
    expect(await found("delivery_type=to_branch")).toEqual(["rebozo", "talavera"]);
    expect(await found("state=delivered&payment_type=openpay_store")).toEqual([]);
  });

  it("filters by dates, both days included", async () => {
    expect(await found("start_date=2026-04-01")).toEqual(["jarro", "talavera"]);
    expect(await found("end_date=2026-04-02")).toEqual(["jarro", "rebozo"]);
    expect(await found("start_date=2026-04-02&end_date=2026-04-02")).toEqual(["jarro"]);
    expect(await found("start_date=9999-12-31&end_date=9999-12-31")).toEqual([]);
    const reversed = await list("start_date=2026-05-01&end_date=2026-04-01");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields.end_date).toBe("La fecha final no puede ser anterior a la inicial");
  });

  it("searches the text in order numbers, items and suppliers' names, ignoring case", async () => {
    expect(await found("text=REBOZO")).toEqual(["rebozo"]);
    expect(await found("text=barro")).toEqual(["jarro"]);
    expect(await found(`text=%23${ids.talavera.number}`)).toEqual(["talavera"]);
    expect(await found("text=cer%C3%A1mica")).toEqual(["talavera"]);
    expect(await found("text=casa%20luc")).toEqual(["jarro", "rebozo"]);
    expect(await found("text=100%25")).toEqual([]);
  });

  it("refuses unknown filter values with 400, never 500", async () => {
    for (const query of [
      "state=lost",
      "payment_type=gold",
      "delivery_type=drone",
      "start_date=ayer",
      `text=${"x".repeat(101)}`,
      "limit=51",
    ])
      expect((await list(query)).statusCode, query).toBe(400);
  });

  it("answers 401 to visitors, and shows each signed-in role only their own purchases", async () => {
    expect((await list("", cast.as.anonymous)).statusCode).toBe(401);
    for (const persona of ["owner", ...memberRoles] as const) {
      const response = await list("text=jarro", cast.as[persona]);
      expect(response.statusCode, persona).toBe(200);
      expect(response.json().matches_estimated, persona).toBe(0);
    }
    const other = await list("text=jarro", cast.as.otherOwner);
    expect(other.json().results.map((row: { id: string }) => row.id)).not.toContain(ids.jarro.id);
    expect(other.json().matches_estimated).toBe(1);
  });
});
