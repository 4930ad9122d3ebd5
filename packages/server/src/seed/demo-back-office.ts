import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema/accounts";
import { runImport } from "../modules/imports/job";
import { previewImport, startImport } from "../modules/imports/service";
import { runExport } from "../modules/reports/export-job";
import { createShopExport, rebuildSalesReport } from "../modules/reports/service";

/**
 * Lucía's back office on a fresh `npm start` (issue 29): the dashboard's read model made from the demo's orders (the
 * seed writes them straight to the tables, around checkout's events), a past product import whose file had two
 * mistakes (a negative price; a SKU on two rows, both rejected) (its rejected rows download from {base}/admin/inventario/cargas), and a past export of her orders at
 * {base}/admin/reportes/ordenes. The import and the export go through their modules' doors and jobs, as hers would.
 */
const importedSheet = [
  "sku,nombre,tipo,precio,precio_anterior,existencias,categoria,descripcion,dropshipping,margen,peso_g",
  "SERV-001,Servilletas bordadas de Chiapas (6 piezas),producto,480.00,,15,Textiles,Bordado a mano en manta,no,,300",
  "CAN-014,Canasta de palma para pan,producto,260.00,300.00,8,Cestería,Tejida en la Mixteca,no,,250",
  "VEL-002,Vela de cera de abeja aromática,producto,-95.00,,20,Decoración,Cera pura con canela,no,,200",
  "MOL-210,Molinillo de madera tallado,producto,150.00,,25,Cocina,Para batir chocolate,no,,120",
  "SERV-001,Servilletas bordadas (repetida),producto,480.00,,15,Textiles,La misma fila dos veces,no,,300",
].join("\r\n");

export async function seedDemoBackOffice(ctx: AppContext, shop: { slug: string; ownerId: string }) {
  await rebuildSalesReport(ctx.db, null);
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, shop.ownerId));
  const lucia = { id: owner.id, username: owner.username, fullName: owner.fullName, userLevel: owner.userLevel, image: owner.image };

  const preview = await previewImport(ctx, shop.slug, lucia, { filename: "inventario-octubre.csv", data: Buffer.from(importedSheet) });
  await startImport(ctx, shop.slug, lucia, preview.id);
  await runImport(ctx, preview.id);

  const exported = await createShopExport(ctx, shop.slug, lucia, { kind: "orders", format: "xlsx" }, "es");
  await runExport(ctx, exported.id);
}
