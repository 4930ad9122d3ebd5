import {
  decideReturnStart,
  effectiveReturnPolicy,
  returnDeadline,
  returnRefundAmount,
  returnableQuantity,
  refundableAmount,
  canMoveReturn,
  type ReturnState,
} from "@tianguis/domain/rules/returns";
import type { ReturnInfo } from "@tianguis/domain/schemas/product";
import type { OrderReturnsView, RefundBody, ReturnView, StartReturnBody } from "@tianguis/domain/schemas/return";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { orderReturnItems, orderReturns } from "../../db/schema/returns";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { loadCheckout } from "../checkout/service";
import { findShopWithAccess, requireShopAdmin } from "../shops/service";
import { queueReturnNotice } from "./notices";
import {
  countReturnsOf,
  selectLines,
  selectOrder,
  selectOwnImages,
  selectRefundsById,
  selectReturnItems,
  selectReturnedQuantities,
  selectReturnsOf,
  selectShopPolicy,
  upsertShopPolicy,
} from "./queries";
import { type RefundRequest, refundsOfOrder as selectRefunds, reserveLockedRefund, sendRefund } from "../payments/service";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { refundView, returnView } from "./views";

/**
 * Returns and refunds (commerce-and-accounts §3 'Return info', 'Refunds'; §4; §8; §9 '72 hours from receipt'). The
 * shop sets a default return policy a product may override; a customer returns lines of a delivered order within 72
 * hours; the supplier accepts (with a label) or rejects, and on receipt closes the return and refunds it. Refunds
 * are the payments module's: it reserves, sends and settles them, and says refund.settled or refund.failed, to which
 * subscribers.ts reacts. Each write runs in one transaction under the order's
 * row lock, so returns and refunds of an order never race each other.
 */

export { registerReturnNoticeJobs } from "./notices";

const noPolicy: ReturnInfo = { return_type: "disallowed" };

export async function getReturnPolicy(ctx: AppContext, slug: string) {
  const { shop } = await findShopWithAccess(ctx, { slug }, null);
  return { policy: (await selectShopPolicy(ctx.db, shop.id)) ?? noPolicy };
}

export async function setReturnPolicy(ctx: AppContext, slug: string, user: SessionUser | null, policy: ReturnInfo) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  await upsertShopPolicy(ctx.db, shop.id, policy, ctx.clock.now());
  return { policy };
}

/** Owner, admin, dispatcher and accountant see the shop's returns; only owner and admin act on them (money moves). */
async function requireReturnsDesk(ctx: AppContext, slug: string, user: SessionUser | null, write: boolean) {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  const sees = access.isAdmin || access.roles.some((role) => role === "dispatcher" || role === "accountant");
  if (write ? !access.isAdmin : !sees) throw new AppError("forbidden");
  return shop;
}

async function requireCustomerOrder(ctx: AppContext, orderId: string, user: SessionUser | null, token: string | undefined) {
  const row = await selectOrder(ctx.db, orderId);
  if (!row) throw new AppError("order_not_found", { status: 404 });
  await loadCheckout(ctx, row.order.checkoutId, user, token);
  return row;
}

async function requireSupplierOrder(db: DbOrTx, supplierId: string, orderId: string, lock = false) {
  const row = await selectOrder(db, orderId, lock);
  if (!row || row.order.supplierId !== supplierId) throw new AppError("order_not_found", { status: 404 });
  return row;
}

async function returnViews(db: DbOrTx, rows: Awaited<ReturnType<typeof selectReturnsOf>>): Promise<ReturnView[]> {
  const items = await selectReturnItems(
    db,
    rows.map((row) => row.ret.id),
  );
  const refunds = await selectRefundsById(
    db,
    rows.map((row) => row.ret.refundId).filter((id): id is string => !!id),
  );
  return rows.map((row) =>
    returnView(
      row,
      items,
      refunds.find((refund) => refund.id === row.ret.refundId),
    ),
  );
}

