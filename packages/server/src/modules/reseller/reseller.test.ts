import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, storeProducts } from "../../db/schema/catalog";
import { catalogueProducts } from "../../db/schema/catalogues";
import { bulkAdds } from "../../db/schema/reseller";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";

type Method = "GET" | "POST" | "PUT" | "DELETE";

describe("reseller picker API", () => {
  let t: TestApp;
  let store: Awaited<ReturnType<typeof createShop>>;
  let supplier: Awaited<ReturnType<typeof createShop>>;
  let owner: Record<string, string>;
  let supplierOwner: Record<string, string>;
  let stranger: Record<string, string>;
  const api = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ds = (margin: number, values: Parameters<typeof createProduct>[2] = {}) => ({
    isDropshipping: true,
    contributionMargin: margin,
    listPrice: margin * 2,
    ...values,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const reseller = await createUser(t.ctx, { userLevel: 1 });
    store = await createShop(t.ctx, reseller.id, { storeType: "affiliate", name: "Reventa" });
    owner = await signIn(t.ctx, reseller.id);
    const supplierUser = await createUser(t.ctx);
    supplier = await createShop(t.ctx, supplierUser.id, { name: "Barro Negro" });
    supplierOwner = await signIn(t.ctx, supplierUser.id);
    stranger = await signIn(t.ctx, (await createUser(t.ctx)).id);
  });
  afterAll(async () => t.close());

  const waitDone = async (id: string) => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const view = (await api("GET", `/shops/${store.slug}/picker/bulk-adds/${id}`, owner)).json();
      if (view.state !== "running") return view;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("bulk add did not finish");
  };
  const storeCount = async (shopId: string) => {
    const [{ n }] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storeProducts)
      .where(eq(storeProducts.shopId, shopId));
    return Number(n);
  };

  it("lists other suppliers' dropshipping items by margin, with in_store, and never non-dropshipping ones", async () => {
    const low = await createProduct(t.ctx, supplier.id, ds(1000, { name: "Olla de barro", category: "Cocina" }));
    const high = await createProduct(t.ctx, supplier.id, ds(9000, { name: "Jarrón negro", category: "Decoración", crossoutPrice: 25000 }));
    const plain = await createProduct(t.ctx, supplier.id, { name: "Cazuela sin reventa" });
    const own = await createProduct(t.ctx, store.id, ds(5000, { name: "Propio" }));
    const page = (await api("GET", `/shops/${store.slug}/picker/products?dssupplier=${supplier.id}`, owner)).json();
    expect(page.shop_id).toBe(store.id);
    expect(page.results.map((row: { id: string }) => row.id)).toEqual([high.id, low.id]);
    expect(page.matches_estimated).toBe(2);
    expect(page.results[0]).toMatchObject({
      in_store: false,
      contribution_margin: 9000,
      earning: 4500,
      crossout_price: 25000,
      owner: supplier.id,
    });
    const ids = (await api("GET", `/shops/${store.slug}/picker/products?limit=50`, owner))
      .json()
      .results.map((row: { id: string }) => row.id);
    expect(ids).not.toContain(plain.id);
    expect(ids).not.toContain(own.id);
    const text = (await api("GET", `/shops/${store.slug}/picker/products?text=jarr`, owner)).json();
    expect(text.results.map((row: { name: string }) => row.name)).toEqual(["Jarrón negro"]);
    const category = (await api("GET", `/shops/${store.slug}/picker/products?category=Cocina`, owner)).json();
    expect(category.results.map((row: { id: string }) => row.id)).toEqual([low.id]);
    const bySort = (
      await api("GET", `/shops/${store.slug}/picker/products?sort=contribution_margin&dssupplier=${supplier.id}`, owner)
    ).json();
    expect(bySort.results[0].id).toBe(low.id);
  });

  it("adds an item once even when added twice at the same time, refuses non-dropshipping items, and removes", async () => {
    const item = await createProduct(t.ctx, supplier.id, ds(3000, { name: "Alebrije" }));
    const responses = await Promise.all(
      [0, 1, 2].map(() => api("POST", `/shops/${store.slug}/store-products`, owner, { product_id: item.id })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const rows = await t.ctx.db
      .select()
      .from(storeProducts)
      .where(and(eq(storeProducts.shopId, store.id), eq(storeProducts.productId, item.id)));
    expect(rows).toHaveLength(1);
    const found = (await api("GET", `/shops/${store.slug}/picker/products?text=alebrije`, owner)).json();
    expect(found.results[0].in_store).toBe(true);
    const plain = await createProduct(t.ctx, supplier.id, { name: "No revendible" });
    const refused = await api("POST", `/shops/${store.slug}/store-products`, owner, { product_id: plain.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("invalid_product");
    const past = await createProduct(
      t.ctx,
      supplier.id,
      ds(100, { type: "experience", experienceDate: new Date(Date.now() - 86_400_000) }),
    );
    const concluded = await api("POST", `/shops/${store.slug}/store-products`, owner, { product_id: past.id });
    expect(concluded.json().code).toBe("experience_concluded");
    expect((await api("DELETE", `/shops/${store.slug}/store-products/${item.id}`, owner)).json().in_store).toBe(false);
  });

  it("lets a supplier sell only through approved resellers: hidden from the picker, refused, then allowed once approved", async () => {
    const picky = await createShop(t.ctx, (await createUser(t.ctx)).id, { name: "Proveedor Exclusivo" });
    const pickyOwner = await signIn(t.ctx, picky.ownerId);
    const item = await createProduct(t.ctx, picky.id, ds(4000, { name: "Rebozo exclusivo" }));
    expect((await api("PUT", `/shops/${picky.slug}/dropshipping/policy`, pickyOwner, { audience: "approved" })).json()).toEqual({
      audience: "approved",
    });
    const search = () => api("GET", `/shops/${store.slug}/picker/products?dssupplier=${picky.id}`, owner);
    expect((await search()).json().matches_estimated).toBe(0);
    const refused = await api("POST", `/shops/${store.slug}/store-products`, owner, { product_id: item.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("reseller_access_required");
    const suppliers = (await api("GET", `/shops/${store.slug}/picker/dssuppliers?text=exclusivo`, owner)).json();
    expect(suppliers.results).toEqual([expect.objectContaining({ id: picky.id, access: "none" })]);

    const requested = await api("POST", `/shops/${store.slug}/picker/dssuppliers/${picky.id}/access`, owner);
    expect(requested.statusCode).toBe(201);
    expect(requested.json().access).toBe("pending");
    const inbox = (await api("GET", `/shops/${picky.slug}/dropshipping/requests?state=pending`, pickyOwner)).json();
    expect(inbox.results).toEqual([expect.objectContaining({ reseller: expect.objectContaining({ id: store.id }), state: "pending" })]);
    const rejected = await api("PUT", `/shops/${picky.slug}/dropshipping/requests/${store.id}`, pickyOwner, { state: "rejected" });
    expect(rejected.json().state).toBe("rejected");
    expect((await api("POST", `/shops/${store.slug}/store-products`, owner, { product_id: item.id })).statusCode).toBe(403);
    await api("POST", `/shops/${store.slug}/picker/dssuppliers/${picky.id}/access`, owner);
    await api("PUT", `/shops/${picky.slug}/dropshipping/requests/${store.id}`, pickyOwner, { state: "approved" });
    expect((await search()).json().matches_estimated).toBe(1);
    expect((await api("POST", `/shops/${store.slug}/store-products`, owner, { product_id: item.id })).statusCode).toBe(201);
    const revoked = await api("PUT", `/shops/${picky.slug}/dropshipping/requests/${store.id}`, pickyOwner, { state: "rejected" });
    expect(revoked.statusCode).toBe(200);
    const status = await api("GET", `/shops/${store.slug}/store-products/${item.id}`, owner);
    expect(status.json().in_store).toBe(false);
    const unknown = await api("PUT", `/shops/${picky.slug}/dropshipping/requests/${supplier.id}`, pickyOwner, { state: "approved" });
    expect(unknown.statusCode).toBe(404);
  });

  it("keeps an item the store has in the list after its supplier unpublishes it (shown faded), and hides other unpublished ones", async () => {
    const kept = await createProduct(t.ctx, supplier.id, ds(700, { name: "Comal que se retira" }));
    const never = await createProduct(t.ctx, supplier.id, ds(700, { name: "Comal borrador", listState: "unpublished" }));
    await api("POST", `/shops/${store.slug}/store-products`, owner, { product_id: kept.id });
    await t.ctx.db.update(products).set({ listState: "unpublished" }).where(eq(products.id, kept.id));
    const found = (await api("GET", `/shops/${store.slug}/picker/products?text=comal`, owner)).json();
    expect(found.results).toEqual([expect.objectContaining({ id: kept.id, list_state: "unpublished", in_store: true })]);
    expect(found.results.map((row: { id: string }) => row.id)).not.toContain(never.id);
    const bulk = (
      await api("POST", `/shops/${store.slug}/picker/bulk-adds`, owner, { key: "bulk-key-comal", filters: { text: "comal" } })
    ).json();
    expect(bulk.total).toBe(0);
  });

  it("lets a franchise store switch to its own supplier's items ('Mis productos'), dropshipping or not", async () => {
    const root = await createShop(t.ctx, (await createUser(t.ctx)).id, { storeType: "franchise", name: "Matriz" });
    const ownItem = await createProduct(t.ctx, root.id, { name: "Receta de la casa" });
    const franchiseUser = await createUser(t.ctx);
    const branch = await createShop(t.ctx, franchiseUser.id, { storeType: "franchise", rootShopId: root.id });
    const branchOwner = await signIn(t.ctx, franchiseUser.id);
    const mine = (await api("GET", `/shops/${branch.slug}/picker/products?scope=mine`, branchOwner)).json();
    expect(mine.results.map((row: { id: string }) => row.id)).toEqual([ownItem.id]);
    expect((await api("POST", `/shops/${branch.slug}/store-products`, branchOwner, { product_id: ownItem.id })).statusCode).toBe(201);
    // An affiliate store asking for 'mine' still sees only other suppliers' dropshipping items.
    const affiliate = (await api("GET", `/shops/${store.slug}/picker/products?scope=mine&limit=50`, owner)).json();
    expect(affiliate.results.map((row: { id: string }) => row.id)).not.toContain(ownItem.id);
  });

  it("pages suppliers and categories with a name filter", async () => {
    const suppliers = (await api("GET", `/shops/${store.slug}/picker/dssuppliers?text=barro`, owner)).json();
    expect(suppliers.results).toEqual([{ id: supplier.id, name: "Barro Negro", slug: supplier.slug, image: null, access: "open" }]);
    const categories = (await api("GET", `/shops/${store.slug}/picker/categories`, owner)).json();
    expect(categories.results.map((row: { name: string }) => row.name)).toEqual(["Cocina", "Decoración"]);
    const filtered = (await api("GET", `/shops/${store.slug}/picker/categories?name=decora`, owner)).json();
    expect(filtered).toEqual({ results: [{ id: "Decoración", name: "Decoración", slug: "decoracion" }], matches_estimated: 1 });
  });

  it("adds 1,200 filtered items to a new catalogue with progress, and a retry with the same key adds nothing twice", async () => {
    const bulkSupplier = await createShop(t.ctx, (await createUser(t.ctx)).id, { name: "Mayoreo" });
    await t.ctx.db.execute(sql`insert into ${products} (shop_id, slug, name, type, list_price, is_dropshipping, contribution_margin, stock)
      select ${bulkSupplier.id}, 'bulk-' || n, 'Pieza ' || n, 'product', 10000, true, 100 + n, 5 from generate_series(1, 1200) n`);
    const body = { key: "bulk-key-0001", filters: { dssupplier: bulkSupplier.id, type: "product" }, new_catalogue_name: "Todo Mayoreo" };
    const [first, second] = await Promise.all([
      api("POST", `/shops/${store.slug}/picker/bulk-adds`, owner, body),
      api("POST", `/shops/${store.slug}/picker/bulk-adds`, owner, body),
    ]);
    expect(first.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(first.json().total).toBe(1200);
    const done = await waitDone(first.json().id);
    expect(done).toMatchObject({
      state: "done",
      total: 1200,
      processed: 1200,
      catalogue: expect.objectContaining({ name: "Todo Mayoreo" }),
    });
    const retry = await api("POST", `/shops/${store.slug}/picker/bulk-adds`, owner, body);
    expect(retry.json().id).toBe(first.json().id);
    const again = await api("POST", `/shops/${store.slug}/picker/bulk-adds`, owner, {
      ...body,
      key: "bulk-key-0002",
      new_catalogue_name: undefined,
      catalogue_id: done.catalogue.id,
    });
    await waitDone(again.json().id);
    const resold = await t.ctx.db.execute(sql`select count(*)::int as n, count(distinct product_id)::int as d from ${storeProducts} sp
      join ${products} p on p.id = sp.product_id where sp.shop_id = ${store.id} and p.shop_id = ${bulkSupplier.id}`);
    const [counts] = (Array.isArray(resold) ? resold : (resold as { rows: { n: number; d: number }[] }).rows) as { n: number; d: number }[];
    expect(Number(counts.n)).toBe(1200);
    expect(Number(counts.d)).toBe(1200);
    const inCatalogue = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogueProducts)
      .where(eq(catalogueProducts.catalogueId, done.catalogue.id));
    expect(Number(inCatalogue[0].n)).toBe(1200);
    const listing = (await api("GET", `/shops/${store.slug}/catalogues/${done.catalogue.id}`)).json();
    expect(listing.num_products).toBe(1200);
    const estimate = (
      await api("GET", `/shops/${store.slug}/picker/products?dssupplier=${bulkSupplier.id}&check_at_least=1000`, owner)
    ).json();
    expect(estimate.matches_estimated).toBeGreaterThanOrEqual(1000);
    expect(estimate.results[0].contribution_margin).toBe(1300);
    expect(await storeCount(store.id)).toBeGreaterThanOrEqual(1200);
  });

  it("resumes a bulk add its process left half done from the job runner, adding each item once", async () => {
    const resumeSupplier = await createShop(t.ctx, (await createUser(t.ctx)).id, { name: "Reanudable" });
    await t.ctx.db.execute(sql`insert into ${products} (shop_id, slug, name, type, list_price, is_dropshipping, contribution_margin, stock)
      select ${resumeSupplier.id}, 'resume-' || n, 'Resto ' || n, 'product', 5000, true, 50, 5 from generate_series(1, 700) n`);
    const started = await api("POST", `/shops/${store.slug}/picker/bulk-adds`, owner, {
      key: "bulk-key-resume",
      filters: { dssupplier: resumeSupplier.id },
    });
    const done = await waitDone(started.json().id);
    expect(done.total).toBe(700);
    // As if the process died after the first batch of 500: the rest never reached the store.
    const ids = await t.ctx.db.execute(sql`select id from ${products} where shop_id = ${resumeSupplier.id} order by id`);
    const ordered = (Array.isArray(ids) ? ids : (ids as { rows: { id: string }[] }).rows) as { id: string }[];
    const cursor = ordered[499].id;
    await t.ctx.db.execute(sql`delete from ${storeProducts} sp using ${products} p
      where sp.shop_id = ${store.id} and p.id = sp.product_id and p.shop_id = ${resumeSupplier.id} and p.id > ${cursor}`);
    await t.ctx.db.update(bulkAdds).set({ state: "running", processed: 500, cursor, finishedAt: null }).where(eq(bulkAdds.id, done.id));
    t.clock.advance(3 * 60 * 1000);
    await runDueJobs(t.ctx);
    const resumed = (await api("GET", `/shops/${store.slug}/picker/bulk-adds/${done.id}`, owner)).json();
    expect(resumed).toMatchObject({ state: "done", processed: 700, total: 700 });
    const counted = await t.ctx.db.execute(sql`select count(*)::int as n, count(distinct sp.product_id)::int as d from ${storeProducts} sp
      join ${products} p on p.id = sp.product_id where sp.shop_id = ${store.id} and p.shop_id = ${resumeSupplier.id}`);
    const [counts] = (Array.isArray(counted) ? counted : (counted as { rows: { n: number; d: number }[] }).rows) as {
      n: number;
      d: number;
    }[];
    expect([Number(counts.n), Number(counts.d)]).toEqual([700, 700]);
  });

  it("refuses a catalogue of another shop and a bad body", async () => {
    const other = await createShop(t.ctx, (await createUser(t.ctx)).id);
    const foreign = await api("POST", `/shops/${other.slug}/catalogues`, await signIn(t.ctx, other.ownerId), { name: "Ajeno" });
    const bad = await api("POST", `/shops/${store.slug}/picker/bulk-adds`, owner, {
      key: "bulk-key-0003",
      filters: {},
      catalogue_id: foreign.json().id,
    });
    expect(bad.statusCode).toBe(404);
    expect((await api("POST", `/shops/${store.slug}/picker/bulk-adds`, owner, { key: "x", filters: {} })).statusCode).toBe(400);
    expect((await api("GET", `/shops/${store.slug}/picker/products?dssupplier=nope`, owner)).statusCode).toBe(400);
  });

  it("answers 401 to visitors and 403 to customers and other shops' owners on every route", async () => {
    const customer = await signIn(t.ctx, (await createUser(t.ctx, { userLevel: 0 })).id);
    const bulk = (
      await api("POST", `/shops/${store.slug}/picker/bulk-adds`, owner, { key: "bulk-key-auth", filters: { text: "nada-coincide" } })
    ).json();
    const routes: [Method, string, unknown?][] = [
      ["GET", `/shops/${store.slug}/picker/products`],
      ["GET", `/shops/${store.slug}/picker/dssuppliers`],
      ["GET", `/shops/${store.slug}/picker/categories`],
      ["POST", `/shops/${store.slug}/picker/bulk-adds`, { key: "bulk-key-auth2", filters: {} }],
      ["GET", `/shops/${store.slug}/picker/bulk-adds/${bulk.id}`],
      ["POST", `/shops/${store.slug}/picker/dssuppliers/${supplier.id}/access`],
      ["GET", `/shops/${supplier.slug}/dropshipping/policy`],
      ["PUT", `/shops/${supplier.slug}/dropshipping/policy`, { audience: "approved" }],
      ["GET", `/shops/${supplier.slug}/dropshipping/requests`],
      ["PUT", `/shops/${supplier.slug}/dropshipping/requests/${store.id}`, { state: "approved" }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await api(method, url, {}, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const [who, headers] of [
        ["customer", customer],
        ["stranger", stranger],
      ] as const) {
        const response = await api(method, url, headers, payload);
        expect(response.statusCode, `${method} ${url} ${who}`).toBe(403);
        expect(response.json().code).toBe("forbidden");
      }
    }
    // Each side's owner reaches its own routes.
    expect((await api("GET", `/shops/${supplier.slug}/dropshipping/policy`, supplierOwner)).json()).toEqual({ audience: "all" });
    expect((await api("GET", `/shops/${store.slug}/picker/bulk-adds/${bulk.id}`, owner)).statusCode).toBe(200);
    // Another shop's owner cannot read this store's bulk add through its own shop either.
    const otherStore = await createShop(t.ctx, (await createUser(t.ctx)).id);
    const otherOwner = await signIn(t.ctx, otherStore.ownerId);
    expect((await api("GET", `/shops/${otherStore.slug}/picker/bulk-adds/${bulk.id}`, otherOwner)).statusCode).toBe(404);
  });
});
