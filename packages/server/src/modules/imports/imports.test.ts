import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts } from "../../db/schema/alerts";
import { products } from "../../db/schema/catalog";
import { productImports } from "../../db/schema/imports";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createTestApp } from "../../test/harness";
import { type Persona, type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";
import { rowsOf } from "../../db/client";

/**
 * Product imports (issue 29 §1) through HTTP: the dry run writes no product, 'Importar' writes each valid row once
 * (created, or updated by SKU), the alert reaches whoever started it, bad files are coded errors that write nothing, and a
 * batch that fails half way leaves nothing of itself and is finished once by the job runner.
 */

const header = "sku,nombre,tipo,precio,precio_anterior,existencias,categoria,descripcion,dropshipping,margen,peso_g";

function multipart(filename: string, data: Buffer, contentType = "text/csv") {
  const boundary = "----tianguis-import";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe("product imports API", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  const api = (method: "GET" | "POST", url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers });
  const upload = (filename: string, data: Buffer, as: Persona = "owner", contentType?: string, slug = cast.shop.slug) => {
    const body = multipart(filename, data, contentType);
    return t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${slug}/imports`,
      headers: { ...cast.as[as], "content-type": body.contentType },
      payload: body.payload,
    });
  };
  const shopProducts = async (shopId = cast.shop.id) =>
    t.ctx.db
      .select({ sku: products.sku, name: products.name, listPrice: products.listPrice, stock: products.stock })
      .from(products)
      .where(sql`${products.shopId} = ${shopId}`)
      .orderBy(products.sku);
  const importCount = async () => rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from ${productImports}`))[0].n;
  const waitDone = async (id: string) => {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const view = (await api("GET", `/shops/${cast.shop.slug}/imports/${id}`, cast.as.owner)).json();
      if (view.state === "done") return view;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("import did not finish");
  };

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Telar de Lucía" } });
  });
  afterAll(async () => t.close());

  it("offers the template with its columns as CSV and XLSX, to anyone", async () => {
    const csv = await api("GET", "/imports/template?format=csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const [first, product, experience] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(first).toBe(`${header},largo_cm,ancho_cm,alto_cm,fotos,fecha_experiencia,hora_experiencia`);
    expect(product).toMatch(/^REB-001,/);
    expect(experience).toMatch(/^TALLER-001,Taller de telar de cintura,experiencia,.*,14\/03\/2027,11:00$/);
    const xlsx = await api("GET", "/imports/template?format=xlsx");
    expect(xlsx.headers["content-disposition"]).toContain("plantilla-productos.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(1).values).toEqual([undefined, ...first.split(",")]);
    expect(workbook.worksheets[0].getRow(2).getCell(1).value).toBe("REB-001");
  });

  it("dry-runs a file with mistakes: counts to create, to update by SKU and rejected with line and code, writing no product", async () => {
    await createProduct(t.ctx, cast.shop.id, { sku: "EXISTE-1", name: "Huipil viejo", listPrice: 10000 });
    const before = await shopProducts();
    const file = [
      header,
      "NUEVO-1,Rebozo de seda,producto,1250.00,1500,12,Textiles,Tejido a mano,si,250,400",
      "EXISTE-1,Huipil bordado,producto,890,,3,Textiles,,no,,",
      'MALO-1,"=HYPERLINK(""http://malo.example"",""gana"")",producto,100,,1,,,no,,',
      "MALO-2,Jarro negativo,producto,-5,,1,,,no,,",
      "DOBLE,Primero,producto,100,,1,,,no,,",
      "DOBLE,Segundo,producto,100,,1,,,no,,",
      "",
      "NUEVO-2,Clase de telar,servicio,300,,,,,no,,",
    ].join("\r\n");
    const response = await upload("mis-productos.csv", Buffer.from(file));
    expect(response.statusCode).toBe(201);
    const view = response.json();
    expect(view).toMatchObject({
      file_name: "mis-productos.csv",
      state: "previewed",
      total_rows: 7,
      to_create: 2,
      to_update: 1,
      rejected: 4,
      processed: 0,
      shop: { slug: cast.shop.slug, name: "Telar de Lucía" },
    });
    expect(view.errors).toEqual([
      { line: 4, code: "import_formula_rejected", column: "nombre" },
      { line: 5, code: "import_negative_price", column: "precio" },
      { line: 6, code: "import_duplicate_sku", column: "sku" },
      { line: 7, code: "import_duplicate_sku", column: "sku" },
    ]);
    expect(await shopProducts()).toEqual(before);
  });

  it("reads a Latin-1 file with semicolons, as Mexican Excel saves it", async () => {
    const file = ["SKU;Nombre;Precio;Existencias;Descripción", "LAT-1;Mantel bordado Oaxaqueño;1.250,50;4;Algodón y hilo"].join("\r\n");
    const view = (await upload("latin.csv", iconv.encode(file, "windows-1252"))).json();
    expect(view).toMatchObject({ to_create: 1, rejected: 0 });
    const done = await waitDone((await api("POST", `/shops/${cast.shop.slug}/imports/${view.id}/run`, cast.as.owner)).json().id);
    expect(done).toMatchObject({ created: 1, updated: 0 });
    const [item] = (await shopProducts()).filter((row) => row.sku === "LAT-1");
    expect(item).toEqual({ sku: "LAT-1", name: "Mantel bordado Oaxaqueño", listPrice: 125050, stock: 4 });
  });

  it("reads an XLSX and refuses its formula cells", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Hoja1");
    sheet.addRow(["sku", "nombre", "precio", "existencias"]);
    sheet.addRow(["XL-1", "Molcajete", 450.5, 2]);
    sheet.addRow(["XL-2", { formula: 'HYPERLINK("http://malo.example","clic")', result: "clic" }, 100, 1]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const view = (await upload("hoja.xlsx", data)).json();
    expect(view).toMatchObject({ total_rows: 2, to_create: 1, rejected: 1 });
    expect(view.errors).toEqual([{ line: 3, code: "import_formula_rejected", column: "nombre" }]);
  });

  it.each([
    ["an empty file", "vacio.csv", Buffer.alloc(0), 400, "import_file_empty"],
    ["a header without rows", "solo.csv", Buffer.from(`${header}\r\n\r\n`), 400, "import_file_empty"],
    ["a PDF", "catalogo.pdf", Buffer.from("%PDF-1.7 ..."), 415, "import_file_type"],
    ["binary bytes named .csv", "foto.csv", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), 415, "import_file_type"],
    ["a CSV named .xlsx", "falso.xlsx", Buffer.from(`${header}\r\nA,B,1`), 415, "import_file_type"],
    ["a file without the SKU column", "sin-sku.csv", Buffer.from("nombre,precio\r\nRebozo,100"), 400, "import_missing_columns"],
    ["a 50 MB file", "enorme.csv", Buffer.alloc(50 * 1024 * 1024, "a"), 413, "import_file_too_large"],
  ])("refuses %s with a coded error and writes nothing", async (_what, name, data, status, code) => {
    const [imports, items] = [await importCount(), await shopProducts()];
    const response = await upload(name, data);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    expect(response.json().message).not.toBe("");
    expect([await importCount(), await shopProducts()]).toEqual([imports, items]);
  });

  it("imports the valid rows once, creating and updating by SKU, and alerts whoever started it", async () => {
    const file = [
      header,
      "RUN-1,Sarape,producto,700,,5,,,no,,",
      "EXISTE-1,Huipil bordado,producto,890,,3,,,no,,",
      "RUN-BAD,X,coche,1,,,,,no,,",
    ];
    const view = (await upload("corrida.csv", Buffer.from(file.join("\n")), "admin")).json();
    expect(view).toMatchObject({ to_create: 1, to_update: 1, rejected: 1 });
    const started = await api("POST", `/shops/${cast.shop.slug}/imports/${view.id}/run`, cast.as.admin);
    expect(started.statusCode).toBe(200);
    const done = await waitDone(view.id);
    expect(done).toMatchObject({ state: "done", processed: 2, created: 1, updated: 1, rejected: 1 });
    expect(done.finished_at).not.toBeNull();
    // Again: answered as it is, nothing written twice.
    expect((await api("POST", `/shops/${cast.shop.slug}/imports/${view.id}/run`, cast.as.admin)).json()).toMatchObject({ created: 1 });
    const items = await shopProducts();
    expect(items.filter((row) => row.sku === "RUN-1")).toHaveLength(1);
    expect(items.find((row) => row.sku === "EXISTE-1")).toMatchObject({ name: "Huipil bordado", listPrice: 89000, stock: 3 });
    const sent = await t.ctx.db
      .select()
      .from(alerts)
      .where(sql`${alerts.recipientId} = ${cast.ids.admin}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ originApp: "store", params: { type: "import", shop: cast.shop.slug } });
    expect(sent[0].messageBody.es).toBe("Tu carga de productos «corrida.csv» terminó: 1 creados, 1 actualizados, 1 rechazados");
    const list = (await api("GET", `/shops/${cast.shop.slug}/imports?limit=2`, cast.as.owner)).json();
    expect(list.matches_estimated).toBeGreaterThanOrEqual(4);
    expect(list.results[0]).toMatchObject({ id: view.id, state: "done", created: 1 });
  });

  it("refuses to import a file with no valid row (409)", async () => {
    const view = (await upload("todo-mal.csv", Buffer.from(`${header}\nA B,X,producto,1,,,,,no,,`))).json();
    const response = await api("POST", `/shops/${cast.shop.slug}/imports/${view.id}/run`, cast.as.owner);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("import_nothing_to_import");
  });

  it("gives the rejected rows as a file: line, column, reason in the user's language, the row neutralised", async () => {
    const file = [header, 'F-1,"=HYPERLINK(""http://malo.example"",""gana"")",producto,100,,1,,,no,,', "F-2,Bien,producto,100,,1,,,no,,"];
    const view = (await upload("con-formula.csv", Buffer.from(file.join("\n")))).json();
    const response = await api("GET", `/shops/${cast.shop.slug}/imports/${view.id}/rejected?format=csv`, {
      ...cast.as.owner,
      "x-locale": "en",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("con-formula-rechazadas.csv");
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(`Line,Column,Reason,${header}`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("2,nombre,");
    expect(lines[1]).toContain("looks like a formula");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://malo.example"",""gana"")"`);
  });

  it("lets the owner and admins import, refuses the other profiles and another shop's owner, and asks visitors to sign in", async () => {
    const view = (await upload("roles.csv", Buffer.from(`${header}\nROL-1,Rol,producto,1,,1,,,no,,`))).json();
    const base = `/shops/${cast.shop.slug}/imports`;
    const reads = [base, `${base}/${view.id}`, `${base}/${view.id}/rejected`];
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
      for (const url of reads) expect([persona, url, (await api("GET", url, cast.as[persona])).statusCode]).toEqual([persona, url, status]);
      const uploaded = await upload("roles.csv", Buffer.from(`${header}\nROL-2,Rol,producto,1,,1,,,no,,`), persona);
      expect([persona, uploaded.statusCode]).toEqual([persona, status === 200 ? 201 : status]);
      if (status !== 200) {
        const run = await api("POST", `${base}/${view.id}/run`, cast.as[persona]);
        expect([persona, run.statusCode]).toEqual([persona, status]);
      }
    }
    // Another shop's owner reaches their own shop's imports, never this shop's import by id.
    const own = `/shops/${cast.otherShop.slug}/imports/${view.id}`;
    expect((await api("GET", own, cast.as.otherOwner)).statusCode).toBe(404);
  });

  it("leaves nothing of a batch that fails half way, and the job runner finishes the import once", async () => {
    const shop = cast.otherShop;
    const lines = [header];
    for (let n = 1; n <= 1_200; n += 1) lines.push(`R-${String(n).padStart(4, "0")},Artículo ${n},producto,${n},,${n % 7},,,no,,`);
    const body = multipart("grande.csv", Buffer.from(lines.join("\n")));
    const preview = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/imports`,
      headers: { ...cast.as.otherOwner, "content-type": body.contentType },
      payload: body.payload,
    });
    const view = preview.json();
    expect(view).toMatchObject({ to_create: 1_200, rejected: 0 });
    // The second batch (lines 502 to 1001) fails on its 100th item, after 99 of its items were inserted in it.
    await t.ctx.db.execute(sql`create table import_crash (armed boolean not null)`);
    await t.ctx.db.execute(sql`insert into import_crash values (true)`);
    await t.ctx.db.execute(sql`create function import_crash() returns trigger language plpgsql as $$
      begin
        if new.sku = 'R-0600' and exists (select 1 from import_crash where armed) then raise exception 'crash mid batch'; end if;
        return new;
      end $$`);
    await t.ctx.db.execute(sql`create trigger import_crash before insert on products for each row execute function import_crash()`);
    try {
      await api("POST", `/shops/${shop.slug}/imports/${view.id}/run`, cast.as.otherOwner);
      let stopped: { processed: number; state: string } | undefined;
      for (let attempt = 0; attempt < 1200 && !stopped; attempt += 1) {
        const [row] = await t.ctx.db
          .select()
          .from(productImports)
          .where(sql`${productImports.id} = ${view.id}`);
        if (row.state === "interrupted") stopped = row;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The first batch is in; of the failed one nothing is.
      expect(stopped).toMatchObject({ processed: 500, state: "interrupted" });
      expect((await shopProducts(shop.id)).length).toBe(500);
      await t.ctx.db.execute(sql`update import_crash set armed = false`);
      t.clock.advance(3 * 60 * 1000);
      await runDueJobs(t.ctx);
    } finally {
      await t.ctx.db.execute(sql`drop trigger import_crash on products`);
      await t.ctx.db.execute(sql`drop function import_crash()`);
      await t.ctx.db.execute(sql`drop table import_crash`);
    }
    const done = (await api("GET", `/shops/${shop.slug}/imports/${view.id}`, cast.as.otherOwner)).json();
    expect(done).toMatchObject({ state: "done", processed: 1_200, created: 1_200, updated: 0 });
    const items = await shopProducts(shop.id);
    expect(items).toHaveLength(1_200);
    expect(new Set(items.map((item) => item.sku)).size).toBe(1_200);
    expect(items[599]).toEqual({ sku: "R-0600", name: "Artículo 600", listPrice: 60000, stock: 600 % 7 });
    const sent = await t.ctx.db
      .select()
      .from(alerts)
      .where(sql`${alerts.recipientId} = ${cast.ids.otherOwner}`);
    expect(sent).toHaveLength(1);
  });
});
