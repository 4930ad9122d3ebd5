import type { Locale } from "@tianguis/domain/locale";
import type { EventPayload } from "@tianguis/domain/events";
import { orderViewer } from "@tianguis/domain/rules/packing";
import type { ProductType } from "@tianguis/domain/schemas/product";
import type { DeliveryType } from "@tianguis/domain/rules/checkout";
import {
  type FulfilmentPath,
  type OrderActor,
  type SupplierOrderState,
  decideCancel,
  decideNextAction,
  fulfilmentPath,
  nextActionErrors,
} from "@tianguis/domain/rules/order-progress";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import type { InvoicingData, NextActionBody, ReceiptView, SellerOrderListQuery, SellerOrderView } from "@tianguis/domain/schemas/order";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { orderEvents, orderReceipts, orderItems, orders, receiptCounters } from "../../db/schema/orders";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { recordChange as recordAuditChange } from "../audit/service";
import { releaseStock } from "../catalog/service";
import { getCheckoutView, loadCheckout, moveOrder, setOrderInvoicing } from "../checkout/service";
import { reserveOrderRefund, sendOrderRefund } from "../payments/service";
import { type ShopAccess, findShopWithAccess } from "../shops/service";
import { countWaitingOrders, selectOrderDetail, selectSellerOrders } from "./queries";
import { renderPurchaseOrderPdf } from "./pdf";
import { sellerOrderView, toSellerOrderSummary } from "./views";

/**
 * Orders after purchase (commerce-and-accounts §4 'Checkout and orders'): the orders module owns an order's life once
 * it is paid — its state, timeline (order_events) and receipts. Every change is a conditional update from the state
 * the actor saw (through the checkout module's door, which owns the order's row), written with its timeline entry and its
 * order.state_changed event in one transaction, so a double click or two tabs apply it once; notices, alerts, commissions
 * and tickets react to the event.
 */

/** The role a shop member acts in on its orders; null when they may not see them. */
function deskActor(access: ShopAccess): OrderActor | null {
  if (access.isOwner) return "owner";
  for (const role of ["admin", "dispatcher", "accountant"] as const) if (access.roles.includes(role)) return role;
  return null;
}

/** The supplier shop and the role the user acts in: 401 for visitors, 403 for anyone without a role in the shop. */
async function requireOrderDesk(ctx: AppContext, slug: string, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  const actor = deskActor(access);
  if (!actor) throw new AppError("forbidden");
  return { shop, actor, user, access };
}

async function requireSupplierOrder(db: DbOrTx, supplierId: string, orderId: string) {
  const row = await selectOrderDetail(db, orderId);
  if (!row || row.order.supplierId !== supplierId) throw new AppError("order_not_found", { status: 404 });
  return row;
}

function pathOf(row: { deliveryType: string; itemTypes: string[] }): FulfilmentPath {
  return fulfilmentPath({ delivery_type: row.deliveryType as DeliveryType, item_types: row.itemTypes as ProductType[] });
}

function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export async function listSellerOrders(ctx: AppContext, slug: string, user: SessionUser | null, query: SellerOrderListQuery) {
  const { shop } = await requireOrderDesk(ctx, slug, user);
  const { rows, total } = await selectSellerOrders(ctx.db, shop.id, query);
  return { results: rows.map((row) => toSellerOrderSummary(row, pathOf(row))), matches_estimated: total };
}

export async function countOrdersWaiting(ctx: AppContext, slug: string, user: SessionUser | null) {
  const { shop } = await requireOrderDesk(ctx, slug, user);
  return { count: await countWaitingOrders(ctx.db, shop.id) };
}

/**
 * GET …/orders/{id}: the order for its supplier, or for the franchise store it was bought in, which sees it (and packs
 * it) but leaves its path, cancellation and receipts to the supplier.
 */
export async function getSellerOrder(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string): Promise<SellerOrderView> {
  const { shop, actor } = await requireOrderDesk(ctx, slug, user);
  const row = await selectOrderDetail(ctx.db, orderId);
  const viewer = row && orderViewer(shop, { supplierId: row.order.supplierId, storeId: row.checkout.storeId });
  if (!row || !viewer) throw new AppError("order_not_found", { status: 404 });
  return sellerOrderView(ctx.db, row, pathOf(row), actor, viewer);
}

/** The purchase order as a PDF, in the seller's language. */
export async function purchaseOrderPdf(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string, locale: Locale) {
  const { shop, actor } = await requireOrderDesk(ctx, slug, user);
  const row = await requireSupplierOrder(ctx.db, shop.id, orderId);
  const view = await sellerOrderView(ctx.db, row, pathOf(row), actor);
  try {
    return { number: view.number, pdf: await renderPurchaseOrderPdf(view, shop.name, locale) };
  } catch (error) {
    ctx.log.error({ err: error, order: orderId }, "purchase order PDF failed");
    throw new AppError("receipt_failed", { status: 500 });
  }
}

