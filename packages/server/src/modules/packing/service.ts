import {
  type PackingAccess,
  completesPacking,
  decideBinQuantity,
  isPackingOpen,
  orderViewer,
  packerRole,
  packingAccess,
  packingState,
} from "@tianguis/domain/rules/packing";
import type { SupplierOrderState } from "@tianguis/domain/rules/order-progress";
import type { BinView, BinsPage, NotPackedPage, PackLineBody } from "@tianguis/domain/schemas/packing";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { orderBinItems, orderBins } from "../../db/schema/packing";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { findShopWithAccess } from "../shops/service";
import {
  type PackingLine,
  countBins,
  lockOrderPacking,
  nextBinNumber,
  selectBin,
  selectBinItems,
  selectBins,
  selectPackingLines,
  selectPackingOrder,
} from "./queries";

/**
 * Packing an order into boxes (commerce-and-accounts §7 'Supplier' binpacked / notpacked; rules in domain
 * `rules/packing`): the one owner of order_bins and order_bin_items. The order's supplier packs it, and so does the
 * franchise store it was bought in (a franchise packs what it sells from its supplier's stock); the shop's owner, admins
 * and dispatchers change boxes, accountants look. Each change runs in one transaction holding the order's packing lock,
 * so two packers cannot put the same unit in two boxes. The change that puts the order's last unit into a box records
 * `order.packed` in that transaction (the orders module writes it into the order's timeline).
 */

interface Desk {
  orderId: string;
  supplierId: string;
  shopId: string;
  state: SupplierOrderState;
  level: Exclude<PackingAccess, null>;
  /** The role the user acts in: owner, admin or dispatcher (who pack), else accountant (who only looks). */
  role: string;
  userId: string;
}

/** 401 for visitors, 403 without a packing role, 404 when the order is neither the shop's supply nor its franchise sale. */
async function requireDesk(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string): Promise<Desk> {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  const level = packingAccess(access);
  if (!level) throw new AppError("packing_forbidden", { status: 403 });
  const order = await selectPackingOrder(ctx.db, orderId);
  if (!order || !orderViewer(shop, order)) throw new AppError("order_not_found", { status: 404 });
  return {
    orderId,
    supplierId: order.supplierId,
    shopId: shop.id,
    state: order.state as SupplierOrderState,
    level,
    role: packerRole(access) ?? "accountant",
    userId: user.id,
  };
}

function canPack(desk: Desk): boolean {
  return desk.level === "pack" && isPackingOpen(desk.state);
}

async function binViews(db: DbOrTx, bins: (typeof orderBins.$inferSelect)[]): Promise<BinView[]> {
  const items = await selectBinItems(
    db,
    bins.map((bin) => bin.id),
  );
  return bins.map((bin) => ({
    id: bin.id,
    number: bin.number,
    items: items
      .filter((item) => item.binId === bin.id)
      .map((item) => ({ order_item_id: item.orderItemId, name: item.name, quantity: item.quantity })),
    created_at: bin.createdAt.toISOString(),
  }));
}

async function binsPage(db: DbOrTx, desk: Desk, page: { offset: number; limit: number }): Promise<BinsPage> {
  const [bins, total, lines] = await Promise.all([
    selectBins(db, desk.orderId, page),
    countBins(db, desk.orderId),
    selectPackingLines(db, desk.orderId),
  ]);
  return { results: await binViews(db, bins), matches_estimated: total, packing_state: packingState(lines), can_pack: canPack(desk) };
}

/** GET …/binpacked */
export async function listBins(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  orderId: string,
  page: { offset: number; limit: number },
) {
  return binsPage(ctx.db, await requireDesk(ctx, slug, user, orderId), page);
}

/** GET …/binpacked/{bin} */
export async function getBin(ctx: AppContext, slug: string, user: SessionUser | null, orderId: string, binId: string): Promise<BinView> {
  await requireDesk(ctx, slug, user, orderId);
  const bin = await selectBin(ctx.db, orderId, binId);
  if (!bin) throw new AppError("packing_bin_not_found", { status: 404 });
  const [view] = await binViews(ctx.db, [bin]);
  return view;
}

/** GET …/notpacked: the lines with units in no box, and the order's state over every line. */
export async function listNotPacked(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  orderId: string,
  page: { offset: number; limit: number },
): Promise<NotPackedPage> {
  const desk = await requireDesk(ctx, slug, user, orderId);
  const lines = await selectPackingLines(ctx.db, orderId);
  const open = lines.filter((line) => line.packed < line.ordered);
  return {
    results: open.slice(page.offset, page.offset + page.limit).map((line) => ({
      order_item_id: line.id,
      name: line.name,
      photo: line.photo,
      ordered: line.ordered,
      packed: line.packed,
      remaining: line.ordered - line.packed,
    })),
    matches_estimated: open.length,
    packing_state: packingState(lines),
    can_pack: canPack(desk),
  };
}

