import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { catalogues } from "../../db/schema/catalogues";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn, testDatabaseKind } from "../../test/harness";
import { type Persona, createShopWithRoles } from "../../test/shop-with-roles";

describe("catalogues API", () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let owner: Awaited<ReturnType<typeof createUser>>;
  let ownerHeaders: Record<string, string>;
  const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx, { userLevel: 2 });
    shop = await createShop(t.ctx, owner.id, { storeThemeInfo: { sections_info: ["products"] } });
    ownerHeaders = await signIn(t.ctx, owner.id);
  });
  afterAll(async () => t.close());

  const create = async (name: string) => {
    const response = await api("POST", `/shops/${shop.slug}/catalogues`, ownerHeaders, { name });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; slug: string; position: number };
  };
  const sections = async () => (await api("GET", `/shops/${shop.slug}`)).json().store_theme_info.sections_info as string[];
  const names = async () => (await api("GET", `/shops/${shop.slug}/catalogues`)).json().results.map((row: { name: string }) => row.name);

  it("creates catalogues at the end, adds the catalogues section, and deletes it with the last one", async () => {
    expect(await sections()).not.toContain("catalogues");
    const first = await create("Temporada de Otoño");
    expect(first.slug).toBe("temporada-de-otono");
    expect(first.position).toBe(0);
    expect(await sections()).toContain("catalogues");
    const second = await create("Temporada de otoño!");
    expect(second.slug).toBe("temporada-de-otono-2");
    expect((await api("DELETE", `/shops/${shop.slug}/catalogues/${first.id}`, ownerHeaders)).json()).toEqual({ remaining: 1 });
    expect(await sections()).toContain("catalogues");
    await api("DELETE", `/shops/${shop.slug}/catalogues/${second.id}`, ownerHeaders);
    expect(await sections()).not.toContain("catalogues");
  });

  it("validates names: required, at most 150 characters", async () => {
    const empty = await api("POST", `/shops/${shop.slug}/catalogues`, ownerHeaders, { name: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.name).toBe("*");
    const long = await api("POST", `/shops/${shop.slug}/catalogues`, ownerHeaders, { name: "x".repeat(151) });
    expect(long.statusCode).toBe(400);
  });

  it("renames and reorders catalogues by zero-based position", async () => {
    const a = await create("A");
    await create("B");
    const c = await create("C");
    const renamed = await api("PATCH", `/shops/${shop.slug}/catalogues/${a.id}`, ownerHeaders, { name: "Alfa" });
    expect(renamed.json().slug).toBe("alfa");
    const moved = await api("POST", `/shops/${shop.slug}/catalogues/${c.id}/move`, ownerHeaders, { position: 0 });
    expect(moved.statusCode).toBe(200);
    expect(await names()).toEqual(["C", "Alfa", "B"]);
    expect((await api("POST", `/shops/${shop.slug}/catalogues/${c.id}/move`, ownerHeaders, { position: 7 })).statusCode).toBe(400);
  });

  it("refuses a name the shop already uses (ignoring case and spaces) with the field error 'Nombre inválido'", async () => {
    const first = await create("Día de Muertos");
    for (const name of ["Día de Muertos", "  día de muertos "]) {
      const again = await api("POST", `/shops/${shop.slug}/catalogues`, ownerHeaders, { name });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: "catalogue_name_taken", message: "Nombre inválido", fields: { name: "Nombre inválido" } });
    }
    const english = await api(
      "POST",
      `/shops/${shop.slug}/catalogues`,
      { ...ownerHeaders, "accept-language": "en" },
      { name: "DÍA DE MUERTOS" },
    );
    expect(english.json().message).toBe("Invalid name");
    const other = await create("Navidad");
    const rename = await api("PATCH", `/shops/${shop.slug}/catalogues/${other.id}`, ownerHeaders, { name: "día de muertos" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().fields.name).toBe("Nombre inválido");
    expect((await api("PATCH", `/shops/${shop.slug}/catalogues/${first.id}`, ownerHeaders, { name: "Día de muertos" })).statusCode).toBe(
      200,
    );
    const otherShop = await createShop(t.ctx, owner.id);
    expect((await api("POST", `/shops/${otherShop.slug}/catalogues`, ownerHeaders, { name: "Día de Muertos" })).statusCode).toBe(201);
  });

  it("refuses to delete a catalogue that has products (product_catalogue_has_products) unless forced", async () => {
    const catalogue = await create("Con productos");
    const item = await createProduct(t.ctx, shop.id);
    await api("POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products`, ownerHeaders, { product_id: item.id });
    const refused = await api("DELETE", `/shops/${shop.slug}/catalogues/${catalogue.id}`, ownerHeaders);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "product_catalogue_has_products", message: "El catálogo tiene productos" });
    expect((await api("DELETE", `/shops/${shop.slug}/catalogues/${catalogue.id}?force=false`, ownerHeaders)).statusCode).toBe(409);
    expect(await names()).toContain("Con productos");
    const forced = await api("DELETE", `/shops/${shop.slug}/catalogues/${catalogue.id}?force=true`, ownerHeaders);
    expect(forced.statusCode).toBe(200);
    expect(await names()).not.toContain("Con productos");
    const listing = (await api("GET", `/shops/${shop.slug}/products?limit=100`)).json();
    expect(listing.results.some((row: { id: string }) => row.id === item.id)).toBe(true);
    expect((await api("DELETE", `/shops/${shop.slug}/catalogues/${catalogue.id}?force=maybe`, ownerHeaders)).statusCode).toBe(400);
  });

  it("pages a catalogue's items by offset and limit with the whole count", async () => {
    const catalogue = await create("Muchos");
    for (let index = 0; index < 23; index += 1) {
      const item = await createProduct(t.ctx, shop.id, { name: `Pieza ${String(index).padStart(2, "0")}` });
      await api("POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products`, ownerHeaders, { product_id: item.id });
    }
    const second = (await api("GET", `/shops/${shop.slug}/catalogues/${catalogue.slug}/products?offset=20&limit=20`)).json();
    expect(second.matches_estimated).toBe(23);
    expect(second.results.map((row: { name: string }) => row.name)).toEqual(["Pieza 20", "Pieza 21", "Pieza 22"]);
  });

  it("adds items, lists them by queue_position, moves and removes them", async () => {
    const catalogue = await create("Regalos");
    const items = [];
    for (const name of ["Jarro", "Rebozo", "Alebrije"]) items.push(await createProduct(t.ctx, shop.id, { name }));
    for (const item of items)
      expect(
        (await api("POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products`, ownerHeaders, { product_id: item.id })).statusCode,
      ).toBe(201);
    const move = await api("POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products/move`, ownerHeaders, {
      product: items[2].id,
      queue_position: 0,
    });
    expect(move.json()).toEqual({ product: items[2].id, queue_position: 0 });
    const listed = (await api("GET", `/shops/${shop.slug}/catalogues/${catalogue.slug}/products`)).json();
    expect(listed.matches_estimated).toBe(3);
    expect(listed.results.map((row: { name: string; queue_position: number }) => [row.name, row.queue_position])).toEqual([
      ["Alebrije", 0],
      ["Jarro", 1],
      ["Rebozo", 2],
    ]);
    const outOfRange = await api("POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products/move`, ownerHeaders, {
      product: items[0].id,
      queue_position: 3,
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().code).toBe("validation_failed");
    expect((await api("DELETE", `/shops/${shop.slug}/catalogues/${catalogue.id}/products/${items[0].id}`, ownerHeaders)).statusCode).toBe(
      204,
    );
    const text = (await api("GET", `/shops/${shop.slug}/catalogues/${catalogue.id}/products?text=rebo`)).json();
    expect(text.results.map((row: { name: string }) => row.name)).toEqual(["Rebozo"]);
    expect((await api("GET", `/shops/${shop.slug}/catalogues/${catalogue.id}`)).json().num_products).toBe(2);
  });

  // PGlite has one connection, so a second transaction cannot meet the first one there.
  it.skipIf(testDatabaseKind === "pglite")("answers 400 updating_position_error while another move holds the catalogue", async () => {
    const catalogue = await create("Concurrente");
    const items = [await createProduct(t.ctx, shop.id), await createProduct(t.ctx, shop.id)];
    for (const item of items)
      await api("POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products`, ownerHeaders, { product_id: item.id });
    await t.ctx.db.transaction(async (tx) => {
      await tx.select({ id: catalogues.id }).from(catalogues).where(eq(catalogues.id, catalogue.id)).for("update");
      const response = await api("POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products/move`, ownerHeaders, {
        product: items[0].id,
        queue_position: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("updating_position_error");
    });
  });

  it("puts another supplier's item in the store, and takes it out with its catalogue entries", async () => {
    const supplier = await createUser(t.ctx);
    const supplierShop = await createShop(t.ctx, supplier.id);
    const item = await createProduct(t.ctx, supplierShop.id, { name: "Talavera", isDropshipping: true, contributionMargin: 2000 });
    const status = () => api("GET", `/shops/${shop.slug}/store-products/${item.id}`, ownerHeaders);
    expect((await status()).json()).toEqual({ product_id: item.id, own: false, in_store: false });
    expect((await api("POST", `/shops/${shop.slug}/store-products`, ownerHeaders, { product_id: item.id })).statusCode).toBe(201);
    expect((await status()).json().in_store).toBe(true);
    const unpublished = await createProduct(t.ctx, supplierShop.id, {
      listState: "unpublished",
      isDropshipping: true,
      contributionMargin: 1,
    });
    expect((await api("POST", `/shops/${shop.slug}/store-products`, ownerHeaders, { product_id: unpublished.id })).statusCode).toBe(404);
    const listing = (await api("GET", `/shops/${shop.slug}/products?limit=100`)).json();
    expect(listing.results.some((row: { id: string }) => row.id === item.id)).toBe(true);
    const catalogue = await create("Reventa");
    await api("POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products`, ownerHeaders, { product_id: item.id });
    const removed = await api("DELETE", `/shops/${shop.slug}/store-products/${item.id}`, ownerHeaders);
    expect(removed.json().in_store).toBe(false);
    expect((await api("GET", `/shops/${shop.slug}/catalogues/${catalogue.id}`)).json().num_products).toBe(0);
  });

  it("duplicates a catalogue with its items for level-2 users only", async () => {
    const origin = await create("Original");
    const item = await createProduct(t.ctx, shop.id);
    await api("POST", `/shops/${shop.slug}/catalogues/${origin.id}/products`, ownerHeaders, { product_id: item.id });
    const copy = await api("POST", `/shops/${shop.slug}/catalogues/duplicate`, ownerHeaders, { origin_slug: origin.slug, name: "Copia" });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: "Copia", num_products: 1, origin_id: origin.id });
    const unnamed = await api("POST", `/shops/${shop.slug}/catalogues/duplicate`, ownerHeaders, { origin_id: origin.id });
    expect(unnamed.json().name).toBe("Original (2)");
    const taken = await api("POST", `/shops/${shop.slug}/catalogues/duplicate`, ownerHeaders, { origin_id: origin.id, name: "copia" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.name).toBe("Nombre inválido");
    const levelOne = await createUser(t.ctx, { userLevel: 1 });
    const ownShop = await createShop(t.ctx, levelOne.id);
    const denied = await api("POST", `/shops/${ownShop.slug}/catalogues/duplicate`, await signIn(t.ctx, levelOne.id), {
      origin_id: origin.id,
    });
    expect(denied.statusCode).toBe(403);
  });

  it("creates short links with the name cut to 100 characters and follows them", async () => {
    const response = await api("POST", `/shops/${shop.slug}/short-links`, ownerHeaders, {
      name: "n".repeat(100),
      url: `/tienda/${shop.slug}/catalogos/regalos`,
    });
    expect(response.statusCode).toBe(201);
    const link = response.json();
    expect(link.state).toBe("active");
    const follow = await t.app.inject({ method: "GET", url: link.encoded_mkt_url });
    expect(follow.statusCode).toBe(302);
    // A short link is a campaign: it lands on the page with the referral tracking values (modules/referral).
    expect(follow.headers.location).toMatch(
      new RegExp(`^/tienda/${shop.slug}/catalogos/regalos\\?referral=\\w+&campaign=${link.code}&click_id=`),
    );
    const external = await api("POST", `/shops/${shop.slug}/short-links`, ownerHeaders, { name: "x", url: "https://malo.example.com" });
    expect(external.statusCode).toBe(400);
    expect((await api("POST", `/shops/${shop.slug}/short-links`, ownerHeaders, { name: "x", url: "//malo.example.com" })).statusCode).toBe(
      400,
    );
  });

  it("answers 401 to anonymous visitors and 403 to signed-in non-admins on every write", async () => {
    const catalogue = await create("Protegido");
    const item = await createProduct(t.ctx, shop.id);
    const stranger = await signIn(t.ctx, (await createUser(t.ctx, { userLevel: 2 })).id);
    const writes: ["POST" | "PATCH" | "DELETE" | "GET", string, unknown?][] = [
      ["POST", `/shops/${shop.slug}/catalogues`, { name: "X" }],
      ["PATCH", `/shops/${shop.slug}/catalogues/${catalogue.id}`, { name: "Y" }],
      ["DELETE", `/shops/${shop.slug}/catalogues/${catalogue.id}`],
      ["POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/move`, { position: 0 }],
      ["POST", `/shops/${shop.slug}/catalogues/duplicate`, { origin_id: catalogue.id }],
      ["POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products`, { product_id: item.id }],
      ["DELETE", `/shops/${shop.slug}/catalogues/${catalogue.id}/products/${item.id}`],
      ["POST", `/shops/${shop.slug}/catalogues/${catalogue.id}/products/move`, { product: item.id, queue_position: 0 }],
      ["GET", `/shops/${shop.slug}/store-products/${item.id}`],
      ["POST", `/shops/${shop.slug}/store-products`, { product_id: item.id }],
      ["DELETE", `/shops/${shop.slug}/store-products/${item.id}`],
      ["POST", `/shops/${shop.slug}/short-links`, { name: "n", url: "/x" }],
      ["PATCH", `/shops/${shop.slug}`, { name: "Hackeada" }],
    ];
    for (const [method, url, payload] of writes) {
      expect((await api(method, url, {}, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      const response = await api(method, url, stranger, payload);
      expect(response.statusCode, `${method} ${url} stranger`).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
    expect(await names()).toContain("Protegido");
  });

  it("lets only the shop's admins delete a catalogue, forced or not (role matrix)", async () => {
    const cast = await createShopWithRoles(t);
    const item = await createProduct(t.ctx, cast.shop.id);
    let round = 0;
    const fresh = async () => {
      round += 1;
      const made = await api("POST", `/shops/${cast.shop.slug}/catalogues`, cast.as.owner, { name: `Ronda ${round}` });
      const { id } = made.json() as { id: string };
      await api("POST", `/shops/${cast.shop.slug}/catalogues/${id}/products`, cast.as.owner, { product_id: item.id });
      return id;
    };
    const expected: Record<Persona, number> = {
      owner: 200,
      admin: 200,
      accountant: 403,
      dispatcher: 403,
      qrreader: 403,
      otherOwner: 403,
      customer: 403,
      anonymous: 401,
    };
    for (const [persona, status] of Object.entries(expected) as [Persona, number][]) {
      const id = await fresh();
      const response = await api("DELETE", `/shops/${cast.shop.slug}/catalogues/${id}?force=true`, cast.as[persona]);
      expect(response.statusCode, persona).toBe(status);
      if (status === 200) continue;
      const unforced = await api("DELETE", `/shops/${cast.shop.slug}/catalogues/${id}`, cast.as[persona]);
      expect(unforced.statusCode, `${persona} unforced`).toBe(status);
    }
  });

  it("lets a member with the admin role manage catalogues", async () => {
    const member = await createUser(t.ctx);
    const { shopMembers } = await import("../../db/schema/shops");
    await t.ctx.db.insert(shopMembers).values({ shopId: shop.id, userId: member.id, role: "admin" });
    const response = await api("POST", `/shops/${shop.slug}/catalogues`, await signIn(t.ctx, member.id), { name: "Del equipo" });
    expect(response.statusCode).toBe(201);
  });
});
