import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../../db/schema/events";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { shops } from "../../db/schema/shops";
import { type TestApp, createProduct, createShop, createTestApp, createUser, payBySandboxCard, signIn } from "../../test/harness";
import { type Persona, type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";

/**
 * Packing calls (commerce-and-accounts §7 'Supplier': franchise/orders/{id}/binpacked, binpacked/{x}, PATCH
 * binpacked/{x}/{y}; notpacked, PATCH notpacked/{x}), through HTTP with the role matrix.
 */
describe("packing an order into boxes (binpacked / notpacked)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A paid order of 3 rebozos and 1 mole from the supplier, bought by a guest; plus a franchise store of that supplier. */
  async function paidOrder() {
    const cast = await createShopWithRoles(t, { shop: { name: "Casa Lucía" } });
    const rebozo = await createProduct(t.ctx, cast.shop.id, { name: "Rebozo de seda", listPrice: 25000, stock: 10 });
    const mole = await createProduct(t.ctx, cast.shop.id, { name: "Mole poblano", listPrice: 9000, stock: 10 });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${cast.shop.slug}/checkout`,
      payload: {
        items: [
          { product_id: rebozo.id, quantity: 3 },
          { product_id: mole.id, quantity: 1 },
        ],
        delivery_type: "to_branch",
        contact: { full_name: "Ana López", email: "ana@example.com" },
      },
    });
    expect(created.statusCode).toBe(201);
    const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
    expect((await payBySandboxCard(t.app, purchase)).statusCode).toBe(200);
    const [order] = purchase.orders;
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const lines = Object.fromEntries(items.map((item) => [item.name, item.id])) as Record<"Rebozo de seda" | "Mole poblano", string>;
    const franchiseOwner = await createUser(t.ctx);
    const franchise = await createShop(t.ctx, franchiseOwner.id, {
      name: "Sabores franquicia",
      storeType: "franchise",
      rootShopId: cast.shop.id,
    });
    return { cast, orderId: order.id, purchase, lines, franchise, asFranchise: await signIn(t.ctx, franchiseOwner.id) };
  }

  const base = (slug: string, orderId: string) => `/api/v1/shops/${slug}/franchise/orders/${orderId}`;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
  const patch = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PATCH", url, headers, payload });

  it("packs lines into numbered boxes, moves units between them and reads the order's state as it goes", async () => {
    const { cast, orderId, lines } = await paidOrder();
    const url = base(cast.shop.slug, orderId);
    const owner = cast.as.owner;

    const before = (await get(`${url}/notpacked`, owner)).json();
    expect(before).toMatchObject({ packing_state: "not_packed", can_pack: true, matches_estimated: 2 });
    expect(before.results.map((line: { name: string; remaining: number }) => [line.name, line.remaining])).toEqual(
      expect.arrayContaining([
        ["Rebozo de seda", 3],
        ["Mole poblano", 1],
      ]),
    );

    const box1 = await patch(`${url}/notpacked/${lines["Rebozo de seda"]}`, owner, { quantity: 2 });
    expect(box1.statusCode).toBe(200);
    expect(box1.json()).toMatchObject({ number: 1, items: [{ name: "Rebozo de seda", quantity: 2 }] });
    const box2 = (await patch(`${url}/notpacked/${lines["Mole poblano"]}`, owner, { quantity: 1 })).json();
    expect(box2.number).toBe(2);
    const more = await patch(`${url}/notpacked/${lines["Rebozo de seda"]}`, owner, { quantity: 1, bin_id: box2.id });
    expect(more.json().items).toEqual(
      expect.arrayContaining([
        { order_item_id: lines["Mole poblano"], name: "Mole poblano", quantity: 1 },
        { order_item_id: lines["Rebozo de seda"], name: "Rebozo de seda", quantity: 1 },
      ]),
    );

    const bins = (await get(`${url}/binpacked`, owner)).json();
    expect(bins).toMatchObject({ packing_state: "packed", matches_estimated: 2 });
    expect((await get(`${url}/notpacked`, owner)).json()).toMatchObject({ results: [], packing_state: "packed" });
    expect((await get(`${url}/binpacked/${box1.json().id}`, owner)).json()).toMatchObject({ number: 1 });

    // Box 1 gives up a rebozo: the order is partly packed again; emptying it removes the box.
    const less = await patch(`${url}/binpacked/${box1.json().id}/${lines["Rebozo de seda"]}`, owner, { quantity: 1 });
    expect(less.json()).toMatchObject({ packing_state: "partially_packed", matches_estimated: 2 });
    const emptied = await patch(`${url}/binpacked/${box1.json().id}/${lines["Rebozo de seda"]}`, owner, { quantity: 0 });
    expect(emptied.json().results.map((bin: { number: number }) => bin.number)).toEqual([2]);
    expect((await get(`${url}/binpacked/${box1.json().id}`, owner)).json().code).toBe("packing_bin_not_found");
  });

  it("refuses more units than the line has left, in a new box or by raising a box", async () => {
    const { cast, orderId, lines } = await paidOrder();
    const url = base(cast.shop.slug, orderId);
    const box = (await patch(`${url}/notpacked/${lines["Rebozo de seda"]}`, cast.as.owner, { quantity: 2 })).json();
    const tooMany = await patch(`${url}/notpacked/${lines["Rebozo de seda"]}`, cast.as.owner, { quantity: 2 });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([422, "packing_quantity_exceeded"]);
    expect(tooMany.json().message).toBe("Solo quedan 1 piezas de esta línea por empacar");
    const raise = await patch(`${url}/binpacked/${box.id}/${lines["Rebozo de seda"]}`, cast.as.owner, { quantity: 4 });
    expect([raise.statusCode, raise.json().code]).toEqual([422, "packing_quantity_exceeded"]);
    expect((await patch(`${url}/binpacked/${box.id}/${lines["Rebozo de seda"]}`, cast.as.owner, { quantity: 3 })).statusCode).toBe(200);
    const zero = await patch(`${url}/notpacked/${lines["Mole poblano"]}`, cast.as.owner, { quantity: 0 });
    expect([zero.statusCode, zero.json().code]).toEqual([400, "validation_failed"]);
  });

  it("closes packing once the order is ready to deliver", async () => {
    const { cast, orderId, lines } = await paidOrder();
    await t.ctx.db.update(orders).set({ state: "ready_to_deliver" }).where(eq(orders.id, orderId));
    const url = base(cast.shop.slug, orderId);
    expect((await get(`${url}/notpacked`, cast.as.owner)).json()).toMatchObject({ can_pack: false, packing_state: "not_packed" });
    const refused = await patch(`${url}/notpacked/${lines["Mole poblano"]}`, cast.as.owner, { quantity: 1 });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "packing_closed"]);
  });

  it("lets the supplier's owner, admin and dispatcher pack, the accountant look, and no one else in", async () => {
    const { cast, orderId, lines } = await paidOrder();
    const url = base(cast.shop.slug, orderId);
    const expected: Record<Persona, [number, number]> = {
      owner: [200, 200],
      admin: [200, 200],
      dispatcher: [200, 200],
      accountant: [200, 403],
      qrreader: [403, 403],
      otherOwner: [403, 403],
      customer: [403, 403],
      anonymous: [401, 401],
    };
    for (const [persona, [read, write]] of Object.entries(expected) as [Persona, [number, number]][]) {
      const headers = (cast as ShopWithRoles).as[persona];
      expect((await get(`${url}/binpacked`, headers)).statusCode, `${persona} reads`).toBe(read);
      expect((await get(`${url}/notpacked`, headers)).statusCode, `${persona} reads`).toBe(read);
      const packed = await patch(`${url}/notpacked/${lines["Rebozo de seda"]}`, headers, { quantity: 1 });
      expect(packed.statusCode, `${persona} packs`).toBe(write);
    }
    // Another shop's owner, through their own shop, finds no such order.
    const elsewhere = await get(`${base(cast.otherShop.slug, orderId)}/binpacked`, cast.as.otherOwner);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, "order_not_found"]);
  });

  it("lets the franchise store the order was bought in pack it, and not a franchise of the same supplier that did not sell it", async () => {
    const { orderId, purchase, lines, franchise, asFranchise } = await paidOrder();
    const url = base(franchise.slug, orderId);
    expect((await get(`${url}/notpacked`, asFranchise)).statusCode).toBe(404);
    await t.ctx.db.update(checkouts).set({ storeId: franchise.id }).where(eq(checkouts.id, purchase.id));
    const packed = await patch(`${url}/notpacked/${lines["Mole poblano"]}`, asFranchise, { quantity: 1 });
    expect(packed.statusCode).toBe(200);
    await t.ctx.db.update(shops).set({ storeType: "affiliate" }).where(eq(shops.id, franchise.id));
    expect((await get(`${url}/binpacked`, asFranchise)).statusCode).toBe(404);
  });

  /** The order's `order.packed` events. */
  async function packedEvents(orderId: string) {
    const rows = await t.ctx.db.select().from(events).where(eq(events.type, "order.packed"));
    return rows.map((row) => row.payload as { order_id: string; bins: number; actor: string }).filter((one) => one.order_id === orderId);
  }

  it("records order.packed when the last unit goes into a box, and the order's timeline says so with who packed it", async () => {
    const { cast, orderId, lines } = await paidOrder();
    const url = base(cast.shop.slug, orderId);
    await patch(`${url}/notpacked/${lines["Rebozo de seda"]}`, cast.as.dispatcher, { quantity: 3 });
    expect(await packedEvents(orderId)).toEqual([]);
    const box = (await patch(`${url}/notpacked/${lines["Mole poblano"]}`, cast.as.dispatcher, { quantity: 1 })).json();
    expect(await packedEvents(orderId)).toMatchObject([{ bins: 2, actor: "dispatcher" }]);

    const order = (await get(`/api/v1/shops/${cast.shop.slug}/orders/${orderId}`, cast.as.owner)).json();
    const packedLines = order.events.filter((event: { kind: string }) => event.kind === "packed");
    expect(packedLines).toMatchObject([{ kind: "packed", boxes: 2, actor_role: "dispatcher", to_state: "paid" }]);
    expect(order.state).toBe("paid");

    // Taking the mole out and putting it back into its box packs the order again: a second line, by the owner.
    await patch(`${url}/binpacked/${box.id}/${lines["Mole poblano"]}`, cast.as.owner, { quantity: 0 });
    expect(await packedEvents(orderId)).toHaveLength(1);
    await patch(`${url}/notpacked/${lines["Mole poblano"]}`, cast.as.owner, { quantity: 1 });
    const again = await packedEvents(orderId);
    expect(again.map((one) => [one.actor, one.bins]).sort()).toEqual([
      ["dispatcher", 2],
      ["owner", 2],
    ]);
  });

  it("the franchise store that sold the order reads it on its own order page, without the supplier's next action or cancel", async () => {
    const { cast, orderId, purchase, franchise, asFranchise } = await paidOrder();
    const page = `/api/v1/shops/${franchise.slug}/orders/${orderId}`;
    expect((await get(page, asFranchise)).statusCode).toBe(404);
    await t.ctx.db.update(checkouts).set({ storeId: franchise.id }).where(eq(checkouts.id, purchase.id));
    const read = await get(page, asFranchise);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: orderId, viewer: "franchise_store", next_state: null, next_fields: [], can_cancel: false });
    const supplier = (await get(`/api/v1/shops/${cast.shop.slug}/orders/${orderId}`, cast.as.owner)).json();
    expect(supplier).toMatchObject({ viewer: "supplier", next_state: expect.any(String), can_cancel: true });
    // Its next action stays the supplier's.
    const next = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${franchise.slug}/orders/${orderId}/next`,
      headers: asFranchise,
      payload: { from: "paid" },
    });
    expect(next.statusCode).toBe(404);
    await t.ctx.db.update(shops).set({ storeType: "affiliate" }).where(eq(shops.id, franchise.id));
    expect((await get(page, asFranchise)).statusCode).toBe(404);
  });
});
