import { type SQL, and, count, desc, eq, gte, ilike, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { invoices, shopFiscalProfiles } from "../../db/schema/invoices";
import { products } from "../../db/schema/catalog";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { shopMembers, shops } from "../../db/schema/shops";

// Invoices read the purchase they invoice (orders, order_items, checkouts: written by checkout), its products' SAT keys
// (products: catalog), the customer's e-mail (users) and the shop's members (shops): reads only. This module writes shop_fiscal_profiles and invoices.

export type InvoiceRow = typeof invoices.$inferSelect;
export type ProfileRow = typeof shopFiscalProfiles.$inferSelect;

const unpaidStates = ["pending_payment", "expired", "canceled"];
const canceledStates = ["canceled_by_customer", "canceled_by_supplier"];

export async function selectProfile(db: DbOrTx, shopId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(shopFiscalProfiles).where(eq(shopFiscalProfiles.shopId, shopId));
  return row ?? null;
}

/** An order with what its invoice needs: the customer's invoicing data, how it was paid, who to send it to. */
export async function selectInvoiceOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      checkoutId: orders.checkoutId,
      supplierId: orders.supplierId,
      state: orders.state,
      shippingCost: orders.shippingCost,
      total: orders.total,
      currency: orders.currency,
      invoicing: orders.invoicing,
      customerId: checkouts.customerId,
      email: sql<string | null>`coalesce(${users.email}, ${checkouts.guestEmail})`,
      locale: sql<string | null>`coalesce(${users.locale}, ${checkouts.locale})`,
      paymentMethod: checkouts.paymentMethod,
      checkoutState: checkouts.state,
      expiresAt: checkouts.expiresAt,
    })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .leftJoin(users, eq(users.id, checkouts.customerId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}
export type InvoiceOrder = NonNullable<Awaited<ReturnType<typeof selectInvoiceOrder>>>;

export function isPaidOrder(state: string): boolean {
  return !unpaidStates.includes(state) && !canceledStates.includes(state);
}

/**
 * Whether an unpaid order awaits an offline payment the customer started (cash at a store, SPEI: the purchase names its
 * method and has not expired): it may be invoiced before the money arrives, PPD.
 */
export function awaitsPayment(order: { state: string; checkoutState: string; paymentMethod: string | null; expiresAt: Date }, now: Date) {
  return (
    order.state === "pending_payment" && order.checkoutState === "pending_payment" && Boolean(order.paymentMethod) && order.expiresAt > now
  );
}

/** An order's lines with their product's SAT keys and type (the defaults depend on whether it is a service). */
export async function selectOrderLines(db: DbOrTx, orderId: string) {
  return db
    .select({
      name: orderItems.name,
      quantity: orderItems.quantity,
      total: orderItems.total,
      type: products.type,
      productKey: products.satProductKey,
      unitKey: products.satUnitKey,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.name, orderItems.id);
}

const invoiceColumns = {
  invoice: invoices,
  orderNumber: orders.number,
  checkoutId: orders.checkoutId,
  shopSlug: shops.slug,
  relatedUuid: sql<string | null>`(select r.uuid from invoices r where r.id = ${invoices.relatedInvoiceId})`,
  replacedBy: sql<string | null>`(select s.number from invoices s where s.state = 'valid'
    and ((s.related_invoice_id = ${invoices.id} and s.kind = 'I') or s.replaces_id = ${invoices.id}) limit 1)`,
};

function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, "\\$&");
}

/** The invoices matching `where` (never those still stamping), newest first. */
export async function selectInvoices(db: DbOrTx, where: SQL | undefined, page?: { offset: number; limit: number }) {
  const query = db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(shops, eq(shops.id, invoices.shopId))
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(where, notInArray(invoices.state, ["stamping"])))
    .orderBy(desc(invoices.createdAt), desc(invoices.folio));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}
export type InvoiceListRow = Awaited<ReturnType<typeof selectInvoices>>[number];

export async function countInvoices(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(invoices)
    .where(and(where, notInArray(invoices.state, ["stamping"])));
  return row?.total ?? 0;
}

