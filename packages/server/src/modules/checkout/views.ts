import { type DeliveryType, cardMethods, secondsLeft } from "@tianguis/domain/rules/checkout";
import { type InstalmentPlan, instalmentPlans, msiMethods } from "@tianguis/domain/rules/instalments";
import { type SupplierOrderState, decideCancel, fulfilmentPath, progressSteps } from "@tianguis/domain/rules/order-progress";
import type { ProductType } from "@tianguis/domain/schemas/product";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import type { PaymentInstructions } from "@tianguis/domain/schemas/payment";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import { products } from "../../db/schema/catalog";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { shops } from "../../db/schema/shops";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { downloadLinksOf } from "../downloads/service";
import { gatewayForPurchase, offeredPaymentMethods, purchasePublicConfig, suppliersWithoutLiveProvider } from "../payment-accounts/service";

type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * The purchase as customers and the paid page see it: one order per supplier, plus the latest payment.
 * A read model: it joins shops for the suppliers' names, slugs and payment methods (shops writes that table).
 */
export async function checkoutViews(
  ctx: AppContext,
  rows: CheckoutRow[],
  /** downloads: the purchase's own customer (or its token holder) is looking, so paid digital items carry their links. */
  options: { downloads?: boolean } = {},
): Promise<CheckoutView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [orderRows, itemRows, paymentRows, shopRows, downloads] = await Promise.all([
    ctx.db
      .select({ order: orders, supplierName: shops.name, supplierSlug: shops.slug, supplierPaymentTypes: shops.enabledPaymentTypes })
      .from(orders)
      .innerJoin(shops, eq(shops.id, orders.supplierId))
      .where(inArray(orders.checkoutId, ids))
      .orderBy(asc(orders.number)),
    ctx.db
      .select({ item: orderItems, checkoutId: orders.checkoutId, type: products.type })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orders.checkoutId, ids)),
    ctx.db.select().from(payments).where(inArray(payments.checkoutId, ids)).orderBy(desc(payments.createdAt)),
    ctx.db
      .select({ id: shops.id, slug: shops.slug })
      .from(shops)
      .where(inArray(shops.id, [...new Set(rows.map((row) => row.storeId))])),
    options.downloads ? downloadLinksOf(ctx, ids) : [],
  ]);
  const now = ctx.clock.now();
  const methodsOf = await Promise.all(
    rows.map((row) =>
      paymentOptions(
        ctx,
        orderRows.filter(({ order }) => order.checkoutId === row.id),
        row,
      ),
    ),
  );
  return rows.map((row, index) => {
    const payment = paymentRows.find((candidate) => candidate.checkoutId === row.id);
    const checkoutOrders = orderRows.filter(({ order }) => order.checkoutId === row.id);
    return {
      id: row.id,
      access_token: row.accessToken,
      shop_slug: shopRows.find((shop) => shop.id === row.storeId)?.slug ?? null,
      state: row.state as CheckoutView["state"],
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      seconds_left: row.state === "pending_payment" ? secondsLeft(row.expiresAt, now) : 0,
      delivery_type: row.deliveryType as CheckoutView["delivery_type"],
      address: row.address,
      contact: row.customerId ? null : { full_name: row.guestName, email: row.guestEmail, phone: row.guestPhone },
      subtotal: row.subtotal,
      shipping_cost: row.shippingCost,
      total: row.total,
      currency: row.currency,
      public_slug: row.publicSlug,
      payment_methods: methodsOf[index].methods,
      payment_metadata: methodsOf[index].metadata,
      instalments: methodsOf[index].instalments,
      instalment_methods: methodsOf[index].instalmentMethods,
      card_saving_methods: methodsOf[index].cardSavingMethods,
      payment_notice: row.state === "pending_payment" ? methodsOf[index].notice : null,
      test: row.test,
      orders: checkoutOrders.map(({ order, supplierName, supplierSlug }) => {
        const lines = itemRows.filter(({ item }) => item.orderId === order.id);
        const state = order.state as SupplierOrderState;
        const path = fulfilmentPath({
          delivery_type: row.deliveryType as DeliveryType,
          item_types: lines.map((line) => line.type as ProductType),
        });
        return {
          id: order.id,
          number: order.number,
          supplier: order.supplierId,
          supplier_name: supplierName,
          supplier_slug: supplierSlug,
          state,
          subtotal: order.subtotal,
          shipping_cost: order.shippingCost,
          total: order.total,
          path,
          steps: [...progressSteps(path)],
          confirmed_at: order.confirmedAt?.toISOString() ?? null,
          estimated_delivery_date: order.estimatedDeliveryDate,
          delivered_at: order.deliveredAt?.toISOString() ?? null,
          courier: order.courier,
          tracking_number: order.trackingNumber,
          cancel_reason: order.cancelReason,
          can_cancel: decideCancel({ state, actor: "customer" }).ok,
          invoicing: order.invoicing,
          items: lines.map(({ item, type }) => ({
            product_id: item.productId,
            name: item.name,
            type: type as ProductType,
            photo: item.photo,
            unit_price: item.unitPrice,
            quantity: item.quantity,
            total: item.total,
            download_url: downloads.find((link) => link.order_item_id === item.id)?.url ?? null,
          })),
        };
      }),
      payment: payment
        ? {
            id: payment.id,
            method: payment.method,
            status: payment.status,
            failure_code: payment.failureCode,
            instructions: Object.keys(payment.details).length > 0 ? (payment.details as PaymentInstructions) : null,
            instalments: payment.instalments
              ? { months: payment.instalments, monthly: Math.ceil(payment.amount / payment.instalments) }
              : null,
          }
        : null,
    };
  });
}

