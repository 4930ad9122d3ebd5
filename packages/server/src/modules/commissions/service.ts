import {
  type CommissionState,
  RETURN_WINDOW_MS,
  availableFrom,
  beneficiaryOf,
  beneficiaryRate,
  bucketEarnings,
  bucketStarts,
  commissionAmount,
  reversedShare,
} from "@tianguis/domain/rules/commission";
import type {
  CommissionListQuery,
  CommissionView,
  EarningsQuery,
  EarningsSummary,
  MarkCommissionsPaidBody,
  OrderCommissions,
  OwedToBeneficiary,
} from "@tianguis/domain/schemas/commission";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { membershipResidual, membershipResidualRate } from "@tianguis/domain/rules/referral";
import { planOf } from "@tianguis/domain/rules/plans";
import type { EventPayload } from "@tianguis/domain/events";
import { referrerOf, resolvePromoter } from "../referral/service";
import { findShopWithAccess } from "../shops/service";
import { currentMembership } from "../subscriptions/service";
import {
  type CommissionRow,
  type NewCommission,
  insertCommissions,
  insertMembershipCommission,
  lockAvailable,
  markPaidIntoWallet,
  markPaidRows,
  releaseOrderCommissions,
  reverseCommissionsOfOrder,
  reverseMembershipCharge,
  selectBeneficiaryCommissions,
  selectBeneficiaryTotals,
  selectEarnedSince,
  selectMarginLines,
  selectOrderCommissions,
  selectOrderSupplier,
  selectOwedBySupplier,
  selectPurchaseParties,
  selectReversible,
  setAvailableFrom,
  updateReversal,
} from "./queries";

/** For the back office: the financial report's commissions and the dashboard's totals. */
export {
  type EarnedPeriod,
  commissionOwedByOrder,
  countEarnedCommissions,
  selectEarnedCommissionBatch,
  shopCommissionTotals,
} from "./back-office";

/**
 * The commission ledger's one owner (commerce-and-accounts §6, §9). Other modules tell it what happened to a purchase,
 * inside their own transaction: paid (record), delivered (schedule the release after the 72-hour return window),
 * cancelled (reverse) and refunded (reverse proportionally). Beneficiaries read their earnings; suppliers read what
 * they owe and mark it paid.
 *
 * Who earns (rules/commission.ts `beneficiaryOf`): the owner of the reseller store the purchase was made in when that
 * store is not the order's supplier; otherwise the promoter named by the purchase's referral code, when there is one
 * and it is not the buyer; otherwise nobody. Nobody earns from their own supplier shop.
 */

const RELEASE_JOB = "release_commissions";

export function registerCommissionJobs() {
  registerJob(RELEASE_JOB, async (ctx, payload) => {
    if (payload.order_id) await releaseCommissions(ctx, payload.order_id);
  });
}

/**
 * A purchase was paid: each paid line with a dropshipping margin and a beneficiary gets its commission, margin and
 * rate frozen. Called by payments in the transaction that marks the purchase paid; the unique line key and
 * `on conflict do nothing` make a replayed webhook (or a second call) record nothing twice.
 */
export async function recordCommissions(tx: DbOrTx, checkoutId: string, now: Date): Promise<number> {
  const parties = await selectPurchaseParties(tx, checkoutId);
  if (!parties) return 0;
  const lines = await selectMarginLines(tx, checkoutId);
  if (lines.length === 0) return 0;
  const sellsOwnItems = lines.some((line) => line.supplierId === parties.storeId);
  const promoter = sellsOwnItems && parties.referral ? await resolvePromoter(tx, parties.referral) : null;
  const rows: NewCommission[] = [];
  for (const line of lines) {
    const beneficiary = beneficiaryOf({ ...parties, ...line, promoterId: promoter?.userId ?? null });
    if (!beneficiary) continue;
    const rate = beneficiaryRate((await currentMembership(tx, beneficiary.userId, now)).plan.id);
    if (rate === null || line.unitMargin === null) continue;
    rows.push({
      orderItemId: line.orderItemId,
      orderId: line.orderId,
      supplierId: line.supplierId,
      storeId: parties.storeId,
      beneficiaryId: beneficiary.userId,
      source: beneficiary.source,
      quantity: line.quantity,
      unitMargin: line.unitMargin,
      rate: String(rate),
      amount: commissionAmount(line.unitMargin, line.quantity, rate),
      currency: line.currency,
      state: "pending",
      createdAt: now,
      updatedAt: now,
    });
  }
  const inserted = await insertCommissions(tx, rows);
  if (inserted.length > 0)
    await recordEvent(
      tx,
      { type: "commission.recorded", payload: { checkout_id: checkoutId, commission_ids: inserted.map((row) => row.id) } },
      now,
    );
  return inserted.length;
}