/** The list filters: the shop or the receiver, the invoice-number prefix ("A-1" finds …), the state. */
export function invoiceFilter(
  owner: { shopId: string } | { customerId: string },
  query: { number?: string; state?: string },
): SQL | undefined {
  const prefix = query.number?.trim().toUpperCase();
  return and(
    "shopId" in owner ? eq(invoices.shopId, owner.shopId) : eq(invoices.customerId, owner.customerId),
    prefix ? ilike(invoices.number, `${escapeLike(prefix)}%`) : undefined,
    query.state ? eq(invoices.state, query.state) : undefined,
  );
}

export const byInvoiceId = (id: string) => eq(invoices.id, id);
export const ofOrder = (orderId: string) => eq(invoices.orderId, orderId);
export const ofCheckout = (checkoutId: string) => eq(orders.checkoutId, checkoutId);

/** Who hears of a shop's invoices: its owner, admins and accountants. */
export async function selectInvoiceDesk(db: DbOrTx, shopId: string): Promise<string[]> {
  const [owner] = await db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId));
  const members = await db
    .select({ userId: shopMembers.userId })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), inArray(shopMembers.role, ["admin", "accountant"])));
  return [...new Set([...(owner ? [owner.ownerId] : []), ...members.map((row) => row.userId)])];
}

/** The valid invoice (I) of an order (its own or the one that replaced it), for a refund's credit note. */
export async function selectValidOrderInvoice(db: DbOrTx, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "I"), eq(invoices.state, "valid")))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return row ?? null;
}

/** A period's paid orders of the shop that no invoice covers (neither their own nor a global one). */
export async function selectUninvoicedOrders(db: DbOrTx, shopId: string, from: Date, to: Date) {
  return db
    .select({ id: orders.id, number: orders.number, total: orders.total, currency: orders.currency })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, "I"), inArray(invoices.state, ["stamping", "valid"])))
    .where(
      and(
        eq(orders.supplierId, shopId),
        notInArray(orders.state, [...unpaidStates, ...canceledStates]),
        gte(checkouts.paidAt, from),
        lt(checkouts.paidAt, to),
        isNull(invoices.id),
        sql`not exists (select 1 from invoices g where g.shop_id = ${shopId} and g.state in ('stamping', 'valid')
          and g.covered_order_ids @> jsonb_build_array(${orders.id}::text))`,
      ),
    )
    .orderBy(orders.number);
}

export async function selectShopSlug(db: DbOrTx, shopId: string): Promise<string | undefined> {
  const [row] = await db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, shopId));
  return row?.slug;
}

/** What the valid credit notes related to an invoice already gave back. */
export async function selectCreditedTotal(db: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${invoices.total}), 0)::int` })
    .from(invoices)
    .where(and(eq(invoices.relatedInvoiceId, invoiceId), eq(invoices.kind, "E"), inArray(invoices.state, ["stamping", "valid"])));
  return row?.total ?? 0;
}

/** A PPD invoice's payment complements (stamping or valid), oldest first: the partialities recorded so far. */
export async function selectPaymentComplements(db: DbOrTx, invoiceId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.relatedInvoiceId, invoiceId), eq(invoices.kind, "P"), inArray(invoices.state, ["stamping", "valid"])))
    .orderBy(invoices.createdAt, invoices.folio);
}

/**
 * The valid substitute of an invoice or credit note (SAT's TipoRelacion 04: an invoice relating it, or a credit note
 * replacing it), or null.
 */
export async function selectReplacement(db: DbOrTx, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        or(and(eq(invoices.relatedInvoiceId, invoiceId), eq(invoices.kind, "I")), eq(invoices.replacesId, invoiceId)),
        eq(invoices.state, "valid"),
      ),
    );
  return row ?? null;
}

/** The orders a global invoice covers, with what its substitute invoices again. */
export async function selectCoveredOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ id: orders.id, number: orders.number, total: orders.total, currency: orders.currency })
    .from(orders)
    .where(inArray(orders.id, orderIds))
    .orderBy(orders.number);
}
