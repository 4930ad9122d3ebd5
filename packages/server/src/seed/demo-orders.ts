import { randomBytes } from "node:crypto";
import { shopReturnPolicies } from "../db/schema/returns";
import type { SupplierOrderState } from "@tianguis/domain/rules/order-progress";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { productImages, products } from "../db/schema/catalog";
import { type OrderAddress, checkouts, orderEvents, orderItems, orders } from "../db/schema/orders";
import { payments } from "../db/schema/payments";
import { orderSearchText } from "@tianguis/domain/rules/order-state";
import { issuePurchaseTickets } from "../modules/tickets/service";

/**
 * Purchases from the demo supplier in several states, so the seller's order desk and the customer's purchases have
 * something to show on a fresh `npm start`: waiting for confirmation, confirmed, in process, on the way, delivered
 * and cancelled by the customer. Each order carries the timeline its state implies.
 */

const carlosAddress: OrderAddress = {
  address_name: "Carlos Pérez",
  address_phone: "5511122233",
  street_address: "Calle Durango 120",
  sublocality: "Roma Norte",
  locality: "Ciudad de México",
  administrative_area_level_1: "CDMX",
  postal_code: "06700",
  country: "MX",
};

interface DemoOrder {
  buyer: "customer" | { name: string; email: string };
  /** Names of the supplier's items and how many of each. */
  lines: [string, number][];
  delivery: "shipping" | "to_branch";
  state: SupplierOrderState;
  daysAgo: number;
}

const demoOrders: DemoOrder[] = [
  { buyer: "customer", lines: [["Taza de barro negro de Oaxaca", 2]], delivery: "shipping", state: "paid", daysAgo: 0 },
  {
    buyer: { name: "Valeria Gómez", email: "valeria@example.com" },
    lines: [["Bolsa de palma tejida", 1]],
    delivery: "to_branch",
    state: "paid",
    daysAgo: 1,
  },
  {
    buyer: { name: "Jorge Ramírez", email: "jorge@example.com" },
    lines: [["Jarrón de Talavera poblana", 1]],
    delivery: "shipping",
    state: "confirmed",
    daysAgo: 2,
  },
  { buyer: "customer", lines: [["Alebrije de copal pintado a mano", 1]], delivery: "shipping", state: "in_process", daysAgo: 3 },
  {
    buyer: { name: "Mariana Torres", email: "mariana@example.com" },
    lines: [
      ["Rebozo de seda de Santa María del Río", 1],
      ["Taza de barro negro de Oaxaca", 4],
    ],
    delivery: "shipping",
    state: "on_the_way",
    daysAgo: 5,
  },
  { buyer: "customer", lines: [["Molcajete de piedra volcánica", 1]], delivery: "shipping", state: "delivered", daysAgo: 12 },
  // Delivered yesterday: still inside the 72-hour window, so the customer can try 'Solicitar devolución'.
  { buyer: "customer", lines: [["Bolsa de palma tejida", 2]], delivery: "shipping", state: "delivered", daysAgo: 1 },
  // Two places at the pottery workshop: the customer's tickets (QR, PDF) and the door's check-in have something to show.
  { buyer: "customer", lines: [["Taller de barro en Coyotepec", 2]], delivery: "to_branch", state: "confirmed", daysAgo: 4 },
  {
    buyer: { name: "Andrés Luna", email: "andres@example.com" },
    lines: [["Sombrero de palma fina", 1]],
    delivery: "to_branch",
    state: "canceled_by_customer",
    daysAgo: 8,
  },
];

const progress: SupplierOrderState[] = ["paid", "confirmed", "in_process", "ready_to_deliver", "on_the_way", "delivered"];
const SHIPPING_COST = 9900;
const DAY = 24 * 3600 * 1000;

function timelineOf(state: SupplierOrderState, delivery: DemoOrder["delivery"]): SupplierOrderState[] {
  if (state === "canceled_by_customer") return ["paid", "canceled_by_customer"];
  const path = delivery === "to_branch" ? progress.filter((step) => step !== "on_the_way") : progress;
  return path.slice(0, path.indexOf(state) + 1);
}

