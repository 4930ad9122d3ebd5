import {
  type FulfilmentPath,
  type OrderActor,
  type SupplierOrderState,
  decideCancel,
  decideNextAction,
} from "@tianguis/domain/rules/order-progress";
import type { DeliveryType, PaymentMethod } from "@tianguis/domain/rules/checkout";
import type { OrderEventView, SellerOrderSummary, SellerOrderView } from "@tianguis/domain/schemas/order";
import type { OrderViewer } from "@tianguis/domain/rules/packing";
import type { DbOrTx } from "../../db/client";
import { type SellerOrderListRow, selectOrderDetail, selectOrderEvents, selectOrderItems, selectReceipts } from "./queries";

/** Row → API shape of the seller's order pages. */

export function toSellerOrderSummary(row: SellerOrderListRow, path: FulfilmentPath): SellerOrderSummary {
  const { order } = row;
  return {
    id: order.id,
    number: order.number,
    state: order.state as SupplierOrderState,
    path,
    customer_name: row.customerName,
    delivery_type: row.deliveryType as DeliveryType,
    payment_type: row.paymentMethod as PaymentMethod | null,
    instalments: row.instalments,
    items_count: Number(row.itemsCount),
    test: row.test,
    total: order.total,
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

type DetailRow = NonNullable<Awaited<ReturnType<typeof selectOrderDetail>>>;

function addressFields(address: object | null): Record<string, string> | null {
  if (!address) return null;
  return Object.fromEntries(Object.entries(address).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/**
 * One order for its seller: purchase-order concepts, items, receipts, timeline and what `actor` may do next — nothing
 * for a franchise store that sold it (the supplier takes it along its path).
 */
export async function sellerOrderView(
  db: DbOrTx,
  row: DetailRow,
  path: FulfilmentPath,
  actor: OrderActor,
  viewer: OrderViewer = "supplier",
): Promise<SellerOrderView> {
  const { order, checkout } = row;
  const [items, receipts, events] = await Promise.all([
    selectOrderItems(db, [order.id]),
    selectReceipts(db, order.id),
    selectOrderEvents(db, order.id),
  ]);
  const state = order.state as SupplierOrderState;
  const supplier = viewer === "supplier";
  const next = supplier ? decideNextAction({ state, seen: state, path, actor }) : null;
  return {
    ...toSellerOrderSummary(row, path),
    checkout_id: checkout.id,
    customer_email: row.customerEmail ?? checkout.guestEmail,
    customer_phone: row.customerPhone ?? checkout.guestPhone,
    address: addressFields(checkout.address),
    items: items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      name: item.name,
      photo: item.photo,
      unit_price: item.unitPrice,
      quantity: item.quantity,
      total: item.total,
    })),
    subtotal: order.subtotal,
    shipping_cost: order.shippingCost,
    paid_at: checkout.paidAt?.toISOString() ?? null,
    confirmed_at: order.confirmedAt?.toISOString() ?? null,
    estimated_delivery_date: order.estimatedDeliveryDate,
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    courier: order.courier,
    tracking_number: order.trackingNumber,
    cancel_reason: order.cancelReason,
    invoicing: order.invoicing,
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      number: receipt.number,
      amount: receipt.amount,
      currency: receipt.currency,
      created_at: receipt.createdAt.toISOString(),
    })),
    events: events.map(({ event, actorName }): OrderEventView => ({
      id: event.id,
      kind: event.kind as OrderEventView["kind"],
      boxes: event.boxes,
      from_state: event.fromState as SupplierOrderState | null,
      to_state: event.toState as SupplierOrderState,
      actor_role: event.actorRole as OrderEventView["actor_role"],
      actor_name: actorName || null,
      note: event.note,
      created_at: event.createdAt.toISOString(),
    })),
    viewer,
    next_state: next?.ok ? next.to : null,
    next_fields: next?.ok ? next.requires : [],
    can_cancel: supplier && decideCancel({ state, actor }).ok,
  };
}