/** The order's policy per line, what may still be returned, its returns and refunds, and what may still be refunded. */
async function orderReturnsOf(
  ctx: AppContext,
  db: DbOrTx,
  order: { id: string; supplierId: string; state: string; total: number; currency: string; deliveredAt: Date | null },
): Promise<OrderReturnsView> {
  const shopPolicy = (await selectShopPolicy(db, order.supplierId)) ?? noPolicy;
  const lines = await selectLines(db, order.id);
  const returned = await selectReturnedQuantities(db, order.id);
  const refunds = await selectRefunds(db, order.id);
  const returns = await returnViews(db, await selectReturnsOf(db, { orderId: order.id }));
  const policies = lines.map((line) => effectiveReturnPolicy(shopPolicy, line.returnInfo));
  const cannot = decideReturnStart({ orderState: order.state, deliveredAt: order.deliveredAt, now: ctx.clock.now(), policies });
  return {
    order_id: order.id,
    currency: order.currency,
    total: order.total,
    refundable: refundableAmount(order.total, refunds),
    return_deadline: order.deliveredAt ? returnDeadline(order.deliveredAt).toISOString() : null,
    cannot_return: cannot,
    policy: shopPolicy,
    lines: lines.map((line, index) => ({
      order_item_id: line.item.id,
      name: line.item.name,
      photo: line.item.photo,
      unit_price: line.item.unitPrice,
      delivered: line.item.quantity,
      returnable: returnableQuantity(line.item.quantity, returned.get(line.item.id) ?? 0),
      policy: policies[index],
    })),
    returns,
    refunds: refunds.map(refundView),
  };
}

export async function getCustomerReturns(ctx: AppContext, orderId: string, user: SessionUser | null, token: string | undefined) {
  const { order } = await requireCustomerOrder(ctx, orderId, user, token);
  return orderReturnsOf(ctx, ctx.db, order);
}

/**
 * The customer starts a return (§9): delivered, within 72 hours, not cancelled, every chosen line's policy allows
 * it, and no line returns more than was delivered less what other returns already take. Photos are the customer's
 * own gallery uploads (images only, size-limited by the gallery). Under the order's lock, two requests at once
 * cannot both take the same units.
 */
export async function startReturn(
  ctx: AppContext,
  orderId: string,
  user: SessionUser | null,
  token: string | undefined,
  body: StartReturnBody,
): Promise<ReturnView> {
  await requireCustomerOrder(ctx, orderId, user, token);
  const returnId = await transactionWithEvents(ctx, async (tx) => {
    const row = await selectOrder(tx, orderId, true);
    if (!row) throw new AppError("order_not_found", { status: 404 });
    const order = row.order;
    const shopPolicy = (await selectShopPolicy(tx, order.supplierId)) ?? noPolicy;
    const lines = await selectLines(tx, order.id);
    const returned = await selectReturnedQuantities(tx, order.id);
    const chosen = mergeChosen(body.items);
    const picked = [...chosen].map(([itemId, quantity]) => {
      const line = lines.find((candidate) => candidate.item.id === itemId);
      if (!line) throw new AppError("order_not_found", { status: 404 });
      return { line, quantity };
    });
    const now = ctx.clock.now();
    const policies = picked.map(({ line }) => effectiveReturnPolicy(shopPolicy, line.returnInfo));
    const refused = decideReturnStart({ orderState: order.state, deliveredAt: order.deliveredAt, now, policies });
    if (refused) throw new AppError(refused, { status: refused === "return_deadline_expired" ? 422 : 409 });
    for (const { line, quantity } of picked) {
      if (quantity > returnableQuantity(line.item.quantity, returned.get(line.item.id) ?? 0)) {
        throw new AppError("return_quantity_exceeds", { status: 422 });
      }
    }
    const photos = await returnPhotos(tx, user, body.photo_ids ?? []);
    const goods = picked.reduce((sum, { line, quantity }) => sum + line.item.unitPrice * quantity, 0);
    const [created] = await tx
      .insert(orderReturns)
      .values({ orderId: order.id, customerId: user?.id ?? null, reason: body.reason, photos, goods, createdAt: now })
      .returning({ id: orderReturns.id });
    await tx
      .insert(orderReturnItems)
      .values(picked.map(({ line, quantity }) => ({ returnId: created.id, orderItemId: line.item.id, quantity })));
    await queueReturnNotice(tx, { kind: "return_opened", returnId: created.id }, now);
    await recordEvent(tx, { type: "return.opened", payload: { return_id: created.id, order_id: order.id } }, now);
    return created.id;
  });
  return requireReturnView(ctx.db, returnId);
}

function mergeChosen(items: StartReturnBody["items"]): Map<string, number> {
  const chosen = new Map<string, number>();
  for (const item of items) chosen.set(item.order_item_id, (chosen.get(item.order_item_id) ?? 0) + item.quantity);
  return chosen;
}

async function returnPhotos(db: DbOrTx, user: SessionUser | null, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  // A guest has no gallery: photos need an account.
  const own = user ? await selectOwnImages(db, user.id, ids) : [];
  if (own.length !== new Set(ids).size)
    throw new AppError("validation_failed", { status: 400, fields: { photo_ids: "image_not_in_gallery" } });
  return ids.map((id) => own.find((image) => image.id === id)?.url ?? "");
}

