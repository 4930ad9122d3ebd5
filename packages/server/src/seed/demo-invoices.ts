import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { shopFiscalProfiles } from "../db/schema/invoices";
import { checkouts, orderItems, orders } from "../db/schema/orders";
import { invoiceOrder } from "../modules/invoices/service";

/**
 * An invoiced order for the demo (issue #30 §1): Lucía's shop has its fiscal data (SAT's published test RFC, the
 * built-in sandbox PAC), Carlos asked for an invoice of his delivered molcajete, and it is stamped, so /admin/facturas,
 * the order page and /facturas have a CFDI with its XML and PDF on a fresh `npm start`.
 */
export async function seedDemoInvoices(ctx: AppContext, input: { supplierId: string; customerId: string }) {
  await ctx.db.insert(shopFiscalProfiles).values({
    shopId: input.supplierId,
    rfc: "EKU9003173C9",
    legalName: "ESCUELA KEMPER URGATE",
    taxRegime: "601",
    postalCode: "06700",
    series: "TG",
    taxRate: "iva16",
    pac: "sandbox",
  });
  const [order] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.supplierId, input.supplierId),
        eq(checkouts.customerId, input.customerId),
        eq(orders.state, "delivered"),
        eq(orderItems.name, "Molcajete de piedra volcánica"),
      ),
    );
  if (!order) throw new Error("the demo's delivered molcajete order is missing");
  await ctx.db
    .update(orders)
    .set({
      invoicing: { rfc: "PEGC850101AB1", legal_name: "Carlos Pérez Gómez", postal_code: "06700", tax_regime: "612", cfdi_use: "G03" },
    })
    .where(eq(orders.id, order.id));
  await invoiceOrder(ctx, input.supplierId, order.id);
}
