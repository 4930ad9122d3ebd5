import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts } from "../../db/schema/alerts";
import { productImages, products } from "../../db/schema/catalog";
import { type TestApp, createTestApp } from "../../test/harness";
import { type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";
import { fetchPhoto, isPrivateAddress } from "./photos";

/**
 * Product imports with photos, package sizes and experiences (issue 29 §1): the import job fetches each row's photo
 * addresses from a real HTTP server on loopback, stores them like uploaded photos, and rejects the row whose photo is
 * missing, too large, no image, or does not answer in time, with its coded reason; a row given photos again has them in
 * place of its old ones, whose files are deleted.
 */

const header = "sku,nombre,tipo,precio,existencias,peso_g,largo_cm,ancho_cm,alto_cm,fotos,fecha_experiencia,hora_experiencia";

function multipart(filename: string, data: Buffer) {
  const boundary = "----tianguis-photos";
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe("product imports with photos, package sizes and experiences", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  let server: http.Server;
  let base: string;
  const requested: string[] = [];
  const stalled: http.ServerResponse[] = [];

  const api = (method: "GET" | "POST", url: string) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { ...cast.as.owner, "x-locale": "es" } });
  const importFile = async (name: string, lines: string[]) => {
    const body = multipart(name, Buffer.from([header, ...lines].join("\r\n")));
    const preview = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${cast.shop.slug}/imports`,
      headers: { ...cast.as.owner, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(preview.statusCode).toBe(201);
    const view = preview.json();
    expect((await api("POST", `/shops/${cast.shop.slug}/imports/${view.id}/run`)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 1200; attempt += 1) {
      const now = (await api("GET", `/shops/${cast.shop.slug}/imports/${view.id}`)).json();
      if (now.state === "done") return now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("import did not finish");
  };
  const item = async (sku: string) => {
    const [row] = await t.ctx.db
      .select()
      .from(products)
      .where(sql`${products.shopId} = ${cast.shop.id} and ${products.sku} = ${sku}`);
    return row ?? null;
  };
  const imagesOf = (productId: string) =>
    t.ctx.db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(productImages.position);
  const stored = async (url: string) => (await t.ctx.storage.read(t.ctx.storage.keyOf(url)!)) !== null;

  beforeAll(async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b5651d" } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#1d6fb5" } })
      .jpeg()
      .toBuffer();
    server = http.createServer((request, response) => {
      requested.push(request.url ?? "");
      const send = (status: number, type: string, body: Buffer | string) => response.writeHead(status, { "content-type": type }).end(body);
      switch (request.url) {
        case "/rebozo.png":
          return send(200, "image/png", png);
        case "/huipil.jpg":
          return send(200, "image/jpeg; charset=binary", jpeg);
        case "/redirige":
          return response.writeHead(302, { location: "/huipil.jpg" }).end();
        case "/pagina.png":
          return send(200, "text/html", "<html><body>No es una foto</body></html>");
        case "/falsa.png":
          return send(200, "image/png", "esto no es un PNG");
        case "/enorme.png":
          response.writeHead(200, { "content-type": "image/png" });
          for (let chunk = 0; chunk < 5; chunk += 1) response.write(Buffer.alloc(1024 * 1024, 1));
          return response.end();
        case "/lenta.png":
          // Headers and never a body: the import's timeout gives up on it.
          response.writeHead(200, { "content-type": "image/png" });
          response.write(png.subarray(0, 100));
          stalled.push(response);
          return;
        default:
          return send(404, "text/plain", "no existe");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Long enough that the good photos arrive in time on a loaded machine; only the stalled one runs into it.
    t = await createTestApp({ IMPORT_PHOTO_PRIVATE_HOSTS: "true", IMPORT_PHOTO_TIMEOUT_MS: "20000" });
    cast = await createShopWithRoles(t, { shop: { name: "Fotos de Lucía" } });
  });
  afterAll(async () => {
    for (const response of stalled) response.destroy();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it("fetches and stores each row's photos, writes package sizes and experiences, and rejects rows whose photos fail", async () => {
    const done = await importFile("con-fotos.csv", [
      `FOTO-1,Rebozo con fotos,producto,1250,3,400,40,30,20,${base}/rebozo.png | ${base}/redirige,,`,
      `FOTO-2,Sin foto,producto,100,1,,,,,${base}/no-existe.png,,`,
      `FOTO-3,Página,producto,100,1,,,,,${base}/pagina.png,,`,
      `FOTO-4,Falsa,producto,100,1,,,,,${base}/rebozo.png ${base}/falsa.png,,`,
      `FOTO-5,Enorme,producto,100,1,,,,,${base}/enorme.png,,`,
      `FOTO-6,Lenta,producto,100,1,,,,,${base}/lenta.png,,`,
      "EXP-1,Taller de telar,experiencia,450,15,,,,,,14/03/2030,11:00",
      "EXP-2,Taller sin hora,experiencia,450,15,,,,,,14/03/2030,",
    ]);
    expect(done).toMatchObject({ state: "done", total_rows: 8, processed: 7, created: 2, updated: 0, rejected: 6 });
    expect(done.errors).toEqual([
      { line: 3, code: "import_photo_unreachable", column: "fotos" },
      { line: 4, code: "import_photo_type", column: "fotos" },
      { line: 5, code: "import_photo_type", column: "fotos" },
      { line: 6, code: "import_photo_too_large", column: "fotos" },
      { line: 7, code: "import_photo_unreachable", column: "fotos" },
      { line: 9, code: "import_required", column: "hora_experiencia" },
    ]);
    expect(requested).toEqual(expect.arrayContaining(["/rebozo.png", "/redirige", "/huipil.jpg", "/falsa.png", "/lenta.png"]));

    const rebozo = (await item("FOTO-1"))!;
    expect(rebozo).toMatchObject({ weightGrams: 400, lengthCm: 40, widthCm: 30, heightCm: 20 });
    const images = await imagesOf(rebozo.id);
    expect(images).toHaveLength(2);
    expect(images.map((image) => image.original)).toEqual([
      expect.stringMatching(/original\.png$/),
      expect.stringMatching(/original\.jpg$/),
    ]);
    for (const image of images) expect(await stored(image.card)).toBe(true);
    for (const sku of ["FOTO-2", "FOTO-3", "FOTO-4", "FOTO-5", "FOTO-6", "EXP-2"]) expect([sku, await item(sku)]).toEqual([sku, null]);

    const view = (await api("GET", `/shops/${cast.shop.slug}/products/${rebozo.id}`)).json();
    expect(view).toMatchObject({ package_cm: { length: 40, width: 30, height: 20 }, weight_grams: 400 });
    expect(view.images.map((image: { id: string }) => image.id)).toEqual(images.map((image) => image.id));
    const taller = (await item("EXP-1"))!;
    expect(taller).toMatchObject({ type: "experience", stock: 15 });
    expect(taller.experienceDate?.toISOString()).toBe("2030-03-14T17:00:00.000Z");

    const [alert] = await t.ctx.db
      .select()
      .from(alerts)
      .where(sql`${alerts.recipientId} = ${cast.ids.owner}`);
    expect(alert.messageBody.es).toBe("Tu carga de productos «con-fotos.csv» terminó: 2 creados, 0 actualizados, 6 rechazados");

    const rejected = await t.app.inject({
      method: "GET",
      url: `/api/v1/shops/${cast.shop.slug}/imports/${done.id}/rejected?format=csv`,
      headers: { ...cast.as.owner, "x-locale": "es-AR" },
    });
    expect(rejected.body).toContain("Una de las fotos pasa de 4 MB.");
    expect(rejected.body).toContain("No se pudo descargar una de las fotos");
  });

  it("puts a row's new photos in place of the old ones and deletes the old files; a row without photos keeps its own", async () => {
    const before = await imagesOf((await item("FOTO-1"))!.id);
    const done = await importFile("otra-vez.csv", [
      `FOTO-1,Rebozo con una foto,producto,1300,3,400,,,,${base}/huipil.jpg,,`,
      "EXP-1,Taller de telar (nueva fecha),experiencia,450,15,,,,,,15/03/2030,09:30",
    ]);
    expect(done).toMatchObject({ created: 0, updated: 2, rejected: 0 });
    const rebozo = (await item("FOTO-1"))!;
    expect(rebozo).toMatchObject({ name: "Rebozo con una foto", lengthCm: null, widthCm: null, heightCm: null });
    const after = await imagesOf(rebozo.id);
    expect(after).toHaveLength(1);
    expect(after[0].original).toMatch(/original\.jpg$/);
    // The old files go once the batch has committed, just after the import reads 'done'.
    for (const image of before) {
      for (const url of [image.original, image.thumb, image.card, image.large!])
        await expect.poll(() => stored(url), { timeout: 60_000, interval: 50 }).toBe(false);
    }
    expect((await item("EXP-1"))!.experienceDate?.toISOString()).toBe("2030-03-15T15:30:00.000Z");

    await importFile("sin-fotos.csv", ["FOTO-1,Rebozo sin columna de fotos,producto,1300,3,,,,,,,"]);
    expect((await imagesOf(rebozo.id)).map((image) => image.id)).toEqual(after.map((image) => image.id));
  });

  it("refuses loopback and private addresses unless IMPORT_PHOTO_PRIVATE_HOSTS allows them", async () => {
    const options = { timeoutMs: 20_000, allowPrivate: false };
    expect(await fetchPhoto(`${base}/rebozo.png`, options)).toEqual({ ok: false, code: "import_photo_blocked" });
    expect(await fetchPhoto(`http://localhost:${new URL(base).port}/rebozo.png`, options)).toEqual({
      ok: false,
      code: "import_photo_blocked",
    });
    expect(await fetchPhoto(`${base}/rebozo.png`, { ...options, allowPrivate: true })).toMatchObject({ ok: true });
    for (const address of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.10", "169.254.169.254", "::1", "fd00::1", "::ffff:127.0.0.1"])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    for (const address of ["8.8.8.8", "201.141.0.1", "2001:4860:4860::8888"])
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
  });
});