async function requireReturnView(db: DbOrTx, returnId: string): Promise<ReturnView> {
  const [view] = await returnViews(db, await selectReturnsOf(db, { id: returnId }));
  if (!view) throw new AppError("return_not_found", { status: 404 });
  return view;
}

export async function listShopReturns(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: { offset: number; limit: number; state?: ReturnState },
) {
  const shop = await requireReturnsDesk(ctx, slug, user, false);
  const rows = await selectReturnsOf(ctx.db, { supplierId: shop.id, state: query.state });
  const page = rows.slice(query.offset, query.offset + query.limit);
  return { results: await returnViews(ctx.db, page), matches_estimated: await countReturnsOf(ctx.db, shop.id, query.state) };
}

export async function getSellerOrderReturns(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string) {
  const shop = await requireReturnsDesk(ctx, slug, user, false);
  const { order } = await requireSupplierOrder(ctx.db, shop.id, orderId);
  return orderReturnsOf(ctx, ctx.db, order);
}

async function requireShopReturn(db: DbOrTx, supplierId: string, returnId: string) {
  const [row] = await selectReturnsOf(db, { id: returnId, supplierId });
  if (!row) throw new AppError("return_not_found", { status: 404 });
  return row;
}

/** Moves a return from the state it must be in; a second click or another tab finds it moved ('return_wrong_state'). */
async function moveReturn(
  db: DbOrTx,
  returnId: string,
  from: ReturnState,
  to: ReturnState,
  values: Partial<typeof orderReturns.$inferInsert>,
) {
  if (!canMoveReturn(from, to)) throw new AppError("return_wrong_state", { status: 409 });
  const moved = await db
    .update(orderReturns)
    .set({ ...values, state: to })
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.state, from)))
    .returning({ id: orderReturns.id });
  if (moved.length === 0) throw new AppError("return_wrong_state", { status: 409 });
}

const labelTypes: Record<string, string> = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg" };
export const LABEL_MAX_BYTES = 4_000_000;

/** The supplier uploads the return's shipping label while the return is open (PDF, PNG or JPEG up to 4 MB). */
export async function uploadReturnLabel(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  returnId: string,
  file: { mimetype: string; data: Buffer } | null,
) {
  const shop = await requireReturnsDesk(ctx, slug, user, true);
  const row = await requireShopReturn(ctx.db, shop.id, returnId);
  const extension = file && labelTypes[file.mimetype];
  if (!file || !extension || file.data.length > LABEL_MAX_BYTES || !looksLike(extension, file.data)) {
    throw new AppError("return_label_rejected", { status: 400 });
  }
  if (row.ret.state !== "open") throw new AppError("return_wrong_state", { status: 409 });
  // An unguessable name: only the return's two sides are given its link.
  const url = await ctx.storage.put(`return-labels/${row.ret.id}/${randomUUID()}.${extension}`, file.data, file.mimetype);
  await ctx.db
    .update(orderReturns)
    .set({ labelFile: url })
    .where(and(eq(orderReturns.id, row.ret.id), eq(orderReturns.state, "open")));
  return requireReturnView(ctx.db, row.ret.id);
}

function looksLike(extension: string, data: Buffer): boolean {
  if (extension === "pdf") return data.subarray(0, 5).toString("latin1") === "%PDF-";
  if (extension === "png") return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return data[0] === 0xff && data[1] === 0xd8;
}

export async function acceptReturn(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  returnId: string,
  labelMode: "inbox" | "download",
) {
  const shop = await requireReturnsDesk(ctx, slug, user, true);
  const row = await requireShopReturn(ctx.db, shop.id, returnId);
  if (!row.ret.labelFile) throw new AppError("return_label_required", { status: 422 });
  await transactionWithEvents(ctx, async (tx) => {
    const now = ctx.clock.now();
    await moveReturn(tx, row.ret.id, "open", "accepted", { labelMode, decidedAt: now });
    await queueReturnNotice(tx, { kind: "return_accepted", returnId: row.ret.id }, now);
    await recordEvent(tx, { type: "return.accepted", payload: { return_id: row.ret.id, order_id: row.ret.orderId } }, now);
  });
  return requireReturnView(ctx.db, row.ret.id);
}