/**
 * A membership period was paid (issue 30 §4; storefront-and-admin §1 '15% residual commission on memberships sold by a
 * custom link'): the promoter the buyer arrived with earns 15 % of what the period cost, available at once (the platform
 * pays it; there is no return window on a membership). One commission per paid period, whatever replays the event.
 */
export async function recordMembershipCommission(
  tx: DbOrTx,
  charge: EventPayload<"membership.charged">,
  now: Date,
): Promise<string | null> {
  const promoter = await referrerOf(tx, charge.user_id);
  const amount = membershipResidual(charge.amount);
  if (!promoter || amount <= 0) return null;
  const inserted = await insertMembershipCommission(tx, {
    membershipChargeId: charge.charge_id,
    membershipSource: charge.source,
    membershipPlanId: charge.plan_id,
    beneficiaryId: promoter.userId,
    source: "membership",
    quantity: 1,
    unitMargin: charge.amount,
    rate: String(membershipResidualRate),
    amount,
    currency: charge.currency,
    state: "available",
    createdAt: now,
    availableAt: now,
    updatedAt: now,
  });
  if (!inserted) return null;
  await recordEvent(tx, { type: "commission.available", payload: { order_id: null, commission_ids: [inserted.id] } }, now);
  return inserted.id;
}

/**
 * A paid membership period was refunded (issue 30 §4 'reversed on refunds'): its commission is reversed. One the wallet
 * had already received is taken back from it with the refund's reason (`commission.reversed`, which the wallet follows);
 * a replay finds it reversed and does nothing.
 */
export async function reverseMembershipCommission(
  tx: DbOrTx,
  refund: EventPayload<"membership.refunded">,
  now: Date,
): Promise<string | null> {
  const reversed = await reverseMembershipCharge(tx, refund.charge_id, now);
  if (!reversed) return null;
  if (reversed.state === "paid" && reversed.paidVia === "wallet" && reversed.net > 0) {
    const payload = {
      commission_id: reversed.id,
      beneficiary_id: reversed.beneficiaryId,
      amount: reversed.net,
      currency: reversed.currency,
      reason: refund.reason,
    };
    await recordEvent(tx, { type: "commission.reversed", payload }, now);
  }
  return reversed.id;
}

/**
 * An order was delivered: its commissions become available once the return window has passed. The job is enqueued in
 * the delivering transaction and is idempotent (see `releaseCommissions`).
 */
export async function scheduleCommissionRelease(tx: DbOrTx, orderId: string, deliveredAt: Date): Promise<void> {
  const at = availableFrom(deliveredAt);
  await setAvailableFrom(tx, orderId, at, deliveredAt);
  await enqueueJob(tx, RELEASE_JOB, { order_id: orderId }, at);
}

/** pending → available when the order is still delivered and its return window has passed; otherwise nothing. */
export async function releaseCommissions(ctx: AppContext, orderId: string): Promise<number> {
  return transactionWithEvents(ctx, async (tx) => {
    const now = ctx.clock.now();
    const released = await releaseOrderCommissions(tx, orderId, RETURN_WINDOW_MS, now);
    if (released.length > 0)
      await recordEvent(
        tx,
        { type: "commission.available", payload: { order_id: orderId, commission_ids: released.map((row) => row.id) } },
        now,
      );
    return released.length;
  });
}

