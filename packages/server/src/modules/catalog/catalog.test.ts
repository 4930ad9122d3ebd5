import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type TestApp,
  createProduct,
  createShop,
  createTestApp,
  createUser,
  createUserWithPassword,
  signIn,
  payBySandboxCard,
} from "../../test/harness";
import { storeProducts } from "../../db/schema/catalog";
import { autocompleteBuildsSettled } from "./autocomplete-scopes";
import { catalogAnswersForgotten } from "./cache";
import { autocomplete } from "./search";

type Item = {
  id: string;
  name: string;
  list_price: number;
  queue_position: number;
  images: { id: string; thumb: string; card: string; large: string | null; original: string }[];
};

describe("catalog API", () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let owner: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    shop = await createShop(t.ctx, owner.id, { name: "Casa Barro" });
    const names = ["Jarrón de Talavera poblana", "Taza de barro negro", "Rebozo de seda", "Plato de talavera azul", "Molcajete volcánico"];
    for (const [index, name] of names.entries()) {
      await createProduct(t.ctx, shop.id, {
        name,
        queuePosition: index,
        listPrice: 10000 * (index + 1),
        description: index === 2 ? "Tejido en telar de cintura" : "",
        category: index < 2 ? "Cerámica" : "Textiles",
      });
    }
    for (let index = 0; index < 35; index += 1)
      await createProduct(t.ctx, shop.id, { name: `Servilleta bordada ${index}`, queuePosition: 100 + index, listPrice: 500 + index });
  });
  afterAll(async () => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/products?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { results: Item[]; matches_estimated: number };
  };

  it("pages the product listing 30 at a time with ?page", async () => {
    const first = await list("type=product&limit=30&page=1");
    const second = await list("type=product&limit=30&page=2");
    expect(first.results).toHaveLength(30);
    expect(second.results).toHaveLength(10);
    expect(first.matches_estimated).toBe(40);
    expect(new Set([...first.results, ...second.results].map((item) => item.id)).size).toBe(40);
  });

  it("sorts by most relevant (queue_position), higher price and lower price", async () => {
    expect((await list("limit=3")).results.map((item) => item.queue_position)).toEqual([0, 1, 2]);
    expect((await list("limit=2&sort=-list_price")).results.map((item) => item.list_price)).toEqual([50000, 40000]);
    expect((await list("limit=2&sort=list_price")).results.map((item) => item.list_price)).toEqual([500, 501]);
  });

  it("merges resold items into the store's order by their position in the store", async () => {
    const supplier = await createShop(t.ctx, owner.id);
    const resold = await createProduct(t.ctx, supplier.id, { name: "Alebrije de copal" });
    const reseller = await createShop(t.ctx, (await createUser(t.ctx)).id);
    const own = await createProduct(t.ctx, reseller.id, { name: "Propio", queuePosition: 1 });
    await t.ctx.db.insert(storeProducts).values({ shopId: reseller.id, productId: resold.id, queuePosition: 0 });
    const response = await t.app.inject({ method: "GET", url: `/api/v1/shops/${reseller.slug}/products` });
    expect(response.json().results.map((item: Item & { in_store: boolean }) => [item.id, item.in_store])).toEqual([
      [resold.id, true],
      [own.id, false],
    ]);
    const detail = await t.app.inject({ method: "GET", url: `/api/v1/shops/${reseller.slug}/products/${resold.id}` });
    expect(detail.statusCode).toBe(200);
    const elsewhere = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/products/${resold.id}` });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("reports matches_estimated from the planner above 2,000 matches, and pages deep into them", async () => {
    const big = await createShop(t.ctx, owner.id);
    await t.ctx.db.execute(sql`insert into products (shop_id, slug, name, type, list_price, stock, queue_position)
      select ${big.id}, 'pieza-' || g, 'Pieza ' || g, 'product', 100 + g, 1, g from generate_series(1, 2500) g`);
    await t.ctx.db.execute(sql`analyze products`);
    const response = await t.app.inject({ method: "GET", url: `/api/v1/shops/${big.slug}/products?limit=30&page=50` });
    const body = response.json() as { results: Item[]; matches_estimated: number };
    expect(body.matches_estimated).toBeGreaterThan(2000);
    expect(body.matches_estimated).toBeLessThan(4000);
    expect(body.results.map((item) => item.queue_position)).toEqual(Array.from({ length: 30 }, (_, index) => 1471 + index));
  });

  it("pages deep into a merged listing (own and resold, tied positions and prices) exactly as the full list orders it", async () => {
    const supplier = await createShop(t.ctx, owner.id);
    const deep = await createShop(t.ctx, owner.id);
    await t.ctx.db.execute(sql`insert into products (shop_id, slug, name, type, list_price, stock, queue_position, created_at)
      select case when g % 4 = 0 then ${supplier.id}::uuid else ${deep.id}::uuid end, 'hondo-' || g, 'Hondo ' || g,
        case when g % 9 = 0 then 'service' else 'product' end, 100 * (g % 17), 1, g % 7, now() - (g % 5) * interval '1 minute'
      from generate_series(1, 260) g`);
    await t.ctx.db.execute(sql`insert into store_products (shop_id, product_id, queue_position)
      select ${deep.id}, id, (hashtext(id::text) & 7) from products where shop_id = ${supplier.id}`);
    type Key = { id: string; position: number; list_price: number; created: number };
    const read = await t.ctx.db.execute(sql`
        select p.id, p.queue_position as position, p.list_price, extract(epoch from p.created_at)::float8 as created from products p where p.shop_id = ${deep.id} and p.type = 'product'
        union all
        select p.id, sp.queue_position, p.list_price, extract(epoch from p.created_at)::float8 from store_products sp join products p on p.id = sp.product_id
        where sp.shop_id = ${deep.id} and p.type = 'product'`);
    const keys = (read as unknown as { rows: Key[] }).rows.map((row) => ({ ...row, created: Number(row.created) }));
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const orders = {
      queue_position: [...keys].sort((a, b) => a.position - b.position || b.created - a.created || byId(a, b)),
      list_price: [...keys].sort((a, b) => a.list_price - b.list_price || byId(a, b)),
      "-list_price": [...keys].sort((a, b) => b.list_price - a.list_price || byId(a, b)),
    };
    for (const [sort, ordered] of Object.entries(orders)) {
      for (const page of [1, 5, 10, 11]) {
        const response = await t.app.inject({
          method: "GET",
          url: `/api/v1/shops/${deep.slug}/products?type=product&limit=20&page=${page}&sort=${sort}`,
        });
        const body = response.json() as { results: Item[]; matches_estimated: number };
        expect(body.matches_estimated).toBe(keys.length);
        expect(
          body.results.map((item) => item.id),
          `${sort} page ${page}`,
        ).toEqual(ordered.slice((page - 1) * 20, page * 20).map((row) => row.id));
      }
    }
  });

  it("keeps a planner-estimated total until this module's next write, then counts again", async () => {
    const headers = await signIn(t.ctx, owner.id);
    const big = await createShop(t.ctx, owner.id);
    await t.ctx.db.execute(sql`insert into products (shop_id, slug, name, type, list_price, stock, queue_position)
      select ${big.id}, 'lote-' || g, 'Lote ' || g, 'product', 100 + g, 1, g from generate_series(1, 2300) g`);
    await t.ctx.db.execute(sql`analyze products`);
    const total = async () =>
      ((await t.app.inject({ method: "GET", url: `/api/v1/shops/${big.slug}/products?limit=5` })).json() as { matches_estimated: number })
        .matches_estimated;
    expect(await total()).toBeGreaterThan(2000);
    await t.ctx.db.execute(sql`delete from products where shop_id = ${big.id} and queue_position > 10`);
    expect(await total()).toBeGreaterThan(2000);
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${big.slug}/products`,
      headers,
      payload: { type: "product", name: "Lote nuevo", list_price: 100, stock: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await total()).toBe(11);
  });

  it("searches the listing with Spanish full text, ignoring accents, with a prefix wildcard", async () => {
    expect((await list("q=talavera")).results.map((item) => item.name).sort()).toEqual([
      "Jarrón de Talavera poblana",
      "Plato de talavera azul",
    ]);
    expect((await list("q=volcanico")).results.map((item) => item.name)).toEqual(["Molcajete volcánico"]);
    expect((await list("q=tala*")).matches_estimated).toBe(2);
    expect((await list("q=telar")).results.map((item) => item.name)).toEqual(["Rebozo de seda"]);
    expect((await list("q=rebozo OR taza")).matches_estimated).toBe(2);
    expect((await list("q=rebozo taza")).matches_estimated).toBe(0);
    expect((await list("q=%26%7C!")).matches_estimated).toBe(40);
  });

  it("filters by category and lists categories by item count", async () => {
    expect((await list("category=Textiles")).matches_estimated).toBe(3);
    const response = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/categories` });
    expect(response.json().results).toEqual([
      { name: "Textiles", count: 3 },
      { name: "Cerámica", count: 2 },
    ]);
  });

  it("autocompletes by prefix in a shop and falls back to trigram similarity for misspellings", async () => {
    const prefix = await t.app.inject({ method: "GET", url: `/api/v1/search/autocomplete?type=product&q=jarr&shop=${shop.slug}` });
    expect(prefix.json().results.map((item: Item) => item.name)).toEqual(["Jarrón de Talavera poblana"]);
    const twoWords = await t.app.inject({ method: "GET", url: `/api/v1/search/autocomplete?type=product&q=barro%20ne&shop=${shop.slug}` });
    expect(twoWords.json().results.map((item: Item) => item.name)).toEqual(["Taza de barro negro"]);
    const typo = await t.app.inject({ method: "GET", url: `/api/v1/search/autocomplete?type=product&q=molcajette&shop=${shop.slug}` });
    expect(typo.json().results.map((item: Item) => item.name)).toEqual(["Molcajete volcánico"]);
    const otherType = await t.app.inject({ method: "GET", url: `/api/v1/search/autocomplete?type=service&q=jarr&shop=${shop.slug}` });
    expect(otherType.json().results).toEqual([]);
  });

  /** The shop's suggestions for `q`, by name. */
  const suggest = async (q: string) =>
    (
      (await t.app.inject({ method: "GET", url: `/api/v1/search/autocomplete?type=product&q=${q}&shop=${shop.slug}` })).json() as {
        results: Item[];
      }
    ).results.map((result) => result.name);

  /** Runs `check` with autocomplete answers kept 60 s, as in production. */
  const withKeptSuggestions = async (check: () => Promise<void>) => {
    const previous = process.env.AUTOCOMPLETE_CACHE_MS;
    process.env.AUTOCOMPLETE_CACHE_MS = "60000";
    try {
      await check();
    } finally {
      if (previous === undefined) delete process.env.AUTOCOMPLETE_CACHE_MS;
      else process.env.AUTOCOMPLETE_CACHE_MS = previous;
    }
  };

  it("keeps autocomplete answers by shop and prefix in production until this module's next write (a rename)", () =>
    withKeptSuggestions(async () => {
      const headers = await signIn(t.ctx, owner.id);
      const item = await createProduct(t.ctx, shop.id, { name: "Huarache de piel" });
      expect(await suggest("huara")).toEqual(["Huarache de piel"]);
      await t.ctx.db.execute(sql`update products set name = 'Huarache de cuero' where id = ${item.id}`);
      expect(await suggest("huara")).toEqual(["Huarache de piel"]);
      const renamed = await t.app.inject({
        method: "PATCH",
        url: `/api/v1/shops/${shop.slug}/products/${item.id}`,
        headers,
        payload: { name: "Huarache de cuero trenzado" },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await suggest("huara")).toEqual(["Huarache de cuero trenzado"]);
      expect(await suggest("trenz")).toEqual(["Huarache de cuero trenzado"]);

      // A write through another module's API forgets the answers too (the app's page-cache hook), not after 60 s.
      await t.ctx.db.execute(sql`update products set name = 'Huarache de cuero natural' where id = ${item.id}`);
      expect(await suggest("huara")).toEqual(["Huarache de cuero trenzado"]);
      const settings = await t.app.inject({
        method: "PATCH",
        url: `/api/v1/shops/${shop.slug}`,
        headers,
        payload: { enabled_payment_types: ["str_card"] },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      expect(await suggest("huara")).toEqual(["Huarache de cuero natural"]);
    }));

  it("keeps autocomplete answers across writes that cannot change the catalogue: a cart quote, a cart line, signing in, an address", () =>
    withKeptSuggestions(async () => {
      const item = await createProduct(t.ctx, shop.id, { name: "Jorongo de lana" });
      expect(await suggest("joron")).toEqual(["Jorongo de lana"]);
      await t.ctx.db.execute(sql`update products set name = 'Jorongo de lana cruda' where id = ${item.id}`);
      const customer = await createUserWithPassword(t.ctx, "secreta123");
      const headers = await signIn(t.ctx, customer.id);
      const line = { product_id: item.id, quantity: 1 };
      const writes = [
        await t.app.inject({ method: "POST", url: `/api/v1/shops/${shop.slug}/cart/quote`, payload: { items: [line] } }),
        await t.app.inject({ method: "PUT", url: `/api/v1/shops/${shop.slug}/cart/items`, headers, payload: line }),
        await t.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { username: customer.username, password: "secreta123" } }),
        await t.app.inject({
          method: "POST",
          url: "/api/v1/me/addresses",
          headers,
          payload: { address_name: "Ana", street_address: "Av. Juárez 10", locality: "Ciudad de México", postal_code: "06050" },
        }),
      ];
      expect(writes.map((response) => response.statusCode)).toEqual([200, 200, 200, 201]);
      expect(await suggest("joron")).toEqual(["Jorongo de lana"]);
      // A write that can change it (the shop's settings) forgets the answers at once.
      const ownerHeaders = await signIn(t.ctx, owner.id);
      const settings = await t.app.inject({
        method: "PATCH",
        url: `/api/v1/shops/${shop.slug}`,
        headers: ownerHeaders,
        payload: { enabled_payment_types: ["str_card"] },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      expect(await suggest("joron")).toEqual(["Jorongo de lana cruda"]);
    }));

  it("lets the shop owner create and edit an item, and answers 403 to anyone else", async () => {
    const headers = await signIn(t.ctx, owner.id);
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/products`,
      headers,
      payload: {
        type: "experience",
        name: "Taller de talavera",
        list_price: 85000,
        stock: 20,
        experience_date: "2030-01-10T16:00:00.000Z",
        variants: { Horario: "Mañana" },
        return_info: { return_type: "72hrs", return_fees: "free" },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      type: "experience",
      slug: "taller-de-talavera",
      variants: { Horario: "Mañana" },
      experience_available: true,
    });

    const edited = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/shops/${shop.slug}/products/${product.id}`,
      headers,
      payload: { list_price: 90000, crossout_price: 99000 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ list_price: 90000, crossout_price: 99000, name: "Taller de talavera" });

    const stranger = await signIn(t.ctx, (await createUser(t.ctx)).id);
    const denied = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/shops/${shop.slug}/products/${product.id}`,
      headers: stranger,
      payload: { list_price: 1 },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe("forbidden");
    const deniedCreate = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/products`,
      headers: stranger,
      payload: { type: "product", name: "X", list_price: 1, stock: 1 },
    });
    expect(deniedCreate.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/products`,
      payload: { type: "product", name: "X", list_price: 1, stock: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers field errors for an invalid item", async () => {
    const headers = await signIn(t.ctx, owner.id);
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/products`,
      headers,
      payload: { type: "product", name: "", list_price: 1000, crossout_price: 500, stock: null },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.field_codes).toMatchObject({ name: "required", crossout_price: "crossout_not_higher", stock: "required" });
  });

  it("keeps an item's SAT keys for its invoices, refusing a malformed product key or a unit SAT's bundled list lacks", async () => {
    const headers = await signIn(t.ctx, owner.id);
    const post = (payload: object) => t.app.inject({ method: "POST", url: `/api/v1/shops/${shop.slug}/products`, headers, payload });
    const item = { type: "product", name: "Rebozo con clave", list_price: 25000, stock: 3 };
    const wrong = await post({ ...item, sat_product_key: "5310250", sat_unit_key: "PZA" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field_codes).toEqual({ sat_product_key: "invoice_product_key_invalid", sat_unit_key: "invoice_unit_key_invalid" });
    const created = await post({ ...item, sat_product_key: "53102500", sat_unit_key: "H87" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ sat_product_key: "53102500", sat_unit_key: "H87" });
    const cleared = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/shops/${shop.slug}/products/${created.json().id}`,
      headers,
      payload: { sat_product_key: null, sat_unit_key: null },
    });
    expect(cleared.json()).toMatchObject({ sat_product_key: null, sat_unit_key: null, name: "Rebozo con clave" });
  });

  it("edits an item's package: weight and the three sides, all or none, with coded field errors in the user's language", async () => {
    const headers = await signIn(t.ctx, owner.id);
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/products`,
      headers,
      payload: { type: "product", name: "Cántaro con paquete", list_price: 45000, stock: 2 },
    });
    expect(created.json()).toMatchObject({ weight_grams: 500, package_cm: null });
    const patch = (payload: object, locale = "es") =>
      t.app.inject({
        method: "PATCH",
        url: `/api/v1/shops/${shop.slug}/products/${created.json().id}`,
        headers: { ...headers, "x-locale": locale },
        payload,
      });
    const sized = await patch({ weight_grams: 1800, package_cm: { length: 35, width: 35, height: 40 } });
    expect(sized.json()).toMatchObject({
      weight_grams: 1800,
      package_cm: { length: 35, width: 35, height: 40 },
      name: "Cántaro con paquete",
    });
    const partial = await patch({ weight_grams: 0, package_cm: { length: 35, width: null, height: 301 } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().field_codes).toEqual({
      weight_grams: "package_weight_invalid",
      "package_cm.width": "package_incomplete",
      "package_cm.height": "package_side_invalid",
    });
    expect((await patch({ package_cm: { length: 35, width: null, height: 40 } }, "es-AR")).json().fields).toEqual({
      "package_cm.width": "Escribí las tres medidas del paquete (largo, ancho y alto) o ninguna.",
    });
    const cleared = await patch({ package_cm: null });
    expect(cleared.json()).toMatchObject({ weight_grams: 1800, package_cm: null });
  });

  it("a reseller cannot edit the supplier's item it resells (403)", async () => {
    const supplier = await createShop(t.ctx, owner.id);
    const item = await createProduct(t.ctx, supplier.id);
    const resellerOwner = await createUser(t.ctx);
    const reseller = await createShop(t.ctx, resellerOwner.id);
    await t.ctx.db.insert(storeProducts).values({ shopId: reseller.id, productId: item.id });
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/shops/${reseller.slug}/products/${item.id}`,
      headers: await signIn(t.ctx, resellerOwner.id),
      payload: { list_price: 1 },
    });
    expect(response.statusCode).toBe(403);
  });

  it("uploads photos through sharp: 400x300, 350x419 and large WebP variants, the original kept; deleting removes all four", async () => {
    const headers = await signIn(t.ctx, owner.id);
    const item = await createProduct(t.ctx, shop.id, { name: "Con fotos" });
    const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
    const boundary = "----tianguis";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/products/${item.id}/photos`,
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const uploaded = (response.json() as Item).images.at(-1)!;
    const thumb = await t.app.inject({ method: "GET", url: uploaded.thumb });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    const card = await t.app.inject({ method: "GET", url: uploaded.card });
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 350, height: 419 });
    const original = await t.app.inject({ method: "GET", url: uploaded.original });
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ width: 900, height: 700 });
    // The detail page's main photo (issue 16): fitted inside 800x800, as WebP, far fewer bytes than the original.
    const large = await t.app.inject({ method: "GET", url: uploaded.large! });
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: "webp", width: 800, height: 622 });
    expect(large.rawPayload.length).toBeLessThan(original.rawPayload.length);

    const files = [uploaded.original, uploaded.thumb, uploaded.card, uploaded.large!].map((url) =>
      path.join(t.ctx.config.uploadDir, url.replace("/media/", "")),
    );
    expect(files.every((file) => fs.existsSync(file))).toBe(true);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/shops/${shop.slug}/products/${item.id}/photos/${uploaded.id}`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((deleted.json() as Item).images.map((image) => image.id)).not.toContain(uploaded.id);
    expect(files.filter((file) => fs.existsSync(file))).toEqual([]);

    const text = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
      ),
    ]);
    const rejected = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/products/${item.id}/photos`,
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: text,
    });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().code).toBe("image_rejected_product");
  });
});

describe("autocomplete from the shop's in-memory index", () => {
  let t: TestApp;
  let owner: { id: string };
  let shop: { id: string; slug: string };
  const previous = { index: process.env.AUTOCOMPLETE_INDEX, rebuild: process.env.AUTOCOMPLETE_REBUILD_MS };
  beforeAll(async () => {
    process.env.AUTOCOMPLETE_INDEX = "on";
    process.env.AUTOCOMPLETE_REBUILD_MS = "0";
    t = await createTestApp();
    owner = await createUser(t.ctx);
    shop = await createShop(t.ctx, owner.id, { name: "Casa Índice" });
    const items: [string, number, string?][] = [
      ["Vaso de vidrio soplado", 0, "Base de barro"],
      ["Taza de barro negro", 1],
      ["Jarrón de Talavera poblana", 2],
      ["Platos de cobre martillado", 3],
      ["Barro negro de Oaxaca", 9],
    ];
    for (const [name, queuePosition, description] of items) await createProduct(t.ctx, shop.id, { name, queuePosition, description });
  });
  afterAll(async () => {
    for (const [name, value] of [
      ["AUTOCOMPLETE_INDEX", previous.index],
      ["AUTOCOMPLETE_REBUILD_MS", previous.rebuild],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await t.close();
  });

  const ask = async (slug: string, q: string) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/search/autocomplete?type=product&shop=${slug}&q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: (Item & { owner_slug: string })[] }).results;
  };
  const names = async (slug: string, q: string) => (await ask(slug, q)).map((item) => item.name);
  /** The answer once the shop's index is built: a question starts the build, and the SQL autocomplete answers meanwhile. */
  const fromIndex = async (slug: string, q: string) => {
    await ask(slug, q);
    await autocompleteBuildsSettled(t.ctx.db);
    return names(slug, q);
  };
  /** An item of the shop's owner created through the API, as the admin page does. */
  const addItem = async (headers: Record<string, string>, name: string, fields: { list_price: number; stock: number }) => {
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/products`,
      headers,
      payload: { type: "product", name, ...fields },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as Item;
  };

  it("answers prefixes, two words, accents and Spanish stems, ranked, as the SQL autocomplete does", async () => {
    const expected: [string, string[]][] = [
      ["jarr", ["Jarrón de Talavera poblana"]],
      ["JARRÓN", ["Jarrón de Talavera poblana"]],
      ["barro ne", ["Taza de barro negro", "Barro negro de Oaxaca"]],
      ["plato", ["Platos de cobre martillado"]],
      ["tazas", ["Taza de barro negro"]],
      // The name's word (weight A) ranks above the description's (B), whatever the queue position.
      ["barro", ["Taza de barro negro", "Barro negro de Oaxaca", "Vaso de vidrio soplado"]],
      ["de", []],
    ];
    for (const [q, found] of expected) {
      expect(await fromIndex(shop.slug, q), q).toEqual(found);
      const sqlAnswer = await autocomplete(t.ctx, { q, type: "product", shopId: shop.id, limit: 8 });
      expect(
        sqlAnswer.map((item) => item.name),
        q,
      ).toEqual(found);
    }
  });

  it("finds the items a shop resells in its own answers, and never another shop's", async () => {
    const supplier = await createShop(t.ctx, owner.id, { name: "Taller Copal" });
    const resold = await createProduct(t.ctx, supplier.id, { name: "Alebrije de copal" });
    await createProduct(t.ctx, supplier.id, { name: "Alebrije de papel" });
    const reseller = await createShop(t.ctx, (await createUser(t.ctx)).id);
    await createProduct(t.ctx, reseller.id, { name: "Alebrije de madera", queuePosition: 1 });
    await t.ctx.db.insert(storeProducts).values({ shopId: reseller.id, productId: resold.id, queuePosition: 0 });
    expect(await fromIndex(reseller.slug, "alebr")).toEqual(["Alebrije de copal", "Alebrije de madera"]);
    expect((await ask(reseller.slug, "alebrije copal"))[0]).toMatchObject({ id: resold.id, owner_slug: supplier.slug });
    expect(await fromIndex(shop.slug, "alebr")).toEqual([]);
  });

  it("shows an item renamed, unpublished or hidden through the API in the next answer, then from the rebuilt index", async () => {
    const headers = await signIn(t.ctx, owner.id);
    const { id } = await addItem(headers, "Huipil bordado", { list_price: 100, stock: 1 });
    expect(await fromIndex(shop.slug, "huip")).toEqual(["Huipil bordado"]);
    // Behind the API's back the index keeps what it read: the answers above came from it.
    await t.ctx.db.execute(sql`update products set name = 'Huipil cambiado' where id = ${id}`);
    expect(await names(shop.slug, "huip")).toEqual(["Huipil bordado"]);

    const edit = async (payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: "PATCH", url: `/api/v1/shops/${shop.slug}/products/${id}`, headers, payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit({ name: "Huipil de gala" });
    expect(await names(shop.slug, "huip")).toEqual(["Huipil de gala"]);
    expect(await fromIndex(shop.slug, "huip")).toEqual(["Huipil de gala"]);
    await edit({ list_state: "unpublished" });
    expect(await names(shop.slug, "huip")).toEqual([]);
    expect(await fromIndex(shop.slug, "huip")).toEqual([]);
    await edit({ list_state: "published" });
    expect(await fromIndex(shop.slug, "huip")).toEqual(["Huipil de gala"]);
    await edit({ list_state: "hidden" });
    expect(await names(shop.slug, "huip")).toEqual([]);
    await edit({ list_state: "published" });
    expect(await fromIndex(shop.slug, "huip")).toEqual(["Huipil de gala"]);

    // Another module's write (the shop's settings) makes the index stale too.
    await t.ctx.db.execute(sql`update products set name = 'Huipil de fiesta' where id = ${id}`);
    expect(await names(shop.slug, "huip")).toEqual(["Huipil de gala"]);
    const settings = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/shops/${shop.slug}`,
      headers,
      payload: { enabled_payment_types: ["str_card"] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(await names(shop.slug, "huip")).toEqual(["Huipil de fiesta"]);
    expect(await fromIndex(shop.slug, "huip")).toEqual(["Huipil de fiesta"]);
  });

  it("keeps the index across a paid purchase and an order's steps, while the kept listing shows the new stock at once", async () => {
    const previousListing = process.env.LISTING_CACHE_MS;
    process.env.LISTING_CACHE_MS = "60000";
    try {
      const headers = await signIn(t.ctx, owner.id);
      const item = await addItem(headers, "Rebozo de bolita", { list_price: 45000, stock: 3 });
      expect(await fromIndex(shop.slug, "reboz")).toEqual(["Rebozo de bolita"]);
      // Behind the API's back: an answer with the old name can only come from the index built before.
      await t.ctx.db.execute(sql`update products set name = 'Rebozo de Santa María' where id = ${item.id}`);
      const stock = async () => {
        const response = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/products?limit=30` });
        return (response.json() as { results: (Item & { stock: number })[] }).results.find((found) => found.id === item.id)?.stock;
      };
      expect(await stock()).toBe(3);
      const forgotten = catalogAnswersForgotten();

      const created = await t.app.inject({
        method: "POST",
        url: `/api/v1/shops/${shop.slug}/checkout`,
        payload: {
          items: [{ product_id: item.id, quantity: 2 }],
          contact: { full_name: "Ana López", email: "ana@example.com", phone: "5512345678" },
          delivery_type: "to_branch",
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
      const paid = await payBySandboxCard(t.app, purchase);
      expect(paid.json().status, paid.body).toBe("paid");
      expect(await stock()).toBe(1);
      expect(await names(shop.slug, "reboz")).toEqual(["Rebozo de bolita"]);

      const orderUrl = `/api/v1/shops/${shop.slug}/orders/${purchase.orders[0].id}`;
      const confirmed = await t.app.inject({
        method: "POST",
        url: `${orderUrl}/next`,
        headers,
        payload: { from: "paid", estimated_delivery_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const cancelled = await t.app.inject({ method: "POST", url: `${orderUrl}/cancel`, headers, payload: { reason: "Sin existencias" } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await stock()).toBe(3);
      expect(await names(shop.slug, "reboz")).toEqual(["Rebozo de bolita"]);
      expect(catalogAnswersForgotten()).toBe(forgotten);
    } finally {
      if (previousListing === undefined) delete process.env.LISTING_CACHE_MS;
      else process.env.LISTING_CACHE_MS = previousListing;
    }
  });
});