export async function rejectReturn(ctx: AppContext, slug: string, user: SessionUser | null, returnId: string, reason: string) {
  const shop = await requireReturnsDesk(ctx, slug, user, true);
  const row = await requireShopReturn(ctx.db, shop.id, returnId);
  await transactionWithEvents(ctx, async (tx) => {
    const now = ctx.clock.now();
    await moveReturn(tx, row.ret.id, "open", "rejected", { rejectReason: reason, decidedAt: now });
    await queueReturnNotice(tx, { kind: "return_rejected", returnId: row.ret.id }, now);
    await recordEvent(tx, { type: "return.rejected", payload: { return_id: row.ret.id, order_id: row.ret.orderId } }, now);
  });
  return requireReturnView(ctx.db, row.ret.id);
}

/**
 * The returned goods arrived: the return closes with its refund — the goods less the policy's fees (rules/returns.ts
 * `returnRefundAmount`), never more than the order still has available; the units go back to stock when asked. The refund
 * is reserved under the order's lock, sent to the provider outside any transaction, and the return closes with the
 * provider's answer; a refused refund leaves the return accepted, for the supplier to try again. A retry with the same key
 * finds the closed return and its refund, or sends the same refund again when the provider had not answered.
 */
export async function closeReturn(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  returnId: string,
  body: { return_shipping: number; restock: boolean },
) {
  const shop = await requireReturnsDesk(ctx, slug, user, true);
  const found = await requireShopReturn(ctx.db, shop.id, returnId);
  const close = async (tx: DbOrTx, refundId: string | null) => {
    await moveReturn(tx, returnId, "accepted", "closed", { closedAt: ctx.clock.now(), returnShipping: body.return_shipping });
    if (refundId) await tx.update(orderReturns).set({ refundId }).where(eq(orderReturns.id, returnId));
    await recordEvent(
      tx,
      { type: "return.received", payload: { return_id: returnId, order_id: found.ret.orderId, refund_id: refundId } },
      ctx.clock.now(),
    );
  };
  const planned = await transactionWithEvents(ctx, async (tx) => {
    const { order } = await requireSupplierOrder(tx, shop.id, found.ret.orderId, true);
    const [row] = await selectReturnsOf(tx, { id: returnId });
    if (row.ret.state === "closed") return null;
    const items = await selectReturnItems(tx, [returnId]);
    const restock = body.restock ? items.map((item) => ({ order_item_id: item.item.id, quantity: item.quantity })) : [];
    const clientKey = `return:${returnId}`;
    const previous = await selectRefunds(tx, order.id);
    const unanswered = previous.find((refund) => refund.clientKey === clientKey);
    if (unanswered) return { refund: unanswered, restock };
    const shopPolicy = (await selectShopPolicy(tx, order.supplierId)) ?? noPolicy;
    const lines = await selectLines(tx, order.id);
    const policyOf = (itemId: string) => effectiveReturnPolicy(shopPolicy, lines.find((line) => line.item.id === itemId)?.returnInfo);
    const available = refundableAmount(order.total, previous);
    const orderGoods = order.subtotal;
    // Each line's policy decides its own fees; the return shipping is charged once, on the first line.
    let amount = 0;
    items.forEach((item, index) => {
      amount += returnRefundAmount({
        goods: item.item.unitPrice * item.quantity,
        orderGoods,
        orderShipping: order.shippingCost,
        returnShipping: index === 0 ? body.return_shipping : 0,
        policy: policyOf(item.item.id),
        available: available - amount,
      });
    });
    if (amount === 0) {
      await close(tx, null);
      return null;
    }
    const request: RefundRequest = { amount, restock, clientKey, returnId, userId: user?.id ?? null };
    return { refund: await reserveLockedRefund(ctx, tx, order, request), restock };
  });
  if (planned) {
    await sendRefund(ctx, planned.refund, planned, { discardRefused: true, onAnswer: (tx, refund) => close(tx, refund.id) });
  }
  return requireReturnView(ctx.db, returnId);
}

/** The supplier refunds all or part of a paid order (owner or admin), optionally restocking lines. */
export async function refundOrderPart(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  orderId: string,
  body: RefundBody & { restock: { order_item_id: string; quantity: number }[] },
  clientKey: string | null,
) {
  const shop = await requireReturnsDesk(ctx, slug, user, true);
  await requireSupplierOrder(ctx.db, shop.id, orderId);
  const request: RefundRequest = {
    amount: body.amount,
    restock: body.restock,
    note: body.note ?? null,
    clientKey,
    userId: user?.id ?? null,
  };
  // Reserved under the order's lock, then sent to the provider outside any transaction (refunds.ts sendRefund).
  const reserved = await ctx.db.transaction(async (tx) => {
    const { order } = await requireSupplierOrder(tx, shop.id, orderId, true);
    return reserveLockedRefund(ctx, tx, order, request);
  });
  return refundView(await sendRefund(ctx, reserved, request));
}
