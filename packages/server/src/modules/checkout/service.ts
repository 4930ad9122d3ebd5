import { randomBytes } from "node:crypto";
import { checkQuantity } from "@tianguis/domain/rules/cart-quantity";
import { CHECKOUT_MINUTES, type DeliveryType, acceptedPaymentMethods, groupBySupplier, isSupplierConfigured } from "@tianguis/domain/rules/checkout";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { type DeliveryAddress, deliveryAddressErrors } from "@tianguis/domain/schemas/address";
import { type OrderAddress, checkouts, orderItems, orders } from "../../db/schema/orders";
import { AppError } from "../../http/errors";
import { enqueueJob } from "../../jobs/runner";
import type { SessionUser } from "../accounts/sessions";
import { keepAddress, useAddress } from "../addresses/service";
import { type CartLineInput, cartLines, clearCart, requireStore, saleProblem } from "../cart/service";
import { selectSellableProducts } from "../catalog/sellable";
import { releaseStock, takeStock } from "../catalog/stock";

export interface CheckoutInput {
  items?: CartLineInput[];
  contact?: { full_name: string; email: string; phone?: string };
  delivery_type: DeliveryType;
  address?: OrderAddress;
  address_id?: string;
  save_address?: boolean;
  rate_id?: string;
  attribution?: { referral?: string; campaign?: string; click_id?: string };
}

/** Shipping per supplier parcel: each supplier ships its own order with the chosen courier service. */
export function shippingFor(ctx: AppContext, rateId: string | undefined, postalCode: string | undefined, weightsBySupplier: number[], currency: string): number {
  if (!rateId || !postalCode) throw new AppError("no_shipping_options", { fields: { rate_id: "required" } });
  let total = 0;
  for (const weightGrams of weightsBySupplier) {
    const rate = ctx.shipping.find(rateId, { postalCode, weightGrams, currency });
    if (!rate) throw new AppError("no_shipping_options");
    total += rate.cost;
  }
  return total;
}

/**
 * The purchase's delivery address: none for branch pickup, else a saved address of the customer (address_id)
 * or the entered one, which a signed-in customer may keep in the address book while there is room.
 */
async function deliveryAddressFor(tx: Tx, user: SessionUser | null, input: CheckoutInput, now: Date): Promise<OrderAddress | null> {
  if (input.delivery_type === "to_branch") return null;
  if (user && input.address_id) return useAddress(tx, user.id, input.address_id, now);
  if (!input.address?.postal_code) throw new AppError("validation_failed", { fields: { "address.postal_code": "required" } });
  if (!user || !input.save_address) return input.address;
  const errors = Object.entries(deliveryAddressErrors(input.address));
  if (errors.length > 0) throw new AppError("validation_failed", { fields: Object.fromEntries(errors.map(([field, code]) => [`address.${field}`, code])) });
  await keepAddress(tx, user.id, input.address as DeliveryAddress, now);
  return input.address;
}

/**
 * Creates a purchase in one transaction: prices from the database, one order per supplier, stock taken
 * atomically, the countdown started, and the signed-in customer's cart emptied.
 */