/** Records a change of state in the order's timeline and as order.state_changed (same transaction as the change). */
async function recordChange(
  tx: DbOrTx,
  change: {
    order: { id: string; checkoutId: string; supplierId: string; number: number };
    from: SupplierOrderState;
    to: SupplierOrderState;
    actor: OrderActor;
    userId: string | null;
    note?: string | null;
  },
  now: Date,
) {
  await tx.insert(orderEvents).values({
    orderId: change.order.id,
    fromState: change.from,
    toState: change.to,
    actorUserId: change.userId,
    actorRole: change.actor,
    note: change.note ?? null,
    createdAt: now,
  });
  const { order } = change;
  // The seller's side of the order is the shop's to audit; a customer's own cancellation is in the timeline above.
  if (change.actor !== "customer")
    await recordAuditChange(
      tx,
      {
        shopId: order.supplierId,
        kind: "order",
        action: change.to.startsWith("canceled") ? "cancel" : "next_action",
        entityId: order.id,
        entityLabel: `#${order.number}`,
        before: { state: change.from },
        after: { state: change.to, note: change.note ?? null },
      },
      now,
    );
  await recordEvent(
    tx,
    {
      type: "order.state_changed",
      payload: {
        order_id: order.id,
        checkout_id: order.checkoutId,
        supplier_id: order.supplierId,
        from: change.from,
        to: change.to,
        actor: change.actor,
      },
    },
    now,
  );
}

/** A purchase was paid: each of its orders, sent to its supplier, starts its timeline (subscribers.ts). */
export async function recordOrdersPaid(tx: DbOrTx, orderIds: string[], paidAt: Date) {
  if (orderIds.length === 0) return;
  await tx
    .insert(orderEvents)
    .values(
      orderIds.map((orderId) => ({ orderId, fromState: "pending_payment", toState: "paid", actorRole: "system", createdAt: paidAt })),
    );
}

/** Every unit of an order went into a box: a 'packed' line in its timeline, in the state the order had (subscribers.ts). */
export async function recordOrderPacked(tx: DbOrTx, packed: EventPayload<"order.packed">, packedAt: Date) {
  await tx.insert(orderEvents).values({
    orderId: packed.order_id,
    fromState: packed.state,
    toState: packed.state,
    actorUserId: packed.user_id,
    actorRole: packed.actor,
    kind: "packed",
    boxes: packed.bins,
    createdAt: packedAt,
  });
}

/** POST …/orders/{id}/next: one step along the order's path, from the state the seller saw, with what the step carries. */
export async function takeNextAction(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string, body: NextActionBody) {
  const desk = await requireOrderDesk(ctx, slug, user);
  const row = await requireSupplierOrder(ctx.db, desk.shop.id, orderId);
  const path = pathOf(row);
  const decision = decideNextAction({ state: row.order.state as SupplierOrderState, seen: body.from, path, actor: desk.actor });
  if (!decision.ok) throw new AppError(decision.code, { status: decision.code === "order_wrong_state" ? 409 : 403 });
  const now = ctx.clock.now();
  const fields = nextActionErrors(decision.requires, body, today(now));
  if (Object.keys(fields).length > 0) throw new AppError("validation_failed", { fields });
  const to = decision.to;
  await transactionWithEvents(ctx, async (tx) => {
    const step = {
      ...(to === "confirmed" ? { confirmedAt: now, estimatedDeliveryDate: body.estimated_delivery_date } : {}),
      ...(to === "on_the_way" ? { courier: body.courier ?? null, trackingNumber: body.tracking_number ?? null } : {}),
      ...(to === "delivered" ? { deliveredAt: now } : {}),
    };
    if (!(await moveOrder(tx, orderId, body.from, to, step, now))) throw new AppError("order_wrong_state", { status: 409 });
    const note = to === "on_the_way" && body.tracking_number ? [body.courier, body.tracking_number].filter(Boolean).join(" · ") : null;
    await recordChange(tx, { order: row.order, from: body.from, to, actor: desk.actor, userId: desk.user.id, note }, now);
  });
  return getSellerOrder(ctx, slug, user, orderId);
}

/**
 * Ends an order before it is delivered: its amount goes back through the payment provider and its reserved stock to
 * the shelf. The refund is reserved under the order's lock, sent to the provider outside any transaction, and only then is
 * the order cancelled: a refused refund ('refund_failed') leaves the order as it was, and a retry sends the same refund.
 */
