import { photoZipMaxEntries } from "@tianguis/domain/rules/photo-zip";
import { eq, sql } from "drizzle-orm";
import JSZip from "jszip";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productImages, products } from "../../db/schema/catalog";
import { productImportPhotos } from "../../db/schema/imports";
import { type TestApp, createTestApp } from "../../test/harness";
import { type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";

/**
 * Product imports with a ZIP of photos (issue 29 §1, 'photo file names'): the sheet's 'fotos' column names files inside
 * the ZIP uploaded next to it. The dry run finds each name in the archive (by path, or by a bare name no other photo
 * shares), rejects a row naming a missing file, an oversized photo or one that is no JPEG, PNG or SVG with its reason,
 * and keeps the named photos until the job stores them like uploaded ones. The archive as a whole is refused when it is
 * no ZIP, holds too many entries, declares more than it may unpack (a ZIP bomb), or has a path that climbs out ('..').
 */

const header = "sku,nombre,precio,existencias,fotos";

function multipart(parts: { field: string; filename: string; data: Buffer }[]) {
  const boundary = "----tianguis-zip";
  return {
    payload: Buffer.concat([
      ...parts.flatMap((part) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
            "Content-Type: application/octet-stream\r\n\r\n",
        ),
        part.data,
        Buffer.from("\r\n"),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(files)) zip.file(name, data);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/** The archive with its first central directory entry claiming `size` bytes unpacked: what a ZIP bomb declares. */
function claimingSize(zip: Buffer, size: number): Buffer {
  const patched = Buffer.from(zip);
  const central = patched.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  patched.writeUInt32LE(size, central + 24);
  return patched;
}

describe("product imports with a ZIP of photos", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  let png: Buffer;
  let jpeg: Buffer;
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#b5651d"/></svg>',
  );

  const preview = async (lines: string[], zip: Buffer | null, locale = "es") => {
    const body = multipart([
      { field: "file", filename: "con-zip.csv", data: Buffer.from([header, ...lines].join("\r\n")) },
      ...(zip ? [{ field: "photos", filename: "fotos.zip", data: zip }] : []),
    ]);
    return t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${cast.shop.slug}/imports`,
      headers: { ...cast.as.owner, "content-type": body.contentType, "x-locale": locale },
      payload: body.payload,
    });
  };
  const api = (method: "GET" | "POST", url: string) => t.app.inject({ method, url: `/api/v1${url}`, headers: cast.as.owner });
  const run = async (id: string) => {
    expect((await api("POST", `/shops/${cast.shop.slug}/imports/${id}/run`)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 1200; attempt += 1) {
      const now = (await api("GET", `/shops/${cast.shop.slug}/imports/${id}`)).json();
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
  const kept = (importId: string) =>
    t.ctx.db.select({ name: productImportPhotos.name }).from(productImportPhotos).where(eq(productImportPhotos.importId, importId));

  beforeAll(async () => {
    png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b5651d" } })
      .png()
      .toBuffer();
    jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#1d6fb5" } })
      .jpeg()
      .toBuffer();
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Fotos en ZIP" } });
  });
  afterAll(async () => t?.close());

  it("finds each row's files in the ZIP, rejects the rows whose photos are missing or wrong, and stores the rest", async () => {
    const zip = await zipOf({
      "fotos/Rebozo.PNG": png,
      "fotos/huipil.jpg": jpeg,
      "logo.svg": svg,
      "fotos/falsa.jpg": "esto no es un JPEG",
      "fotos/enorme.png": Buffer.concat([png.subarray(0, 8), Buffer.alloc(4_100_000, 1)]),
      "__MACOSX/fotos/._Rebozo.PNG": "metadatos",
      "notas.txt": "lista de fotos",
    });
    const answer = await preview(
      [
        "ZIP-1,Rebozo en ZIP,1250,3,rebozo.png | fotos/huipil.jpg",
        "ZIP-2,Logo en ZIP,100,1,logo.svg",
        "ZIP-3,Falta la foto,100,1,fotos/no-esta.jpg",
        "ZIP-4,Foto falsa,100,1,falsa.jpg",
        "ZIP-5,Foto enorme,100,1,enorme.png",
        "ZIP-6,Otro tipo,100,1,notas.txt",
        "ZIP-7,Ruta fuera,100,1,../rebozo.png",
      ],
      zip,
    );
    expect(answer.statusCode).toBe(201);
    const view = answer.json();
    expect(view).toMatchObject({ total_rows: 7, to_create: 2, rejected: 5 });
    expect(view.errors).toEqual([
      { line: 4, code: "import_photo_missing", column: "fotos" },
      { line: 5, code: "import_photo_type", column: "fotos" },
      { line: 6, code: "import_photo_too_large", column: "fotos" },
      { line: 7, code: "import_invalid_photo_url", column: "fotos" },
      { line: 8, code: "import_invalid_photo_url", column: "fotos" },
    ]);
    // Only the photos valid rows name are kept, by the archive's own spelling, until the job has stored them.
    expect((await kept(view.id)).map((row) => row.name).sort()).toEqual(["fotos/Rebozo.PNG", "fotos/huipil.jpg", "logo.svg"]);
    expect(await item("ZIP-1")).toBeNull();

    const done = await run(view.id);
    expect(done).toMatchObject({ state: "done", created: 2, rejected: 5 });
    const rebozo = (await item("ZIP-1"))!;
    const images = await t.ctx.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, rebozo.id))
      .orderBy(productImages.position);
    expect(images.map((image) => image.original)).toEqual([
      expect.stringMatching(/original\.png$/),
      expect.stringMatching(/original\.jpg$/),
    ]);
    for (const image of images) expect(await t.ctx.storage.read(t.ctx.storage.keyOf(image.card)!)).not.toBeNull();
    const logo = (await item("ZIP-2"))!;
    expect(await t.ctx.db.select().from(productImages).where(eq(productImages.productId, logo.id))).toHaveLength(1);
    expect(await kept(view.id)).toEqual([]);

    const rejected = await t.app.inject({
      method: "GET",
      url: `/api/v1/shops/${cast.shop.slug}/imports/${view.id}/rejected?format=csv`,
      headers: { ...cast.as.owner, "x-locale": "en" },
    });
    expect(rejected.body).toContain("One of the photos is not in the photos ZIP (or no ZIP was attached): check the file name.");
  });

  it("rejects a row naming a file when no ZIP came with the sheet", async () => {
    const answer = await preview(["SOLO-1,Sin ZIP,100,1,rebozo.png", "SOLO-2,Sin fotos,100,1,"], null);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      to_create: 1,
      rejected: 1,
      errors: [{ line: 2, code: "import_photo_missing", column: "fotos" }],
    });
  });

  it("refuses an archive that is no ZIP, too full, a bomb, or climbs out of its folder, with a coded error and nothing kept", async () => {
    const before = await t.ctx.db.select({ total: sql<number>`count(*)::int` }).from(productImportPhotos);
    const line = ["MAL-1,Rebozo,100,1,rebozo.png"];
    const cases: [Buffer, number, string][] = [
      [Buffer.from("no es un zip"), 400, "import_zip_type"],
      [Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]), 400, "import_zip_unreadable"],
      [
        await zipOf(Object.fromEntries(Array.from({ length: photoZipMaxEntries + 1 }, (_, index) => [`nota-${index}.txt`, "x"]))),
        400,
        "import_zip_too_many_entries",
      ],
      [claimingSize(await zipOf({ "rebozo.png": png }), 300 * 1024 * 1024), 413, "import_zip_too_large"],
      [await zipOf({ "../../rebozo.png": png }), 400, "import_zip_unsafe_path"],
    ];
    for (const [zip, status, code] of cases) {
      const answer = await preview(line, zip);
      expect([code, answer.statusCode, answer.json().code]).toEqual([code, status, code]);
    }
    const spanish = await preview(line, Buffer.from("no es un zip"));
    expect(spanish.json().message).toBe("El archivo de fotos no es un ZIP.");
    expect(await t.ctx.db.select({ total: sql<number>`count(*)::int` }).from(productImportPhotos)).toEqual(before);
  });

  it("holds a photo to what its entry declares: one that unpacks to more is refused as unreadable", async () => {
    const honest = await zipOf({ "rebozo.png": png });
    const lying = claimingSize(honest, 100);
    const answer = await preview(["MIENTE-1,Rebozo,100,1,rebozo.png"], lying);
    expect([answer.statusCode, answer.json().code]).toEqual([400, "import_zip_unreadable"]);
  });
});
