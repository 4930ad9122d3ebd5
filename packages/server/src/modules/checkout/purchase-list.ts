import type { PurchaseListQuery } from "@tianguis/domain/schemas/order";
import { and, desc, eq, gte, ilike, lte, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { checkouts, orders } from "../../db/schema/orders";
import { shops } from "../../db/schema/shops";
import type { SessionUser } from "../../http/sessions";
import { checkoutViews } from "./views";

// The customer's /mis-compras list with the seller list's filters (commerce-and-accounts §7 GET orders). A read model:
// the order filters look at the purchase's orders and their suppliers' names (shops is written by its own module).

function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, "\\$&");
}

/** An order of the purchase with the state and the text (order number, item or buyer in search_text, supplier name). */
function orderFilter(query: PurchaseListQuery) {
  const text = query.text?.trim();
  if (!query.state && !text) return undefined;
  const number = text && /^#?\d{1,9}$/.test(text) ? Number(text.replace("#", "")) : null;
  const like = text ? `%${escapeLike(text.toLowerCase())}%` : null;
  const matchesText = like
    ? or(number !== null ? eq(orders.number, number) : undefined, ilike(orders.searchText, like), ilike(shops.name, like))
    : undefined;
  const where = and(eq(orders.checkoutId, checkouts.id), query.state ? eq(orders.state, query.state) : undefined, matchesText);
  return sql`exists (select 1 from ${orders} join ${shops} on ${shops.id} = ${orders.supplierId} where ${where})`;
}

export async function listMyCheckouts(ctx: AppContext, user: SessionUser, query: PurchaseListQuery) {
  const where = and(
    eq(checkouts.customerId, user.id),
    query.payment_type ? eq(checkouts.paymentMethod, query.payment_type) : undefined,
    query.delivery_type ? eq(checkouts.deliveryType, query.delivery_type) : undefined,
    query.start_date ? gte(checkouts.createdAt, new Date(`${query.start_date}T00:00:00Z`)) : undefined,
    // The last instant of the end day (not the next day's start, which overflows past 9999-12-31).
    query.end_date ? lte(checkouts.createdAt, new Date(`${query.end_date}T23:59:59.999Z`)) : undefined,
    orderFilter(query),
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(checkouts)
      .where(where)
      .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
      .offset(query.offset)
      .limit(query.limit),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(checkouts)
      .where(where),
  ]);
  return { results: await checkoutViews(ctx, rows, { downloads: true }), matches_estimated: Number(total) };
}
