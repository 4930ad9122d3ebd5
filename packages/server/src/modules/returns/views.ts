import type { ReturnState } from "@tianguis/domain/rules/returns";
import type { RefundView, ReturnView } from "@tianguis/domain/schemas/return";
import type { RefundRow, ReturnRow, selectReturnItems } from "./queries";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function refundView(row: RefundRow): RefundView {
  return {
    id: row.id,
    order_id: row.orderId,
    amount: row.amount,
    currency: row.currency,
    status: row.status as RefundView["status"],
    restock: row.restock,
    return_id: row.returnId,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    settled_at: iso(row.settledAt),
  };
}

type ItemRow = Awaited<ReturnType<typeof selectReturnItems>>[number];

export function returnView(
  row: { ret: ReturnRow; orderNumber: number | null; currency: string; customerName: string | null },
  items: ItemRow[],
  refund: RefundRow | undefined,
): ReturnView {
  const ret = row.ret;
  return {
    id: ret.id,
    order_id: ret.orderId,
    order_number: row.orderNumber,
    state: ret.state as ReturnState,
    reason: ret.reason,
    photos: ret.photos,
    goods: ret.goods,
    currency: row.currency,
    items: items
      .filter((item) => item.returnId === ret.id)
      .map((item) => ({
        order_item_id: item.item.id,
        name: item.item.name,
        photo: item.item.photo,
        unit_price: item.item.unitPrice,
        quantity: item.quantity,
      })),
    label_mode: (ret.labelMode as ReturnView["label_mode"]) ?? null,
    // The customer downloads the label once the return is accepted; before that only the supplier sees it.
    label_url: ret.labelFile,
    reject_reason: ret.rejectReason,
    refund: refund ? refundView(refund) : null,
    customer_name: row.customerName,
    created_at: ret.createdAt.toISOString(),
    decided_at: iso(ret.decidedAt),
    closed_at: iso(ret.closedAt),
  };
}
