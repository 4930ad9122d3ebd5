import { and, asc, count, eq, gt, gte, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { commissions } from "../../db/schema/commissions";

/**
 * The commissions module's read doors for the back office (issue 29: the financial report and the dashboard), over its
 * own table only; orders' numbers and shops' names come from their owners' doors by the ids these answers carry.
 */

const net = sql`${commissions.amount} - ${commissions.reversedAmount}`;

/** What each order owes in commissions (not reversed), by order id. */
export async function commissionOwedByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: commissions.orderId, owed: sql<number>`coalesce(sum(${net}), 0)::int` })
    .from(commissions)
    .where(and(inArray(commissions.orderId, orderIds), ne(commissions.state, "reversed")))
    .groupBy(commissions.orderId);
  return new Map(rows.map((row) => [row.orderId ?? "", Number(row.owed)]));
}

/** What a shop owes as supplier (pending, available) and what its store earned from others' products: the dashboard's widget. */
export function shopCommissionTotals(db: DbOrTx, shopId: string) {
  return db
    .select({
      currency: sql<string | null>`max(${commissions.currency})`,
      owed: sql<string>`coalesce(sum(${net}) filter (where ${commissions.supplierId} = ${shopId}
          and ${commissions.state} in ('pending', 'available')), 0)::bigint`,
      earned: sql<string>`coalesce(sum(${net}) filter (where ${commissions.storeId} = ${shopId}
          and ${commissions.state} <> 'reversed'), 0)::bigint`,
    })
    .from(commissions)
    .where(or(eq(commissions.supplierId, shopId), eq(commissions.storeId, shopId)));
}

export interface EarnedPeriod {
  from: Date | null;
  to: Date | null;
}

function earnedWhere(beneficiaryId: string, period: EarnedPeriod) {
  return and(
    eq(commissions.beneficiaryId, beneficiaryId),
    period.from ? gte(commissions.createdAt, period.from) : undefined,
    period.to ? lt(commissions.createdAt, period.to) : undefined,
  );
}

export async function countEarnedCommissions(db: DbOrTx, beneficiaryId: string, period: EarnedPeriod): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(commissions).where(earnedWhere(beneficiaryId, period));
  return Number(total);
}

/** One batch of the commissions a user earned on orders (as reseller or promoter), oldest first, after the cursor. */
export async function selectEarnedCommissionBatch(
  db: DbOrTx,
  beneficiaryId: string,
  period: EarnedPeriod,
  cursor: { createdAt: Date; id: string } | null,
  limit: number,
) {
  const after = cursor
    ? and(
        gte(commissions.createdAt, cursor.createdAt),
        or(gt(commissions.createdAt, cursor.createdAt), and(eq(commissions.createdAt, cursor.createdAt), gt(commissions.id, cursor.id))),
      )
    : undefined;
  return db
    .select({
      id: commissions.id,
      createdAt: commissions.createdAt,
      state: commissions.state,
      amount: sql<number>`${net}`,
      currency: commissions.currency,
      orderId: commissions.orderId,
      storeId: commissions.storeId,
    })
    .from(commissions)
    .where(and(earnedWhere(beneficiaryId, period), isNotNull(commissions.orderId), isNotNull(commissions.storeId), after))
    .orderBy(asc(commissions.createdAt), asc(commissions.id))
    .limit(limit);
}
