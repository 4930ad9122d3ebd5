import { type SQL, and, count, desc, eq, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products } from "../../db/schema/catalog";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { shops } from "../../db/schema/shops";
import { tickets } from "../../db/schema/tickets";

/**
 * Tickets as pages show them. A read model: it joins the experience (products), the shop that runs it and the order
 * it was bought in, to name them on the ticket; only the tickets module writes tickets.
 */
const ticketColumns = {
  ticket: tickets,
  productName: products.name,
  experienceDate: products.experienceDate,
  shopName: shops.name,
  orderNumber: orders.number,
  checkoutId: orders.checkoutId,
};

export type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

export async function selectTickets(db: DbOrTx, where: SQL | undefined, page?: { offset: number; limit: number }) {
  const query = db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(products, eq(products.id, tickets.productId))
    .innerJoin(shops, eq(shops.id, tickets.supplierId))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(where)
    .orderBy(tickets.createdAt, tickets.orderItemId, tickets.unit, tickets.id);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function selectNewestTickets(db: DbOrTx, where: SQL | undefined, page: { offset: number; limit: number }) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(products, eq(products.id, tickets.productId))
    .innerJoin(shops, eq(shops.id, tickets.supplierId))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countTickets(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: count() }).from(tickets).where(where);
  return row?.count ?? 0;
}

/** Orders whose experience lines have no tickets to get. */
const unpaidOrCancelled = ["pending_payment", "expired", "canceled", "canceled_by_customer", "canceled_by_supplier"] as const;

/** The experience lines of a purchase's paid, uncancelled orders: what becomes tickets. */
export async function selectPaidExperienceLines(db: DbOrTx, checkoutId: string) {
  return db
    .select({
      orderId: orders.id,
      orderItemId: orderItems.id,
      productId: orderItems.productId,
      supplierId: orders.supplierId,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      currency: orders.currency,
      type: products.type,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.checkoutId, checkoutId), notInArray(orders.state, [...unpaidOrCancelled]), eq(products.type, "experience")))
    .orderBy(orders.id, orderItems.id);
}

export async function selectOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, checkoutId: orders.checkoutId, number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

export async function selectExperience(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      shopId: products.shopId,
      type: products.type,
      experienceDate: products.experienceDate,
      currency: products.currency,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

export const byOrder = (orderId: string) => eq(tickets.orderId, orderId);
export const byId = (id: string) => eq(tickets.id, id);
export const byCode = (code: string) => eq(tickets.code, code);
export const ofShop = (shopId: string, productId?: string) =>
  productId ? and(eq(tickets.supplierId, shopId), eq(tickets.productId, productId)) : eq(tickets.supplierId, shopId);
export const ofCheckout = (checkoutId: string) =>
  sql`${tickets.orderId} in (select ${orders.id} from ${orders} where ${orders.checkoutId} = ${checkoutId})`;
/** Tickets of purchases the user made signed in (guests' purchases belong to no user). */
export const ofCustomer = (userId: string) =>
  sql`${tickets.orderId} in (select ${orders.id} from ${orders} join ${checkouts} on ${checkouts.id} = ${orders.checkoutId}
    where ${checkouts.customerId} = ${userId})`;
