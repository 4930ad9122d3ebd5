import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { shops } from "../../db/schema/shops";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";

/**
 * The marketplace's public catalogues list (commerce-and-accounts L189 'published/catalogues (offset, limit, sort -weight,
 * name)'; storefront-and-admin L24 '/catalogos'): every enabled shop's catalogues with items, heaviest first, to anyone.
 */
describe("GET /published/catalogues", () => {
  let t: TestApp;
  let ownerHeaders: Record<string, string>;
  let disabledShop: { id: string };
  const tag = `Pub${Date.now().toString(36)}`;
  const get = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/v1/published/catalogues${query}`, headers });

  /** A shop's catalogue holding `items` products of its own. */
  async function catalogueWith(shop: { id: string; slug: string }, headers: Record<string, string>, name: string, items: number) {
    const created = await t.app.inject({ method: "POST", url: `/api/v1/shops/${shop.slug}/catalogues`, headers, payload: { name } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    for (let n = 0; n < items; n += 1) {
      const product = await createProduct(t.ctx, shop.id);
      const added = await t.app.inject({
        method: "POST",
        url: `/api/v1/shops/${shop.slug}/catalogues/${id}/products`,
        headers,
        payload: { product_id: product.id },
      });
      expect(added.statusCode).toBe(201);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ctx, { userLevel: 2 });
    const shop = await createShop(t.ctx, owner.id, { name: "Casa Pública" });
    ownerHeaders = await signIn(t.ctx, owner.id);
    await catalogueWith(shop, ownerHeaders, `${tag} Ligero`, 1);
    await catalogueWith(shop, ownerHeaders, `${tag} Pesado`, 3);
    await catalogueWith(shop, ownerHeaders, `${tag} Vacío`, 0);
    const other = await createUser(t.ctx, { userLevel: 2 });
    const closed = await createShop(t.ctx, other.id, { name: "Casa Cerrada" });
    await catalogueWith(closed, await signIn(t.ctx, other.id), `${tag} Cerrado`, 2);
    await t.ctx.db.update(shops).set({ disabled: true }).where(eq(shops.id, closed.id));
    disabledShop = closed;
  });
  afterAll(async () => t.close());

  it("lists the catalogues with items, heaviest first, with their weight and shop; not the empty one nor a disabled shop's", async () => {
    const response = await get(`?name=${tag}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.matches_estimated).toBe(2);
    expect(body.results.map((row: { name: string; weight: number }) => [row.name, row.weight])).toEqual([
      [`${tag} Pesado`, 3],
      [`${tag} Ligero`, 1],
    ]);
    expect(body.results[0]).toMatchObject({ num_products: 3, shop: { name: "Casa Pública" } });
    expect(body.results.some((row: { owner: string }) => row.owner === disabledShop.id)).toBe(false);
  });

  it("pages by offset and limit (at most 30) and filters by name", async () => {
    expect((await get(`?name=${tag}&offset=1&limit=1`)).json().results.map((row: { name: string }) => row.name)).toEqual([`${tag} Ligero`]);
    expect((await get(`?name=${tag} pes`)).json().matches_estimated).toBe(1);
    expect((await get("?limit=31")).statusCode).toBe(400);
    expect((await get("?sort=name")).statusCode).toBe(400);
  });

  it("is public: anonymous visitors, customers and owners get the same list", async () => {
    const customer = await signIn(t.ctx, (await createUser(t.ctx)).id);
    const anonymous = (await get(`?name=${tag}`)).json();
    expect((await get(`?name=${tag}`, customer)).json()).toEqual(anonymous);
    expect((await get(`?name=${tag}`, ownerHeaders)).json()).toEqual(anonymous);
  });
});