async function cancelOrder(
  ctx: AppContext,
  order: { id: string; checkoutId: string; supplierId: string; number: number; total: number; currency: string; state: string },
  change: { to: "canceled_by_customer" | "canceled_by_supplier"; actor: OrderActor; userId: string | null; reason: string | null },
) {
  const reserved = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, order.id), eq(orders.state, order.state)))
      .for("update");
    if (!locked) throw new AppError("order_wrong_state", { status: 409 });
    return reserveOrderRefund(ctx, tx, order);
  });
  if (reserved) await sendOrderRefund(ctx, reserved);
  const now = ctx.clock.now();
  await transactionWithEvents(ctx, async (tx) => {
    const from = order.state as SupplierOrderState;
    const step = { canceledAt: now, cancelReason: change.reason };
    if (!(await moveOrder(tx, order.id, from, change.to, step, now))) throw new AppError("order_wrong_state", { status: 409 });
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    for (const line of lines) if (line.stockReserved > 0) await releaseStock(tx, line.productId, line.stockReserved);
    await recordChange(tx, { order, from, to: change.to, actor: change.actor, userId: change.userId, note: change.reason }, now);
  });
}

export async function cancelBySupplier(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string, reason: string) {
  const desk = await requireOrderDesk(ctx, slug, user);
  const { order } = await requireSupplierOrder(ctx.db, desk.shop.id, orderId);
  const decision = decideCancel({ state: order.state as SupplierOrderState, actor: desk.actor });
  if (!decision.ok) throw new AppError(decision.code, { status: decision.code === "order_action_forbidden" ? 403 : 409 });
  await cancelOrder(ctx, order, { to: decision.to, actor: desk.actor, userId: desk.user.id, reason });
  return getSellerOrder(ctx, slug, user, orderId);
}

/** The purchase an order belongs to, when `user` (or the purchase's access token) may read it; else 404. */
async function requireCustomerOrder(ctx: AppContext, orderId: string, user: SessionUser | null, token: string | undefined) {
  const row = await selectOrderDetail(ctx.db, orderId);
  if (!row) throw new AppError("order_not_found", { status: 404 });
  await loadCheckout(ctx, row.order.checkoutId, user, token);
  return row;
}

export async function getCustomerPurchase(
  ctx: AppContext,
  orderId: string,
  user: SessionUser | null,
  token: string | undefined,
): Promise<CheckoutView> {
  const { order } = await requireCustomerOrder(ctx, orderId, user, token);
  return getCheckoutView(ctx, order.checkoutId, user, token);
}

export async function cancelByCustomer(
  ctx: AppContext,
  orderId: string,
  user: SessionUser | null,
  token: string | undefined,
  reason?: string,
) {
  const { order } = await requireCustomerOrder(ctx, orderId, user, token);
  const decision = decideCancel({ state: order.state as SupplierOrderState, actor: "customer" });
  if (!decision.ok) throw new AppError(decision.code, { status: 409 });
  await cancelOrder(ctx, order, { to: decision.to, actor: "customer", userId: user?.id ?? null, reason: reason || null });
  return getCheckoutView(ctx, order.checkoutId, user, token);
}

export async function saveInvoicing(
  ctx: AppContext,
  orderId: string,
  user: SessionUser | null,
  token: string | undefined,
  data: InvoicingData,
) {
  const { order } = await requireCustomerOrder(ctx, orderId, user, token);
  // The customer asks for an invoice: the invoices module issues it on its own when the shop says so.
  await transactionWithEvents(ctx, async (tx) => {
    await setOrderInvoicing(tx, order.id, data);
    const payload = { order_id: order.id, checkout_id: order.checkoutId, supplier_id: order.supplierId };
    await recordEvent(tx, { type: "order.invoicing_requested", payload }, ctx.clock.now());
  });
  return getCheckoutView(ctx, order.checkoutId, user, token);
}

/** POST …/orders/{id}/receipts: the supplier's next receipt number (a counter row per supplier, no gaps, no repeats). */
export async function issueReceipt(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string): Promise<ReceiptView> {
  const desk = await requireOrderDesk(ctx, slug, user);
  // Receipts are accounting: owner, admins and accountants; a dispatcher moves parcels, not money papers (spec §6).
  if (!desk.access.isAdmin && !desk.access.roles.includes("accountant")) throw new AppError("forbidden");
  const { order } = await requireSupplierOrder(ctx.db, desk.shop.id, orderId);
  if (order.state === "pending_payment" || order.state === "expired" || order.state === "canceled") throw new AppError("receipt_failed");
  const receipt = await ctx.db.transaction(async (tx) => {
    const [counter] = await tx
      .insert(receiptCounters)
      .values({ supplierId: desk.shop.id, lastNumber: 1 })
      .onConflictDoUpdate({ target: receiptCounters.supplierId, set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
      .returning();
    const [row] = await tx
      .insert(orderReceipts)
      .values({
        orderId,
        supplierId: desk.shop.id,
        number: counter.lastNumber,
        amount: order.total,
        currency: order.currency,
        issuedBy: desk.user.id,
        createdAt: ctx.clock.now(),
      })
      .returning();
    return row;
  });
  return {
    id: receipt.id,
    number: receipt.number,
    amount: receipt.amount,
    currency: receipt.currency,
    created_at: receipt.createdAt.toISOString(),
  };
}
