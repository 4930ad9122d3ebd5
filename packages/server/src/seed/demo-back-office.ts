import { importTimeZone } from "@tianguis/domain/rules/product-import";
import { eq } from "drizzle-orm";
import JSZip from "jszip";
import type { AppContext } from "../context";
import { users } from "../db/schema/accounts";
import { runImport } from "../modules/imports/job";
import { previewImport, startImport } from "../modules/imports/service";
import { runExport } from "../modules/reports/export-job";
import { createShopExport, rebuildSalesReport } from "../modules/reports/service";
import { productPicture } from "./pictures";

/**
 * Lucía's back office on a fresh `npm start` (issue 29): the dashboard's read model made from the demo's orders (the
 * seed writes them straight to the tables, around checkout's events), a past product import whose file had two
 * mistakes (a negative price; a SKU on two rows, both rejected) (its rejected rows download from {base}/admin/inventario/cargas), and a past export of her orders at
 * {base}/admin/reportes/ordenes. A second past import shows the other kinds of rows a sheet may carry: an experience
 * with its date and time, and products whose photos came in a ZIP uploaded next to the sheet (the 'fotos' column names
 * the files), with their package sizes. The imports and the export go through their modules' doors and jobs, as hers
 * would.
 */
const importedSheet = [
  "sku,nombre,tipo,precio,precio_anterior,existencias,categoria,descripcion,dropshipping,margen,peso_g",
  "SERV-001,Servilletas bordadas de Chiapas (6 piezas),producto,480.00,,15,Textiles,Bordado a mano en manta,no,,300",
  "CAN-014,Canasta de palma para pan,producto,260.00,300.00,8,Cestería,Tejida en la Mixteca,no,,250",
  "VEL-002,Vela de cera de abeja aromática,producto,-95.00,,20,Decoración,Cera pura con canela,no,,200",
  "MOL-210,Molinillo de madera tallado,producto,150.00,,25,Cocina,Para batir chocolate,no,,120",
  "SERV-001,Servilletas bordadas (repetida),producto,480.00,,15,Textiles,La misma fila dos veces,no,,300",
].join("\r\n");

/** The experience is six weeks after the seed runs, on Mexico City's calendar, as a seller writes it (14/03/2027). */
function workshopSheet(now: Date): string {
  const day = new Intl.DateTimeFormat("es-MX", { timeZone: importTimeZone, day: "2-digit", month: "2-digit", year: "numeric" }).format(
    new Date(now.getTime() + 42 * 86_400_000),
  );
  return [
    "sku,nombre,tipo,precio,existencias,categoria,descripcion,peso_g,largo_cm,ancho_cm,alto_cm,fotos,fecha_experiencia,hora_experiencia",
    `TALLER-TELAR,Taller de telar de cintura,experiencia,450.00,12,Talleres,Tres horas con materiales incluidos,,,,,taller-telar.svg,${day},11:00`,
    "REB-AZUL,Rebozo teñido con añil,producto,1350.00,4,Textiles,Teñido a mano en Tenancingo,400,40,30,5,fotos/rebozo-anil.svg | fotos/rebozo-anil-detalle.svg,,",
  ].join("\r\n");
}

/** The ZIP that came with it: the photos the sheet names, one of them in a folder as a zipped folder keeps it. */
async function workshopPhotos(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file("taller-telar.svg", productPicture(3, "tools"));
  zip.file("fotos/rebozo-anil.svg", productPicture(1, "shirt"));
  zip.file("fotos/rebozo-anil-detalle.svg", productPicture(4, "leaf"));
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

export async function seedDemoBackOffice(ctx: AppContext, shop: { slug: string; ownerId: string }) {
  await rebuildSalesReport(ctx.db, null);
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, shop.ownerId));
  const lucia = { id: owner.id, username: owner.username, fullName: owner.fullName, userLevel: owner.userLevel, image: owner.image };

  const preview = await previewImport(ctx, shop.slug, lucia, { filename: "inventario-octubre.csv", data: Buffer.from(importedSheet) });
  await startImport(ctx, shop.slug, lucia, preview.id);
  await runImport(ctx, preview.id);

  const workshops = { filename: "talleres-y-fotos.csv", data: Buffer.from(workshopSheet(ctx.clock.now())) };
  const withPhotos = await previewImport(ctx, shop.slug, lucia, workshops, await workshopPhotos());
  await startImport(ctx, shop.slug, lucia, withPhotos.id);
  await runImport(ctx, withPhotos.id);

  const exported = await createShopExport(ctx, shop.slug, lucia, { kind: "orders", format: "xlsx" }, "es");
  await runExport(ctx, exported.id);
}
