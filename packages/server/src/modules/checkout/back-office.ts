import { type SQL, and, asc, count, eq, gt, gte, inArray, isNotNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { checkouts, orderItems, orders } from "../../db/schema/orders";

/**
 * The checkout module's read doors for the back office (issue 29: exports, the dashboard, contacts): what its purchases
 * and orders say, read from its own tables only. Other modules' facts about the same orders (the buyer's name, the
 * shop's name, commissions, refunds) come from their owners' doors, asked by the ids these answers carry.
 */

/** Unpaid purchases are the customer's, not the seller's sales. */
const unpaidStates = ["pending_payment", "expired", "canceled"];

/** The seller's order filters (an export's parameters), with the period as instants. */
export interface SupplierOrderFilters {
  state?: string | null;
  payment_type?: string | null;
  delivery_type?: string | null;
  from: Date | null;
  to: Date | null;
}

/** A batch's position: the last row read, by creation and id. */
export interface CreatedCursor {
  createdAt: Date;
  id: string;
}

function supplierOrderWhere(supplierIds: string[], filters: SupplierOrderFilters): SQL | undefined {
  return and(
    supplierIds.length === 1 ? eq(orders.supplierId, supplierIds[0]) : inArray(orders.supplierId, supplierIds),
    filters.state ? eq(orders.state, filters.state) : notInArray(orders.state, unpaidStates),
    filters.from ? gte(orders.createdAt, filters.from) : undefined,
    filters.to ? lt(orders.createdAt, filters.to) : undefined,
    filters.payment_type ? eq(checkouts.paymentMethod, filters.payment_type) : undefined,
    filters.delivery_type ? eq(checkouts.deliveryType, filters.delivery_type) : undefined,
  );
}

/**
 * The rows after the cursor. The `>=` bound is the same condition said so an index on (…, created_at) can start at the
 * cursor: without it each batch scanned the shop's rows from the first again (the 100th batch read 100,000 rows).
 */
const afterCursor = (cursor: CreatedCursor | null) =>
  cursor
    ? and(
        gte(orders.createdAt, cursor.createdAt),
        or(gt(orders.createdAt, cursor.createdAt), and(eq(orders.createdAt, cursor.createdAt), gt(orders.id, cursor.id))),
      )
    : undefined;

export async function countSupplierOrders(db: DbOrTx, supplierIds: string[], filters: SupplierOrderFilters): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(supplierOrderWhere(supplierIds, filters));
  return Number(total);
}

/**
 * One batch of the shops' paid orders, oldest first (keyset from the cursor), with their purchase's payment, delivery
 * and buyer and their units. A query builder (awaited to run), so the reports' scale test can EXPLAIN it.
 */
export function selectSupplierOrderBatch(
  db: DbOrTx,
  supplierIds: string[],
  filters: SupplierOrderFilters,
  cursor: CreatedCursor | null,
  limit: number,
) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      number: orders.number,
      state: orders.state,
      supplierId: orders.supplierId,
      subtotal: orders.subtotal,
      shippingCost: orders.shippingCost,
      total: orders.total,
      currency: orders.currency,
      paymentMethod: checkouts.paymentMethod,
      deliveryType: checkouts.deliveryType,
      test: checkouts.test,
      customerId: checkouts.customerId,
      guestName: checkouts.guestName,
      units: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(and(supplierOrderWhere(supplierIds, filters), afterCursor(cursor)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/** A shop's orders in each of `states` (orders_supplier_state_updated_idx), as a builder for the dashboard. */
export function countOrdersByState(db: DbOrTx, shopId: string, states: readonly string[]) {
  return db
    .select({ state: orders.state, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.supplierId, shopId), inArray(orders.state, [...states])))
    .groupBy(orders.state);
}

/** Paid purchases made through each campaign code (checkouts_campaign_idx). */
export async function countPaidPurchasesByCampaign(db: DbOrTx, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: checkouts.campaign, count: sql<number>`count(*)::int` })
    .from(checkouts)
    .where(and(inArray(checkouts.campaign, codes), isNotNull(checkouts.paidAt)))
    .groupBy(checkouts.campaign);
  return new Map(rows.map((row) => [row.code ?? "", Number(row.count)]));
}

/** Orders' numbers by id. */
export async function orderNumbers(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** A paid purchase as the contacts module records it: its buyer (a user or a guest), attribution and what each shop sold. */
export async function purchaseFacts(db: DbOrTx, checkoutId: string, orderIds: string[]) {
  const [purchase] = await db
    .select({
      storeId: checkouts.storeId,
      customerId: checkouts.customerId,
      guestName: checkouts.guestName,
      guestEmail: checkouts.guestEmail,
      guestPhone: checkouts.guestPhone,
      total: checkouts.total,
      currency: checkouts.currency,
      referral: checkouts.referral,
      campaign: checkouts.campaign,
    })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  if (!purchase) return null;
  if (orderIds.length === 0) return { ...purchase, orders: [] };
  const sold = await db
    .select({ supplierId: orders.supplierId, total: orders.total, currency: orders.currency })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return { ...purchase, orders: sold };
}
