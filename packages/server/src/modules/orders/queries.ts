import type { SellerOrderListQuery } from "@tianguis/domain/schemas/order";
import { type SQL, and, asc, desc, eq, exists, gte, ilike, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { products } from "../../db/schema/catalog";
import { checkouts, orderEvents, orderItems, orderReceipts, orders } from "../../db/schema/orders";

// The seller's order pages read the purchase (checkouts: customer, delivery, payment method), its buyer's name (users)
// and the items' product types (products, for the fulfilment path). Reads only: those tables are written by checkout,
// accounts and catalog; this module writes orders' states, their events and receipts.

export type OrderRow = typeof orders.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;

/** Unpaid purchases are the customer's business, not the supplier's work queue. */
const unpaidStates = ["pending_payment", "expired", "canceled"];
const canceledStates = ["canceled_by_customer", "canceled_by_supplier"];

const customerName = sql<string | null>`coalesce(nullif(${users.fullName}, ''), ${checkouts.guestName})`;

function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, "\\$&");
}

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The WHERE of the seller's list, split in two: what the orders table answers alone (supplier, states, dates, number),
 * and what needs the purchase (payment and delivery type). Counting then joins only when it must.
 */
function sellerFilter(supplierId: string, query: SellerOrderListQuery) {
  const text = query.text?.trim();
  const hidden = [...unpaidStates, ...(query.include_delivered ? [] : ["delivered"]), ...(query.include_canceled ? [] : canceledStates)];
  const number = text && /^#?\d{1,9}$/.test(text) ? Number(text.replace("#", "")) : null;
  const like = text ? `%${escapeLike(text)}%` : null;
  const own = and(
    eq(orders.supplierId, supplierId),
    query.state ? eq(orders.state, query.state) : notInArray(orders.state, hidden),
    query.start_date ? gte(orders.createdAt, new Date(`${query.start_date}T00:00:00Z`)) : undefined,
    query.end_date ? lt(orders.createdAt, new Date(`${nextDay(query.end_date)}T00:00:00Z`)) : undefined,
    // A bare number ('123' or '#123') is an order number: matching it inside e-mails and product names too buried it.
    number !== null ? eq(orders.number, number) : like ? ilike(orders.searchText, like.toLowerCase()) : undefined,
  );
  const joined: (SQL | undefined)[] = [
    query.payment_type ? eq(checkouts.paymentMethod, query.payment_type) : undefined,
    query.delivery_type ? eq(checkouts.deliveryType, query.delivery_type) : undefined,
  ].filter((condition) => condition !== undefined);
  return { where: and(own, ...joined), own, needsJoin: joined.length > 0 };
}

const summaryColumns = {
  order: orders,
  deliveryType: checkouts.deliveryType,
  paymentMethod: checkouts.paymentMethod,
  instalments: checkouts.instalments,
  test: checkouts.test,
  customerName,
  itemsCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
  itemTypes: sql<
    string[]
  >`(select coalesce(array_agg(distinct ${products.type}), '{}') from ${orderItems} join ${products} on ${products.id} = ${orderItems.productId} where ${orderItems.orderId} = ${orders.id})`,
};

export type SellerOrderListRow = Awaited<ReturnType<typeof selectSellerOrders>>["rows"][number];

/** How far the list counts: past this the count reads "more than" (a supplier's queue is paged, not counted to the end). */
const COUNT_CAP = 1_000;

export async function selectSellerOrders(db: DbOrTx, supplierId: string, query: SellerOrderListQuery, page = query) {
  const filter = sellerFilter(supplierId, query);
  const matching = filter.needsJoin
    ? db
        .select({ one: sql`1` })
        .from(orders)
        .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .leftJoin(users, eq(users.id, checkouts.customerId))
        .where(filter.where)
    : db
        .select({ one: sql`1` })
        .from(orders)
        .where(filter.own);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
      .leftJoin(users, eq(users.id, checkouts.customerId))
      .where(filter.where)
      .orderBy(desc(orders.updatedAt), desc(orders.number))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(matching.limit(page.offset + COUNT_CAP).as("matching")),
  ]);
  return { rows, total: Number(total) };
}

export async function countWaitingOrders(db: DbOrTx, supplierId: string): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.supplierId, supplierId), eq(orders.state, "paid")));
  return Number(count);
}

/** One order with its purchase and buyer, by id; the caller checks who may see it. */
export async function selectOrderDetail(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ ...summaryColumns, checkout: checkouts, customerEmail: users.email, customerPhone: users.phone })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .leftJoin(users, eq(users.id, checkouts.customerId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export async function selectOrderItems(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.name));
}

export async function selectOrderEvents(db: DbOrTx, orderId: string) {
  return db
    .select({ event: orderEvents, actorName: users.fullName })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

export async function selectReceipts(db: DbOrTx, orderId: string) {
  return db.select().from(orderReceipts).where(eq(orderReceipts.orderId, orderId)).orderBy(asc(orderReceipts.number));
}

/** The product types of each order's items, for the fulfilment path of the customer's view. */
export async function selectItemTypes(db: DbOrTx, orderIds: string[]): Promise<Map<string, string[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ orderId: orderItems.orderId, type: products.type })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds));
  const types = new Map<string, string[]>();
  for (const row of rows) types.set(row.orderId, [...(types.get(row.orderId) ?? []), row.type]);
  return types;
}
