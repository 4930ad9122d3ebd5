import { type CommissionState, reversibleStates } from "@tianguis/domain/rules/commission";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { products } from "../../db/schema/catalog";
import { commissions } from "../../db/schema/commissions";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { shops } from "../../db/schema/shops";

/*
 * Read models join the purchase's tables (checkouts, orders, order lines, products, shops, users) to decide and show
 * commissions; only this module writes the commissions table.
 */

const store = alias(shops, "store");
const supplier = alias(shops, "supplier");

/** The purchase's parties: where it was bought, who owns that shop, who bought it and the referral code it carries. */
export async function selectPurchaseParties(db: DbOrTx, checkoutId: string) {
  const [row] = await db
    .select({
      storeId: checkouts.storeId,
      storeOwnerId: store.ownerId,
      buyerId: checkouts.customerId,
      referral: checkouts.referral,
    })
    .from(checkouts)
    .innerJoin(store, eq(store.id, checkouts.storeId))
    .where(eq(checkouts.id, checkoutId));
  return row ?? null;
}

/** The paid lines of a purchase whose product is dropshipping with a positive contribution margin. */
export async function selectMarginLines(db: DbOrTx, checkoutId: string) {
  return db
    .select({
      orderItemId: orderItems.id,
      orderId: orders.id,
      supplierId: orders.supplierId,
      supplierOwnerId: supplier.ownerId,
      quantity: orderItems.quantity,
      unitMargin: products.contributionMargin,
      currency: orders.currency,
    })
    .from(orders)
    .innerJoin(supplier, eq(supplier.id, orders.supplierId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orders.checkoutId, checkoutId),
        eq(orders.state, "paid"),
        eq(products.isDropshipping, true),
        gt(products.contributionMargin, 0),
      ),
    );
}

export type NewCommission = typeof commissions.$inferInsert;

/** Inserts a membership period's commission, or nothing when that period has one (a replayed event). */
export async function insertMembershipCommission(db: DbOrTx, row: NewCommission) {
  const [inserted] = await db
    .insert(commissions)
    .values(row)
    .onConflictDoNothing({ target: commissions.membershipChargeId })
    .returning({ id: commissions.id });
  return inserted ?? null;
}

/** Inserts commissions, skipping lines that already have one (a replayed payment records nothing twice). */
export async function insertCommissions(db: DbOrTx, rows: NewCommission[]) {
  if (rows.length === 0) return [];
  return db.insert(commissions).values(rows).onConflictDoNothing({ target: commissions.orderItemId }).returning({ id: commissions.id });
}

export async function setAvailableFrom(db: DbOrTx, orderId: string, at: Date, now: Date) {
  await db
    .update(commissions)
    .set({ availableAt: at, updatedAt: now })
    .where(and(eq(commissions.orderId, orderId), eq(commissions.state, "pending")));
}

/**
 * pending → available for an order that is still delivered and whose return window has passed (a conditional update:
 * a job run twice, or an order cancelled or returned meanwhile, changes nothing).
 */
