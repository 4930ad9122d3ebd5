import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SAVED_ADDRESSES } from "@tianguis/domain/schemas/address";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";

const home = {
  address_name: "Lucía Pérez",
  address_phone: "5512345678",
  street_address: "Av. Álvaro Obregón 120",
  locality: "Ciudad de México",
  administrative_area_level_1: "CDMX",
  postal_code: "06700",
};
const office = {
  address_name: "Lucía Pérez",
  street_address: "Insurgentes Sur 1602",
  sublocality: "Crédito Constructor",
  locality: "Ciudad de México",
  postal_code: "03940",
};

describe("address book", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let store: { id: string; slug: string };
  beforeAll(async () => {
    t = await createTestApp();
    headers = await signIn(t.ctx, (await createUser(t.ctx)).id);
    store = await createShop(t.ctx, (await createUser(t.ctx)).id);
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, as = headers) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: as, ...(payload ? { payload } : {}) });

  it("is only for signed-in customers", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me/addresses" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/v1/me/addresses", payload: home })).statusCode).toBe(401);
  });

  it("saves, lists, replaces and removes addresses with the spec's fields", async () => {
    const created = await call("POST", "/me/addresses", home);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...home, last_used_at: null });
    const id = created.json().id;

    const replaced = await call("PUT", `/me/addresses/${id}`, { ...home, street_address: "Av. Álvaro Obregón 122", address_phone: "" });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().street_address).toBe("Av. Álvaro Obregón 122");
    expect(replaced.json()).not.toHaveProperty("address_phone");

    expect((await call("GET", "/me/addresses")).json().results.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await call("DELETE", `/me/addresses/${id}`)).statusCode).toBe(204);
    expect((await call("GET", "/me/addresses")).json().results).toEqual([]);
  });

  it("answers field codes in the user's language for an undeliverable address", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/me/addresses",
      headers: { ...headers, "accept-language": "es" },
      payload: { ...home, street_address: " ", postal_code: "123" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field_codes).toMatchObject({ street_address: "required", postal_code: "invalid_postal_code" });
    expect(response.json().fields.postal_code).toBe("Código postal inválido (5 dígitos)");
  });

  it("keeps each customer's addresses private", async () => {
    const mine = (await call("POST", "/me/addresses", office)).json();
    const other = await signIn(t.ctx, (await createUser(t.ctx)).id);
    expect((await call("GET", "/me/addresses", undefined, other)).json().results).toEqual([]);
    expect((await call("PUT", `/me/addresses/${mine.id}`, home, other)).json().code).toBe("address_not_found");
    expect((await call("DELETE", `/me/addresses/${mine.id}`, undefined, other)).statusCode).toBe(404);
    expect((await call("GET", "/me/addresses")).json().results).toHaveLength(1);
  });

  it(`holds at most ${MAX_SAVED_ADDRESSES} addresses`, async () => {
    const full = await signIn(t.ctx, (await createUser(t.ctx)).id);
    for (let index = 0; index < MAX_SAVED_ADDRESSES; index++) {
      expect((await call("POST", "/me/addresses", { ...home, street_address: `Calle ${index}` }, full)).statusCode).toBe(201);
    }
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/v1/me/addresses",
      headers: { ...full, "accept-language": "es" },
      payload: { ...home, street_address: "Calle 99" },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "address_limit_reached",
      message: `Puedes guardar como máximo ${MAX_SAVED_ADDRESSES} direcciones`,
    });
  });

  describe("at checkout", () => {
    const checkout = (payload: object, as: Record<string, string> | undefined = headers) =>
      t.app.inject({ method: "POST", url: `/api/v1/shops/${store.slug}/checkout`, headers: as, payload });

    it("delivers to a saved address and puts it first in the book", async () => {
      const buyer = await signIn(t.ctx, (await createUser(t.ctx)).id);
      const first = (await call("POST", "/me/addresses", home, buyer)).json();
      const second = (await call("POST", "/me/addresses", office, buyer)).json();
      const product = await createProduct(t.ctx, store.id, { stock: 3 });
      const rate = (
        await t.app.inject({
          method: "POST",
          url: `/api/v1/shops/${store.slug}/shipping/quotes`,
          payload: { postal_code: first.postal_code, items: [{ product_id: product.id, quantity: 1 }] },
        })
      ).json().rates[0];
      const response = await checkout(
        { items: [{ product_id: product.id, quantity: 1 }], delivery_type: "shipping", address_id: first.id, rate_id: rate.id },
        buyer,
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().address).toMatchObject(home);
      expect(response.json().shipping_cost).toBe(rate.cost);
      const book = (await call("GET", "/me/addresses", undefined, buyer)).json().results;
      expect(book.map((a: { id: string }) => a.id)).toEqual([first.id, second.id]);
      expect(book[0].last_used_at).not.toBeNull();
    });

    it("refuses another customer's address and a saved address without a session", async () => {
      const stranger = (await call("POST", "/me/addresses", { ...home, street_address: "Privada 1" })).json();
      const buyer = await signIn(t.ctx, (await createUser(t.ctx)).id);
      const product = await createProduct(t.ctx, store.id, { stock: 3 });
      const items = [{ product_id: product.id, quantity: 1 }];
      const foreign = await checkout({ items, delivery_type: "fixed_delivery", address_id: stranger.id }, buyer);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe("address_not_found");
      const anonymous = await checkout(
        { items, contact: { full_name: "Ana", email: "ana@example.com" }, delivery_type: "fixed_delivery", address_id: stranger.id },
        {},
      );
      expect(anonymous.statusCode).toBe(401);
    });

    it("saves the entered address once when asked, and not for a guest", async () => {
      const buyer = await signIn(t.ctx, (await createUser(t.ctx)).id);
      const product = await createProduct(t.ctx, store.id, { stock: 5 });
      const items = [{ product_id: product.id, quantity: 1 }];
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await checkout({ items, delivery_type: "fixed_delivery", address: office, save_address: true }, buyer)).statusCode).toBe(
          201,
        );
      }
      const book = (await call("GET", "/me/addresses", undefined, buyer)).json().results;
      expect(book).toHaveLength(1);
      expect(book[0]).toMatchObject(office);

      const incomplete = await checkout(
        { items, delivery_type: "fixed_delivery", address: { postal_code: "03940" }, save_address: true },
        buyer,
      );
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json().field_codes).toMatchObject({ "address.address_name": "required", "address.street_address": "required" });

      const guest = await checkout(
        {
          items,
          contact: { full_name: "Ana", email: "ana@example.com" },
          delivery_type: "fixed_delivery",
          address: office,
          save_address: true,
        },
        {},
      );
      expect(guest.statusCode).toBe(201);
    });
  });
});