export async function createCheckout(ctx: AppContext, storeSlug: string, user: SessionUser | null, input: CheckoutInput) {
  const store = await requireStore(ctx, storeSlug);
  if (!user && !input.contact) throw new AppError("validation_failed", { fields: { "contact.email": "required" } });
  if (input.address_id && !user) throw new AppError("unauthorized");
  const now = ctx.clock.now();

  return ctx.db.transaction(async (tx) => {
    const address = await deliveryAddressFor(tx, user, input, now);
    const lines =
      input.items ??
      (user
        ? await cartLines(tx, user.id, store.id)
        : []);
    if (lines.length === 0) throw new AppError("cart_empty");
    const rows = await selectSellableProducts(tx, store.id, lines.map((line) => line.product_id));
    const byId = new Map(rows.map((row) => [row.product.id, row]));

    const priced = [];
    for (const line of lines) {
      const row = byId.get(line.product_id);
      if (!row) throw new AppError("unavailable_for_sale", { details: { product: line.product_id } });
      if (!isSupplierConfigured({ disabled: row.supplierDisabled, enabled_payment_types: row.supplierPaymentTypes })) {
        throw new AppError("supplier_missing_config", { details: { supplier: row.supplierName } });
      }
      const problem = saleProblem(row, now);
      if (problem) throw new AppError(problem, { details: { product: row.product.name } });
      const check = checkQuantity(line.quantity, { available: null, stock_type: "ondemand", max_purchase_amount: row.product.maxPurchaseAmount });
      if (!check.ok) throw new AppError(check.code === "ignored" ? "validation_failed" : check.code, { details: "max" in check ? { max: check.max } : undefined });
      const reserves = row.product.stockType === "onstock";
      if (reserves && !(await takeStock(tx, row.product.id, line.quantity))) {
        throw new AppError((row.product.stock ?? 0) === 0 ? "out_of_stock" : "insufficient_stock", { details: { product: row.product.name } });
      }
      priced.push({
        product_id: row.product.id,
        supplier_id: row.product.shopId,
        unit_price: row.product.isFree ? 0 : row.product.listPrice,
        quantity: line.quantity,
        currency: row.product.currency,
        name: row.product.name,
        photo: row.photo,
        weight: row.product.weightGrams * line.quantity,
        reserved: reserves ? line.quantity : 0,
      });
    }
    const groups = groupBySupplier(priced);
    // One purchase is paid once: its suppliers must share a payment method (the transaction gives the stock back).
    const paymentTypes = new Map(rows.map((row) => [row.product.shopId, row.supplierPaymentTypes]));
    if (acceptedPaymentMethods(groups.map((group) => paymentTypes.get(group.supplier_id) ?? [])).length === 0) throw new AppError("no_common_payment_method");
    const currency = groups[0].currency;
    const weights = groups.map((group) => group.lines.reduce((sum, line) => sum + line.weight, 0));
    const shippingCosts =
      input.delivery_type === "shipping"
        ? weights.map((weight) => shippingFor(ctx, input.rate_id, address?.postal_code, [weight], currency))
        : groups.map(() => 0);
    const subtotal = groups.reduce((sum, group) => sum + group.subtotal, 0);
    const shippingCost = shippingCosts.reduce((sum, cost) => sum + cost, 0);
    const expiresAt = new Date(now.getTime() + CHECKOUT_MINUTES * 60_000);

    const [checkout] = await tx
      .insert(checkouts)
      .values({
        storeId: store.id,
        customerId: user?.id ?? null,
        guestName: user ? null : input.contact?.full_name,
        guestEmail: user ? null : input.contact?.email,
        guestPhone: user ? null : input.contact?.phone,
        accessToken: randomBytes(18).toString("base64url"),
        deliveryType: input.delivery_type,
        address,
        shippingRateId: input.delivery_type === "shipping" ? input.rate_id : null,
        subtotal,
        shippingCost,
        total: subtotal + shippingCost,
        currency,
        referral: input.attribution?.referral,
        campaign: input.attribution?.campaign,
        clickId: input.attribution?.click_id,
        expiresAt,
        createdAt: now,
      })
      .returning({ id: checkouts.id, accessToken: checkouts.accessToken });
    for (const [index, group] of groups.entries()) {
      const [order] = await tx
        .insert(orders)
        .values({
          checkoutId: checkout.id,
          supplierId: group.supplier_id,
          subtotal: group.subtotal,
          shippingCost: shippingCosts[index],
          total: group.subtotal + shippingCosts[index],
          currency,
          createdAt: now,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(
        group.lines.map((line) => ({
          orderId: order.id,
          productId: line.product_id,
          name: line.name,
          photo: line.photo,
          unitPrice: line.unit_price,
          quantity: line.quantity,
          total: line.unit_price * line.quantity,
          stockReserved: line.reserved,
        })),
      );
    }
    await enqueueJob(tx, "expire_checkout", { checkout_id: checkout.id }, expiresAt);
    if (user) await clearCart(tx, user.id, store.id);
    return checkout;
  });
}

/**
 * Ends an unpaid purchase whose time ran out (countdown or bank-transfer deadline) and gives its stock
 * back. The conditional update makes it safe against a payment arriving at the same moment.
 */
export async function expireCheckout(ctx: AppContext, checkoutId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const expired = await tx
      .update(checkouts)
      .set({ state: "expired" })
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.state, "pending_payment"), sql`${checkouts.expiresAt} <= ${ctx.clock.now()}`))
      .returning({ id: checkouts.id });
    if (expired.length === 0) return false;
    await tx.update(orders).set({ state: "expired" }).where(eq(orders.checkoutId, checkoutId));
    const reserved = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.stockReserved })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.checkoutId, checkoutId));
    for (const line of reserved) {
      if (line.quantity > 0) await releaseStock(tx, line.productId, line.quantity);
    }
    return true;
  });
}

/** A public link for a purchase (shared checkout); generated once. */
export async function shareCheckout(ctx: AppContext, checkoutId: string) {
  const slug = randomBytes(8).toString("base64url");
  const [updated] = await ctx.db
    .update(checkouts)
    .set({ publicSlug: slug })
    .where(and(eq(checkouts.id, checkoutId), isNull(checkouts.publicSlug)))
    .returning({ slug: checkouts.publicSlug });
  if (!updated) throw new AppError("slug_public_was_alrready_generated", { status: 409 });
  return { public_slug: updated.slug as string };
}