/** An order was cancelled: its pending and available commissions are reversed (paid ones have left the supplier). */
export async function reverseOrderCommissions(tx: DbOrTx, orderId: string, now: Date): Promise<number> {
  return (await reverseCommissionsOfOrder(tx, orderId, now)).length;
}

/**
 * A refund reached an order (for the refunds work to call, inside its transaction). `refundedGoods` is the cumulative
 * amount refunded so far for the order's goods (shipping excluded), or for one line when `orderItemId` is given:
 * each commission keeps its share of what was not refunded (rules/commission.ts `reversedShare`), so calling again with
 * the same figure changes nothing, and a full refund reverses it.
 */
export async function applyRefundToCommissions(
  tx: DbOrTx,
  refund: { orderId: string; refundedGoods: number; orderItemId?: string },
  now: Date,
): Promise<void> {
  const rows = await selectReversible(tx, refund.orderId, refund.orderItemId);
  for (const row of rows) {
    const base = refund.orderItemId ? row.lineTotal : row.orderSubtotal;
    const reversed = Math.max(row.reversedAmount, reversedShare(row.amount, refund.refundedGoods, base));
    if (reversed === row.reversedAmount) continue;
    await updateReversal(tx, row.id, row.state as CommissionState, reversed, reversed >= row.amount, now);
  }
}

function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthorized");
  return user;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function commissionView(row: CommissionRow): CommissionView {
  const state = row.state as CommissionState;
  return {
    id: row.id,
    order_id: row.orderId,
    order_number: row.orderNumber,
    product_id: row.productId,
    // A membership's commission names the plan its period paid for.
    product_name: row.productName ?? planOf(row.membershipPlanId).name,
    product_photo: row.productPhoto,
    quantity: row.quantity,
    unit_margin: row.unitMargin,
    rate: Number(row.rate),
    amount: row.amount,
    reversed_amount: row.reversedAmount,
    net_amount: state === "reversed" ? 0 : row.amount - row.reversedAmount,
    currency: row.currency,
    state,
    source: row.source as CommissionView["source"],
    store_name: row.storeName ?? "",
    supplier_name: row.supplierName ?? "",
    created_at: row.createdAt.toISOString(),
    available_at: iso(row.availableAt),
    paid_at: iso(row.paidAt),
    reversed_at: iso(row.reversedAt),
  };
}

/** GET /me/commissions: the signed-in user's commissions, newest first. */
export async function listMyCommissions(ctx: AppContext, user: SessionUser | null, query: CommissionListQuery) {
  const me = requireUser(user);
  const { rows, count } = await selectBeneficiaryCommissions(ctx.db, me.id, query);
  return { results: rows.map(commissionView), matches_estimated: count };
}

/**
 * GET /me/earnings: totals per state in one currency (the asked one, else the one with most commissions) and the
 * chart's buckets for the period. A reversed row counts its whole amount as reversed; a partly refunded one its share.
 */
export async function getMyEarnings(ctx: AppContext, user: SessionUser | null, query: EarningsQuery): Promise<EarningsSummary> {
  const me = requireUser(user);
  const now = ctx.clock.now();
  const rows = await selectBeneficiaryTotals(ctx.db, me.id);
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.currency, (counts.get(row.currency) ?? 0) + row.count);
  const currencies = [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b));
  const currency = query.currency ?? currencies[0] ?? "MXN";
  const totals = { pending: 0, available: 0, paid: 0, reversed: 0 };
  for (const row of rows.filter((each) => each.currency === currency)) {
    const state = row.state as CommissionState;
    if (state === "reversed") totals.reversed += row.gross;
    else {
      totals[state] += row.net;
      totals.reversed += row.reversed;
    }
  }
  const since = new Date(`${bucketStarts(now, query.period)[0]}T00:00:00Z`);
  const earned = await selectEarnedSince(ctx.db, me.id, currency, since);
  const buckets = bucketEarnings(
    earned.map((row) => ({
      created_at: row.createdAt,
      amount: row.amount,
      reversed_amount: row.reversedAmount,
      state: row.state as CommissionState,
    })),
    now,
    query.period,
  );
  return { currency, currencies, count: counts.get(currency) ?? 0, totals, period: query.period, buckets };
}

