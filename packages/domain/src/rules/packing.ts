/**
 * Packing an order into boxes (commerce-and-accounts §7 'Supplier': franchise/orders/{id}/binpacked, binpacked/{x},
 * PATCH binpacked/{x}/{y}; notpacked, PATCH notpacked/{x}). The supplier, or the franchise store the order was bought
 * in, puts each line's units into numbered boxes ("bins"); what is in no box is "not packed". Pure decisions: who may
 * pack, while the order may still change, how many units a box may take and what the order's packing state reads.
 */
import type { SupplierOrderState } from "./order-progress";
import type { ShopRole } from "./shop-display";

export const packingStates = ["not_packed", "partially_packed", "packed"] as const;
export type PackingState = (typeof packingStates)[number];

/** Boxes are packed after the supplier takes the order and before it leaves: paid, confirmed or in process. */
const openStates: readonly SupplierOrderState[] = ["paid", "confirmed", "in_process"];

export function isPackingOpen(state: SupplierOrderState): boolean {
  return openStates.includes(state);
}

/** Who packs: the shop's owner, admins and dispatchers; accountants may look; other roles may not. */
export type PackingAccess = "pack" | "read" | null;

export function packingAccess(access: { isOwner: boolean; roles: readonly ShopRole[] }): PackingAccess {
  if (access.isOwner || access.roles.includes("admin") || access.roles.includes("dispatcher")) return "pack";
  if (access.roles.includes("accountant")) return "read";
  return null;
}

/** What the order page shows: nothing packed, some units in boxes, or every unit in a box. */
export function packingState(lines: readonly { ordered: number; packed: number }[]): PackingState {
  const packed = lines.reduce((sum, line) => sum + line.packed, 0);
  if (packed === 0) return "not_packed";
  return lines.every((line) => line.packed >= line.ordered) ? "packed" : "partially_packed";
}

export type PackDecision = { ok: true } | { ok: false; code: "packing_quantity_exceeded"; available: number };

/**
 * A box may hold `quantity` units of a line when the line's units in the other boxes leave that many: a line of 3 with
 * 2 units in box 1 lets box 2 hold 1. `inOtherBins` excludes the box being set.
 */
export function decideBinQuantity(line: { ordered: number; inOtherBins: number }, quantity: number): PackDecision {
  const available = Math.max(0, line.ordered - line.inOtherBins);
  return quantity <= available ? { ok: true } : { ok: false, code: "packing_quantity_exceeded", available };
}

/** The role a packer acts in, for the order's timeline: owner first, then admin, then dispatcher. */
export function packerRole(access: { isOwner: boolean; roles: readonly ShopRole[] }): "owner" | "admin" | "dispatcher" | null {
  if (access.isOwner) return "owner";
  if (access.roles.includes("admin")) return "admin";
  if (access.roles.includes("dispatcher")) return "dispatcher";
  return null;
}

/** A change completed the packing (the order is worth an `order.packed` event) when it turned the state into `packed`. */
export function completesPacking(before: PackingState, after: PackingState): boolean {
  return before !== "packed" && after === "packed";
}

/**
 * How a shop stands to an order: its supplier, or the franchise store it was bought in (a franchise sells and packs from
 * its supplier's stock, so it sees the order and packs it, while the supplier takes it along its path); otherwise the
 * order is not the shop's (null).
 */
export type OrderViewer = "supplier" | "franchise_store";

export function orderViewer(
  shop: { id: string; storeType: string | null },
  order: { supplierId: string; storeId: string },
): OrderViewer | null {
  if (order.supplierId === shop.id) return "supplier";
  if (shop.storeType === "franchise" && order.storeId === shop.id) return "franchise_store";
  return null;
}