/** The desk may change boxes now: 403 for lookers, 409 once the order has left (or never reached) the packing states. */
function requirePacking(desk: Desk) {
  if (desk.level !== "pack") throw new AppError("packing_forbidden", { status: 403 });
  if (!isPackingOpen(desk.state)) throw new AppError("packing_closed", { status: 409 });
}

async function requireLine(tx: DbOrTx, orderId: string, itemId: string): Promise<PackingLine> {
  const line = (await selectPackingLines(tx, orderId)).find((candidate) => candidate.id === itemId);
  if (!line) throw new AppError("packing_line_not_found", { status: 404 });
  return line;
}

async function inBin(tx: DbOrTx, binId: string, itemId: string): Promise<number> {
  const [row] = await tx
    .select({ quantity: orderBinItems.quantity })
    .from(orderBinItems)
    .where(and(eq(orderBinItems.binId, binId), eq(orderBinItems.orderItemId, itemId)));
  return row?.quantity ?? 0;
}

/** Sets how many units of the line the box holds, refused beyond what the other boxes leave. */
async function setQuantity(tx: DbOrTx, line: PackingLine, binId: string, quantity: number) {
  const current = await inBin(tx, binId, line.id);
  const decision = decideBinQuantity({ ordered: line.ordered, inOtherBins: line.packed - current }, quantity);
  if (!decision.ok) throw new AppError(decision.code, { details: { available: Math.max(0, decision.available - current) } });
  if (quantity === 0) {
    await tx.delete(orderBinItems).where(and(eq(orderBinItems.binId, binId), eq(orderBinItems.orderItemId, line.id)));
    return;
  }
  await tx
    .insert(orderBinItems)
    .values({ binId, orderItemId: line.id, quantity })
    .onConflictDoUpdate({ target: [orderBinItems.binId, orderBinItems.orderItemId], set: { quantity } });
}

/** PATCH …/notpacked/{item}: `quantity` more units of the line into the chosen box, or into a new one. */
export async function packLine(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  orderId: string,
  itemId: string,
  body: PackLineBody,
): Promise<BinView> {
  const desk = await requireDesk(ctx, slug, user, orderId);
  requirePacking(desk);
  const now = ctx.clock.now();
  const bin = await transactionWithEvents(ctx, async (tx) => {
    await lockOrderPacking(tx, orderId);
    const before = packingState(await selectPackingLines(tx, orderId));
    const line = await requireLine(tx, orderId, itemId);
    if (line.ordered - line.packed < body.quantity)
      throw new AppError("packing_quantity_exceeded", { details: { available: line.ordered - line.packed } });
    const target = body.bin_id ? await selectBin(tx, orderId, body.bin_id) : await newBin(tx, orderId, desk.userId, now);
    if (!target) throw new AppError("packing_bin_not_found", { status: 404 });
    await setQuantity(tx, line, target.id, (await inBin(tx, target.id, itemId)) + body.quantity);
    await recordIfPacked(tx, desk, before, now);
    return target;
  });
  const [view] = await binViews(ctx.db, [bin]);
  return view;
}

/** Records `order.packed` when this change put the order's last unit into a box (under the order's packing lock). */
async function recordIfPacked(tx: Tx, desk: Desk, before: ReturnType<typeof packingState>, now: Date) {
  if (!completesPacking(before, packingState(await selectPackingLines(tx, desk.orderId)))) return;
  await recordEvent(
    tx,
    {
      type: "order.packed",
      payload: {
        order_id: desk.orderId,
        supplier_id: desk.supplierId,
        shop_id: desk.shopId,
        state: desk.state,
        bins: await countBins(tx, desk.orderId),
        user_id: desk.userId,
        actor: desk.role,
      },
    },
    now,
  );
}

async function newBin(tx: DbOrTx, orderId: string, userId: string, now: Date) {
  const [bin] = await tx
    .insert(orderBins)
    .values({ orderId, number: await nextBinNumber(tx, orderId), createdBy: userId, createdAt: now })
    .returning();
  return bin;
}

/** PATCH …/binpacked/{bin}/{item}: the box now holds `quantity` units of the line; a box left empty goes away. */
export async function setBinItem(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  ids: { orderId: string; binId: string; itemId: string },
  quantity: number,
): Promise<BinsPage> {
  const desk = await requireDesk(ctx, slug, user, ids.orderId);
  requirePacking(desk);
  const now = ctx.clock.now();
  await transactionWithEvents(ctx, async (tx) => {
    await lockOrderPacking(tx, ids.orderId);
    const before = packingState(await selectPackingLines(tx, ids.orderId));
    const bin = await selectBin(tx, ids.orderId, ids.binId);
    if (!bin) throw new AppError("packing_bin_not_found", { status: 404 });
    await setQuantity(tx, await requireLine(tx, ids.orderId, ids.itemId), bin.id, quantity);
    if ((await selectBinItems(tx, [bin.id])).length === 0) await tx.delete(orderBins).where(eq(orderBins.id, bin.id));
    await recordIfPacked(tx, desk, before, now);
  });
  return binsPage(ctx.db, desk, { offset: 0, limit: 10 });
}