/** The supplier shop's people who may see and settle its commissions: owner, admins and accountants; 401/403 otherwise. */
async function requireCommissionDesk(ctx: AppContext, slug: string, user: SessionUser | null) {
  const me = requireUser(user);
  const { shop, access } = await findShopWithAccess(ctx, { slug }, me);
  if (!access.isAdmin && !access.roles.includes("accountant")) throw new AppError("forbidden");
  return shop;
}

/** GET /shops/{slug}/commissions/owed */
export async function listOwedCommissions(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
): Promise<{ results: OwedToBeneficiary[] }> {
  const shop = await requireCommissionDesk(ctx, slug, user);
  const rows = await selectOwedBySupplier(ctx.db, shop.id);
  return {
    results: rows.map((row) => ({
      beneficiary_id: row.beneficiaryId,
      beneficiary_name: row.beneficiaryName || row.beneficiaryUsername,
      stores: (row.stores ?? []).filter(Boolean),
      currency: row.currency,
      available: row.available,
      available_count: row.availableCount,
      pending: row.pending,
      paid: row.paid,
    })),
  };
}

/**
 * POST /shops/{slug}/commissions/mark-paid: the supplier paid a beneficiary everything available in a currency. The
 * rows are locked and summed first; when the sum is not what the supplier saw (a commission became available or was
 * reversed meanwhile) nothing changes ('commission_total_changed'), so a supplier never marks more than it paid.
 */
export async function markCommissionsPaid(ctx: AppContext, slug: string, user: SessionUser | null, body: MarkCommissionsPaidBody) {
  const shop = await requireCommissionDesk(ctx, slug, user);
  return ctx.db.transaction(async (tx) => {
    const rows = await lockAvailable(tx, shop.id, body.beneficiary_id, body.currency);
    const amount = rows.reduce((sum, row) => sum + Number(row.net), 0);
    if (rows.length === 0) throw new AppError("commission_nothing_to_pay", { status: 409 });
    if (amount !== body.expected_amount) throw new AppError("commission_total_changed", { status: 409 });
    const paid = await markPaidRows(
      tx,
      rows.map((row) => row.id),
      ctx.clock.now(),
    );
    return { count: paid.length, amount, currency: body.currency };
  });
}

/**
 * The wallet takes available commissions to credit them (issue 30 §2: owed commissions are paid into wallets instead of
 * by hand): each still available becomes paid 'wallet' in the caller's transaction, and is answered with its
 * beneficiary and net amount. One already paid by hand, or reversed, is not answered, so nothing is paid twice.
 */
export async function handCommissionsToWallet(tx: DbOrTx, commissionIds: string[], now: Date) {
  return markPaidIntoWallet(tx, commissionIds, now);
}

/** GET /shops/{slug}/orders/{id}/commissions: what the order's supplier owes per line and in total. */
export async function getOrderCommissions(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  orderId: string,
): Promise<OrderCommissions> {
  const shop = await requireCommissionDesk(ctx, slug, user);
  const order = await selectOrderSupplier(ctx.db, orderId);
  if (!order || order.supplierId !== shop.id) throw new AppError("order_not_found", { status: 404 });
  const rows = await selectOrderCommissions(ctx.db, orderId);
  const lines = rows.map((row) => {
    const state = row.state as CommissionState;
    return {
      // An order's commissions are its lines' (a membership's never belongs to an order).
      order_item_id: row.orderItemId as string,
      product_name: row.productName,
      quantity: row.quantity,
      beneficiary_name: row.beneficiaryName || row.beneficiaryUsername,
      source: row.source as OrderCommissions["lines"][number]["source"],
      amount: row.amount,
      net_amount: state === "reversed" ? 0 : row.amount - row.reversedAmount,
      state,
    };
  });
  const owed = lines.filter((line) => line.state === "pending" || line.state === "available");
  return {
    lines,
    currency: rows[0]?.currency ?? null,
    total_owed: owed.reduce((sum, line) => sum + line.net_amount, 0),
  };
}