/** A purchase is readable by its customer, or with its access token (guests, the paid page, shared links). */
export async function loadCheckout(ctx: AppContext, id: string, user: SessionUser | null, token: string | undefined): Promise<CheckoutRow> {
  const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
  const allowed = row && ((user && row.customerId === user.id) || (token && token === row.accessToken));
  if (!row || !allowed) throw new AppError("checkout_not_found", { status: 404 });
  return row;
}

/**
 * What the purchase may be paid with now (every supplier enabled it, and one gateway charges it for all: the sandbox or a
 * shared live account), and the browser-safe keys of the live accounts that would charge (spec §3 payment_metadata).
 */
async function paymentOptions(
  ctx: AppContext,
  supplierRows: { order: { supplierId: string }; supplierPaymentTypes: string[] }[],
  purchase: { total: number; currency: string; state: string },
) {
  const suppliers = supplierRows.map(({ order, supplierPaymentTypes }) => ({ id: order.supplierId, enabled: supplierPaymentTypes }));
  const methods = await offeredPaymentMethods(ctx.db, suppliers, ctx.config.sandboxAllowed);
  const notLive = await suppliersWithoutLiveProvider(
    ctx.db,
    suppliers.map((supplier) => supplier.id),
    ctx.config.sandboxAllowed,
  );
  const metadata: Record<string, string> = {};
  for (const method of methods)
    Object.assign(
      metadata,
      await purchasePublicConfig(
        ctx,
        suppliers.map((supplier) => supplier.id),
        method,
      ),
    );
  // What the card methods' gateways offer at the card step: interest-free plans for this total (MSI), and keeping the card.
  let instalments: InstalmentPlan[] = [];
  const instalmentMethods: typeof methods = [];
  const cardSavingMethods: typeof methods = [];
  if (purchase.state === "pending_payment")
    for (const method of methods.filter((candidate) => cardMethods.includes(candidate))) {
      const gateway = await gatewayForPurchase(
        ctx,
        suppliers.map((supplier) => supplier.id),
        method,
      );
      if (!gateway) continue;
      if (gateway.provider.keepCard) cardSavingMethods.push(method);
      const plans = instalmentPlans(purchase.total, purchase.currency, gateway.provider.instalmentMonths ?? []);
      if (msiMethods.includes(method) && plans.length > 0) {
        instalmentMethods.push(method);
        instalments = plans;
      }
    }
  return {
    methods,
    metadata,
    instalments,
    instalmentMethods,
    cardSavingMethods,
    notice: notLive.length > 0 ? ("payments_not_live" as const) : null,
  };
}

/** The payment methods the purchase may be paid with now. */
export async function checkoutPaymentMethods(ctx: AppContext, checkoutId: string) {
  const rows = await ctx.db
    .select({ supplierId: orders.supplierId, types: shops.enabledPaymentTypes })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.supplierId))
    .where(eq(orders.checkoutId, checkoutId));
  return offeredPaymentMethods(
    ctx.db,
    rows.map((row) => ({ id: row.supplierId, enabled: row.types })),
    ctx.config.sandboxAllowed,
  );
}

export async function getCheckoutView(
  ctx: AppContext,
  id: string,
  user: SessionUser | null,
  token: string | undefined,
): Promise<CheckoutView> {
  const [view] = await checkoutViews(ctx, [await loadCheckout(ctx, id, user, token)], { downloads: true });
  return view;
}

/** A purchase by its access token alone: whoever holds the token may read it, as with `?token=`. */
export async function getCheckoutByToken(ctx: AppContext, token: string): Promise<CheckoutView> {
  const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.accessToken, token));
  if (!row) throw new AppError("not_found");
  const [view] = await checkoutViews(ctx, [row]);
  return view;
}

/**
 * A shared purchase opened by its public link: whoever has the link may see and pay it, so the view carries
 * the access token but not the guest's contact details.
 */
export async function getSharedCheckoutView(ctx: AppContext, publicSlug: string): Promise<CheckoutView> {
  const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.publicSlug, publicSlug)).limit(1);
  if (!row) throw new AppError("checkout_not_found", { status: 404 });
  const [view] = await checkoutViews(ctx, [row]);
  return { ...view, contact: null };
}