export async function releaseOrderCommissions(db: DbOrTx, orderId: string, windowMs: number, now: Date) {
  return db
    .update(commissions)
    .set({ state: "available", availableAt: now, updatedAt: now })
    .where(
      and(
        eq(commissions.orderId, orderId),
        eq(commissions.state, "pending"),
        sql`exists (select 1 from ${orders} where ${orders.id} = ${commissions.orderId} and ${orders.state} = 'delivered'
          and ${orders.deliveredAt} + make_interval(secs => ${windowMs / 1000}) <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: commissions.id });
}

export async function reverseCommissionsOfOrder(db: DbOrTx, orderId: string, now: Date) {
  return db
    .update(commissions)
    .set({ state: "reversed", reversedAt: now, updatedAt: now })
    .where(and(eq(commissions.orderId, orderId), inArray(commissions.state, reversibleStates)))
    .returning({ id: commissions.id });
}

/** The commissions a refund can still take from, with the goods total each one's share is measured against. */
export async function selectReversible(db: DbOrTx, orderId: string, orderItemId?: string) {
  return db
    .select({
      id: commissions.id,
      state: commissions.state,
      amount: commissions.amount,
      reversedAmount: commissions.reversedAmount,
      lineTotal: orderItems.total,
      orderSubtotal: orders.subtotal,
    })
    .from(commissions)
    .innerJoin(orderItems, eq(orderItems.id, commissions.orderItemId))
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(
      and(
        eq(commissions.orderId, orderId),
        inArray(commissions.state, reversibleStates),
        orderItemId ? eq(commissions.orderItemId, orderItemId) : undefined,
      ),
    )
    .for("update", { of: commissions });
}

export async function updateReversal(db: DbOrTx, id: string, seen: CommissionState, reversedAmount: number, full: boolean, now: Date) {
  await db
    .update(commissions)
    .set(full ? { state: "reversed", reversedAt: now, updatedAt: now } : { reversedAmount, updatedAt: now })
    .where(and(eq(commissions.id, id), eq(commissions.state, seen)));
}

const beneficiary = alias(users, "beneficiary");

const viewColumns = {
  id: commissions.id,
  orderId: commissions.orderId,
  orderNumber: orders.number,
  productId: orderItems.productId,
  productName: orderItems.name,
  productPhoto: orderItems.photo,
  quantity: commissions.quantity,
  unitMargin: commissions.unitMargin,
  rate: commissions.rate,
  amount: commissions.amount,
  reversedAmount: commissions.reversedAmount,
  currency: commissions.currency,
  state: commissions.state,
  source: commissions.source,
  storeName: store.name,
  supplierName: supplier.name,
  membershipPlanId: commissions.membershipPlanId,
  createdAt: commissions.createdAt,
  availableAt: commissions.availableAt,
  paidAt: commissions.paidAt,
  reversedAt: commissions.reversedAt,
};

export async function selectBeneficiaryCommissions(
  db: DbOrTx,
  beneficiaryId: string,
  page: { offset: number; limit: number; state?: CommissionState },
) {
  const where = and(eq(commissions.beneficiaryId, beneficiaryId), page.state ? eq(commissions.state, page.state) : undefined);
  const rows = await db
    .select(viewColumns)
    .from(commissions)
    // A membership's commission has no order, line or shops: left joins keep it in the list.
    .leftJoin(orders, eq(orders.id, commissions.orderId))
    .leftJoin(orderItems, eq(orderItems.id, commissions.orderItemId))
    .leftJoin(store, eq(store.id, commissions.storeId))
    .leftJoin(supplier, eq(supplier.id, commissions.supplierId))
    .where(where)
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(commissions)
    .where(where);
  return { rows, count };
}

export type CommissionRow = Awaited<ReturnType<typeof selectBeneficiaryCommissions>>["rows"][number];

/** Totals per state and currency of a beneficiary's commissions (net of partial reversals). */
export async function selectBeneficiaryTotals(db: DbOrTx, beneficiaryId: string) {
  return db
    .select({
      currency: commissions.currency,
      state: commissions.state,
      net: sql<number>`coalesce(sum(${commissions.amount} - ${commissions.reversedAmount}), 0)::int`,
      reversed: sql<number>`coalesce(sum(${commissions.reversedAmount}), 0)::int`,
      gross: sql<number>`coalesce(sum(${commissions.amount}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(commissions)
    .where(eq(commissions.beneficiaryId, beneficiaryId))
    .groupBy(commissions.currency, commissions.state);
}

/** A beneficiary's commissions in one currency earned since `since`, for the chart's buckets. */
export async function selectEarnedSince(db: DbOrTx, beneficiaryId: string, currency: string, since: Date) {
  return db
    .select({
      createdAt: commissions.createdAt,
      amount: commissions.amount,
      reversedAmount: commissions.reversedAmount,
      state: commissions.state,
    })
    .from(commissions)
    .where(
      and(
        eq(commissions.beneficiaryId, beneficiaryId),
        eq(commissions.currency, currency),
        sql`${commissions.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
}

/** What a supplier owes per beneficiary and currency: available, pending and paid sums; beneficiaries owed most first. */
export async function selectOwedBySupplier(db: DbOrTx, supplierId: string) {
  const sum = (state: CommissionState) =>
    sql<number>`coalesce(sum(${commissions.amount} - ${commissions.reversedAmount}) filter (where ${commissions.state} = ${state}), 0)::int`;
  return db
    .select({
      beneficiaryId: commissions.beneficiaryId,
      beneficiaryName: beneficiary.fullName,
      beneficiaryUsername: beneficiary.username,
      stores: sql<string[]>`array_agg(distinct ${store.name}) filter (where ${commissions.source} = 'reseller')`,
      currency: commissions.currency,
      available: sum("available"),
      availableCount: sql<number>`count(*) filter (where ${commissions.state} = 'available')::int`,
      pending: sum("pending"),
      paid: sum("paid"),
    })
    .from(commissions)
    .innerJoin(beneficiary, eq(beneficiary.id, commissions.beneficiaryId))
    .innerJoin(store, eq(store.id, commissions.storeId))
    .where(and(eq(commissions.supplierId, supplierId), inArray(commissions.state, ["pending", "available", "paid"])))
    .groupBy(commissions.beneficiaryId, beneficiary.fullName, beneficiary.username, commissions.currency)
    .orderBy(desc(sum("available")), desc(sum("pending")));
}

/** Locks a beneficiary's available commissions from one supplier in one currency (to pay exactly what was seen). */
export async function lockAvailable(db: DbOrTx, supplierId: string, beneficiaryId: string, currency: string) {
  return db
    .select({ id: commissions.id, net: sql<number>`${commissions.amount} - ${commissions.reversedAmount}` })
    .from(commissions)
    .where(
      and(
        eq(commissions.supplierId, supplierId),
        eq(commissions.beneficiaryId, beneficiaryId),
        eq(commissions.currency, currency),
        eq(commissions.state, "available"),
      ),
    )
    .for("update");
}

export async function markPaidRows(db: DbOrTx, ids: string[], now: Date) {
  if (ids.length === 0) return [];
  return db
    .update(commissions)
    .set({ state: "paid", paidAt: now, paidVia: "outside", updatedAt: now })
    .where(and(inArray(commissions.id, ids), eq(commissions.state, "available")))
    .returning({ id: commissions.id });
}

/** available → paid into the beneficiary's wallet (a conditional update: a commission is handed over once). */
export async function markPaidIntoWallet(db: DbOrTx, ids: string[], now: Date) {
  if (ids.length === 0) return [];
  return db
    .update(commissions)
    .set({ state: "paid", paidAt: now, paidVia: "wallet", updatedAt: now })
    .where(and(inArray(commissions.id, ids), eq(commissions.state, "available")))
    .returning({
      id: commissions.id,
      beneficiaryId: commissions.beneficiaryId,
      currency: commissions.currency,
      net: sql<number>`${commissions.amount} - ${commissions.reversedAmount}`.mapWith(Number),
    });
}

/** An order's commissions with each line's product and beneficiary, for its supplier. */
export async function selectOrderCommissions(db: DbOrTx, orderId: string) {
  return db
    .select({
      orderItemId: commissions.orderItemId,
      productName: orderItems.name,
      quantity: commissions.quantity,
      beneficiaryName: beneficiary.fullName,
      beneficiaryUsername: beneficiary.username,
      source: commissions.source,
      amount: commissions.amount,
      reversedAmount: commissions.reversedAmount,
      state: commissions.state,
      currency: commissions.currency,
    })
    .from(commissions)
    .innerJoin(orderItems, eq(orderItems.id, commissions.orderItemId))
    .innerJoin(beneficiary, eq(beneficiary.id, commissions.beneficiaryId))
    .where(eq(commissions.orderId, orderId))
    .orderBy(orderItems.name);
}

export async function selectOrderSupplier(db: DbOrTx, orderId: string) {
  const [row] = await db.select({ supplierId: orders.supplierId }).from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * Reverses a membership period's commission (its period was refunded), whatever state it reached: answers it as it was
 * (its state, how it was paid and its net), or null when there is none or it was reversed already (a replay).
 */
export async function reverseMembershipCharge(db: DbOrTx, membershipChargeId: string, now: Date) {
  const [before] = await db
    .select({
      id: commissions.id,
      state: commissions.state,
      paidVia: commissions.paidVia,
      beneficiaryId: commissions.beneficiaryId,
      currency: commissions.currency,
      net: sql<number>`${commissions.amount} - ${commissions.reversedAmount}`.mapWith(Number),
    })
    .from(commissions)
    .where(eq(commissions.membershipChargeId, membershipChargeId))
    .for("update");
  if (!before || before.state === "reversed") return null;
  await db
    .update(commissions)
    .set({ state: "reversed", reversedAt: now, updatedAt: now })
    .where(and(eq(commissions.id, before.id), eq(commissions.state, before.state)));
  return before;
}
