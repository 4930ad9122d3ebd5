import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopFranchises } from "../../db/schema/franchises";
import { shops } from "../../db/schema/shops";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";

type Headers = Record<string, string>;

describe("franchises and affinity stores of a franchise shop", () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let owner: Headers;
  let admin: Headers;
  let accountant: Headers;
  let otherOwner: Headers;
  let customer: Headers;
  const stores: Record<string, { id: string; slug: string }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, {
      shop: { name: "Sabores Test", storeType: "franchise" },
      otherShop: { name: "Otra raíz", storeType: "franchise" },
    });
    ({ shop } = cast);
    const otherRoot = cast.otherShop;
    ({ owner, admin, accountant, otherOwner, customer } = cast.as);
    const specs = [
      ["tacos", { name: "Taquería Afín", storeType: "affinity", canonicalUrl: "https://tacos.example.mx" }],
      ["pan", { name: "Panadería Franquicia", storeType: "franchise" }],
      ["cafe", { name: "Café Afín", storeType: "affinity" }],
      ["mine", { name: "Dulces del Grupo", storeType: "affinity", rootShopId: shop.id }],
      ["theirs", { name: "Dulces de Otra", storeType: "affinity", rootShopId: otherRoot.id }],
      ["affiliate", { name: "Reventa Afiliada", storeType: "affiliate" }],
      ["closed", { name: "Cerrada Afín", storeType: "affinity", disabled: true }],
      ["proxy", { name: "Proxy Afín", storeType: "affinity", isProxy: true }],
    ] as const;
    for (const [key, values] of specs) stores[key] = await createShop(t.ctx, (await createUser(t.ctx)).id, { ...values });
  });
  afterAll(async () => t.close());

  const base = () => `/api/v1/shops/${shop.slug}`;
  const add = (id: string, headers: Headers = owner) => t.app.inject({ method: "PUT", url: `${base()}/franchises/${id}`, headers });
  const remove = (id: string, headers: Headers = owner) => t.app.inject({ method: "DELETE", url: `${base()}/franchises/${id}`, headers });
  const published = (query: string, headers: Headers = owner) =>
    t.app.inject({ method: "GET", url: `${base()}/franchises/published?${query}`, headers });
  const publicList = (query = "") => t.app.inject({ method: "GET", url: `${base()}/franchises${query}` });
  const adminList = (headers: Headers = owner) => t.app.inject({ method: "GET", url: `${base()}/admin/franchises`, headers });
  const rows = (franchiseId: string) =>
    t.ctx.db
      .select()
      .from(shopFranchises)
      .where(and(eq(shopFranchises.shopId, shop.id), eq(shopFranchises.franchiseShopId, franchiseId)));
  const names = (body: { results: { name: string }[] }) => body.results.map((store) => store.name);

  it("the modal searches published franchise and affinity stores by name, 2 per page, with in_store", async () => {
    const first = await published("offset=0");
    expect(first.statusCode).toBe(200);
    // Another root franchise store is offered too; its group's stores are not.
    expect(first.json().matches_estimated).toBe(5);
    expect(names(first.json())).toEqual(["Café Afín", "Dulces del Grupo"]);
    expect(names((await published("offset=2")).json())).toEqual(["Otra raíz", "Panadería Franquicia"]);
    expect(names((await published("offset=4")).json())).toEqual(["Taquería Afín"]);
    const tacos = (await published("text=taquer")).json();
    expect(tacos.results).toEqual([
      {
        id: stores.tacos.id,
        slug: stores.tacos.slug,
        name: "Taquería Afín",
        photo: null,
        canonical_url: "https://tacos.example.mx",
        store_type: "affinity",
        in_store: false,
        is_public: true,
      },
    ]);
    expect(names((await published("type=franchise")).json())).toEqual(["Otra raíz", "Panadería Franquicia"]);
    expect((await published("text=100%25_")).json().matches_estimated).toBe(0);
  });

  it("adds a store (in_store turns true), and adding it twice keeps one entry", async () => {
    const first = await add(stores.tacos.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: stores.tacos.id, in_store: true });
    expect((await add(stores.tacos.id)).statusCode).toBe(200);
    expect(await rows(stores.tacos.id)).toHaveLength(1);
    expect((await published("text=taquer")).json().results[0].in_store).toBe(true);
    const inStore = await t.app.inject({
      method: "POST",
      url: `${base()}/franchises/instore`,
      headers: owner,
      payload: { ids: [stores.tacos.id, stores.pan.id] },
    });
    expect(inStore.json()).toEqual({ results: { [stores.tacos.id]: true, [stores.pan.id]: false } });
  });

  it("refuses the shop itself, affiliate, disabled and proxy stores, and another root's group; 404 for no store", async () => {
    for (const key of ["affiliate", "closed", "proxy", "theirs"]) {
      const refused = await add(stores[key].id);
      expect(refused.statusCode, key).toBe(422);
      expect(refused.json()).toMatchObject({ code: "franchise_not_available", message: "Esta tienda no se puede agregar a tu tienda" });
    }
    expect((await add(shop.id)).json().code).toBe("franchise_not_available");
    expect((await add("7d1c6f1e-3b0a-4c2e-9f6a-1b2c3d4e5f60")).json().code).toBe("shop_not_found");
    expect((await add("no-es-uuid")).statusCode).toBe(400);
  });

  it("visitors see the public stores, linked by canonical URL; the admin list shows non-public ones too", async () => {
    await add(stores.pan.id);
    await add(stores.mine.id);
    // A listed store that closes later stays in the admin list only.
    await t.ctx.db.update(shops).set({ disabled: true }).where(eq(shops.id, stores.mine.id));
    const visitors = await publicList();
    expect(visitors.statusCode).toBe(200);
    expect(names(visitors.json())).toEqual(["Panadería Franquicia", "Taquería Afín"]);
    expect(visitors.json().results[0].canonical_url).toBe(`/tienda/${stores.pan.slug}`);
    const all = (await adminList()).json();
    expect(all.matches_estimated).toBe(3);
    expect(all.results.map((store: { name: string; is_public: boolean }) => [store.name, store.is_public])).toEqual([
      ["Dulces del Grupo", false],
      ["Panadería Franquicia", true],
      ["Taquería Afín", true],
    ]);
    expect(names((await publicList("?offset=1&limit=1")).json())).toEqual(["Taquería Afín"]);
    await t.ctx.db.update(shops).set({ disabled: false }).where(eq(shops.id, stores.mine.id));
  });

  it("removes a store (in_store false); removing one that is not listed answers the same", async () => {
    const removed = await remove(stores.pan.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: stores.pan.id, in_store: false });
    expect(await rows(stores.pan.id)).toHaveLength(0);
    expect((await remove(stores.pan.id)).statusCode).toBe(200);
    expect(names((await publicList()).json())).not.toContain("Panadería Franquicia");
  });

  it("an admin member manages the list; accountant, another shop's owner, a customer and anonymous may not", async () => {
    expect((await add(stores.cafe.id, admin)).statusCode).toBe(200);
    expect((await adminList(admin)).statusCode).toBe(200);
    expect((await published("offset=0", admin)).statusCode).toBe(200);
    expect((await remove(stores.cafe.id, admin)).statusCode).toBe(200);
    await add(stores.cafe.id);
    for (const [who, headers, status, code] of [
      ["accountant", accountant, 403, "forbidden"],
      ["another shop's owner", otherOwner, 403, "forbidden"],
      ["customer", customer, 403, "forbidden"],
      ["anonymous", {}, 401, "unauthorized"],
    ] as const) {
      for (const response of [
        await add(stores.pan.id, headers),
        await remove(stores.cafe.id, headers),
        await adminList(headers),
        await published("offset=0", headers),
        await t.app.inject({ method: "POST", url: `${base()}/franchises/instore`, headers, payload: { ids: [stores.cafe.id] } }),
      ]) {
        expect(response.statusCode, who).toBe(status);
        expect(response.json().code, who).toBe(code);
      }
    }
    expect(await rows(stores.cafe.id)).toHaveLength(1);
    expect(await rows(stores.pan.id)).toHaveLength(0);
    expect((await publicList()).statusCode).toBe(200);
  });

  it("only franchise shops add stores or search them ('franchise_store_required'); 404 for an unknown shop", async () => {
    const affiliateUser = await createUser(t.ctx);
    const affiliate = await createShop(t.ctx, affiliateUser.id, { storeType: "affiliate" });
    const headers = await signIn(t.ctx, affiliateUser.id);
    const refused = await t.app.inject({ method: "PUT", url: `/api/v1/shops/${affiliate.slug}/franchises/${stores.tacos.id}`, headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("Solo las tiendas franquicia pueden agregar franquicias y tiendas afines");
    const search = await t.app.inject({ method: "GET", url: `/api/v1/shops/${affiliate.slug}/franchises/published`, headers });
    expect(search.json().code).toBe("franchise_store_required");
    const list = await t.app.inject({ method: "GET", url: `/api/v1/shops/${affiliate.slug}/franchises` });
    expect(list.json()).toEqual({ results: [], matches_estimated: 0 });
    expect((await t.app.inject({ method: "GET", url: "/api/v1/shops/no-existe-x/franchises" })).json().code).toBe("shop_not_found");
  });

  it("add and remove racing from two tabs leave one entry or none, never an error", async () => {
    for (let round = 0; round < 6; round += 1) {
      const responses = await Promise.all([add(stores.pan.id), remove(stores.pan.id), add(stores.pan.id, admin), add(stores.pan.id)]);
      for (const response of responses) expect(response.statusCode).toBe(200);
      const found = await rows(stores.pan.id);
      expect(found.length).toBeLessThanOrEqual(1);
      const listed = (await adminList()).json().results.some((store: { id: string }) => store.id === stores.pan.id);
      expect(listed).toBe(found.length === 1);
    }
    // Many concurrent adds of one store: one row.
    await remove(stores.pan.id);
    const adds = await Promise.all(Array.from({ length: 8 }, () => add(stores.pan.id)));
    expect(adds.every((response) => response.statusCode === 200)).toBe(true);
    expect(await rows(stores.pan.id)).toHaveLength(1);
  });
});