export async function seedDemoOrders(ctx: AppContext, input: { supplierId: string; customerId: string; ownerId: string }) {
  const names = [...new Set(demoOrders.flatMap((order) => order.lines.map(([name]) => name)))];
  const rows = await ctx.db
    .select({ id: products.id, name: products.name, price: products.listPrice, currency: products.currency, photo: productImages.thumb })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(inArray(products.name, names));
  const byName = new Map(rows.map((row) => [row.name, row]));
  const now = ctx.clock.now().getTime();
  // The shop's default return policy (products with their own return info keep theirs).
  await ctx.db.insert(shopReturnPolicies).values({
    shopId: input.supplierId,
    policy: { return_type: "72hrs", return_fees: "customer_feed", return_policy: "common", return_shipping_label: "download" },
  });

  for (const spec of demoOrders) {
    const lines = spec.lines.map(([name, quantity]) => {
      const product = byName.get(name);
      if (!product) throw new Error(`demo order names an unknown product: ${name}`);
      return { product, quantity, total: product.price * quantity };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
    const shippingCost = spec.delivery === "shipping" ? SHIPPING_COST : 0;
    const createdAt = new Date(now - spec.daysAgo * DAY - 3600 * 1000);
    const guest = spec.buyer === "customer" ? null : spec.buyer;
    const [checkout] = await ctx.db
      .insert(checkouts)
      .values({
        storeId: input.supplierId,
        customerId: guest ? null : input.customerId,
        guestName: guest?.name ?? null,
        guestEmail: guest?.email ?? null,
        accessToken: randomBytes(24).toString("base64url"),
        state: "paid",
        deliveryType: spec.delivery,
        address: spec.delivery === "shipping" ? (guest ? { ...carlosAddress, address_name: guest.name } : carlosAddress) : null,
        subtotal,
        shippingCost,
        total: subtotal + shippingCost,
        currency: "MXN",
        paymentMethod: "str_card",
        expiresAt: new Date(createdAt.getTime() + 30 * 60 * 1000),
        paidAt: new Date(createdAt.getTime() + 5 * 60 * 1000),
        createdAt,
      })
      .returning({ id: checkouts.id });
    await ctx.db.insert(payments).values({
      checkoutId: checkout.id,
      provider: ctx.payments.name,
      method: "str_card",
      status: "succeeded",
      amount: subtotal + shippingCost,
      currency: "MXN",
      providerRef: `demo_${randomBytes(6).toString("hex")}`,
      createdAt,
    });

    const timeline = timelineOf(spec.state, spec.delivery);
    // Steps spread over the time since the purchase, the last one a little before now.
    const spacing = (spec.daysAgo * DAY * 0.8) / Math.max(1, timeline.length - 1);
    const stepAt = (index: number) => new Date(createdAt.getTime() + 5 * 60 * 1000 + index * spacing);
    const updatedAt = stepAt(timeline.length - 1);
    const reached = (state: SupplierOrderState) => timeline.includes(state);
    const [order] = await ctx.db
      .insert(orders)
      .values({
        checkoutId: checkout.id,
        supplierId: input.supplierId,
        state: spec.state,
        subtotal,
        shippingCost,
        total: subtotal + shippingCost,
        currency: "MXN",
        searchText: orderSearchText([
          guest?.name ?? "Carlos Pérez",
          guest?.email ?? "carlos@demo.tianguis.mx",
          ...spec.lines.map(([name]) => name),
        ]),
        createdAt,
        updatedAt,
        confirmedAt: reached("confirmed") ? stepAt(timeline.indexOf("confirmed")) : null,
        estimatedDeliveryDate: reached("confirmed") ? new Date(createdAt.getTime() + 6 * DAY).toISOString().slice(0, 10) : null,
        courier: reached("on_the_way") ? "Estafeta" : null,
        trackingNumber: reached("on_the_way") ? "7034 5521 8890" : null,
        deliveredAt: reached("delivered") ? updatedAt : null,
        canceledAt: spec.state === "canceled_by_customer" ? updatedAt : null,
        cancelReason: spec.state === "canceled_by_customer" ? "Lo compré dos veces por error" : null,
      })
      .returning({ id: orders.id });
    await ctx.db.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order.id,
        productId: line.product.id,
        name: line.product.name,
        photo: line.product.photo,
        unitPrice: line.product.price,
        quantity: line.quantity,
        total: line.total,
      })),
    );
    await ctx.db.insert(orderEvents).values(
      timeline.map((state, index) => ({
        orderId: order.id,
        fromState: index === 0 ? "pending_payment" : timeline[index - 1],
        toState: state,
        actorUserId: index === 0 ? null : state === "canceled_by_customer" ? (guest ? null : input.customerId) : input.ownerId,
        actorRole: index === 0 ? "system" : state === "canceled_by_customer" ? "customer" : "owner",
        note:
          state === "on_the_way" ? "Estafeta · 7034 5521 8890" : state === "canceled_by_customer" ? "Lo compré dos veces por error" : null,
        createdAt: stepAt(index),
      })),
    );
    // Paid experiences get their tickets as a real payment gives them (tickets module, one per unit).
    await issuePurchaseTickets(ctx.db, checkout.id, createdAt);
  }
}
