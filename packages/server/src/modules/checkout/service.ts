import { randomBytes } from "node:crypto";
import type { Locale } from "@tianguis/domain/locale";
import { checkQuantity } from "@tianguis/domain/rules/cart-quantity";
import { orderSearchText } from "@tianguis/domain/rules/order-state";
import {
  CHECKOUT_MINUTES,
  type SupplierGroup,
  billableWeightGrams,
  groupBySupplier,
  isSupplierConfigured,
} from "@tianguis/domain/rules/checkout";
import type { Attribution } from "@tianguis/domain/rules/referral";
import { needsDelivery } from "@tianguis/domain/rules/digital-delivery";
import { type DeliveryAddress, deliveryAddressErrors } from "@tianguis/domain/schemas/address";
import type { CartLineInput } from "@tianguis/domain/schemas/cart";
import type { CheckoutBody, ShippingRate } from "@tianguis/domain/schemas/checkout";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { type OrderAddress, checkouts, orderItems, orders } from "../../db/schema/orders";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { keepAddress, useAddress } from "../addresses/service";
import { cartLines, clearCart, priceLines, saleProblem } from "../cart/service";
import { releaseStock, selectSellableProducts, takeStock } from "../catalog/service";
import { offeredPaymentMethods, suppliersWithoutLiveProvider } from "../payment-accounts/service";
import { type ShopRow, requireShopBySlug } from "../shops/service";
import { EXPIRE_JOB, expireCheckout } from "./purchase-state";
import { parcelCosts, parcelWeights, ratesForParcels } from "./shipping";
import { loadCheckout } from "./views";

/** Reads of a purchase other modules use (payments, orders): the checkout module's door for them. */
export { checkoutPaymentMethods, getCheckoutView, loadCheckout } from "./views";
/** The back office's reads of orders and purchases (exports, the dashboard, contacts). */
export {
  type CreatedCursor,
  type SupplierOrderFilters,
  countOrdersByState,
  countPaidPurchasesByCampaign,
  countSupplierOrders,
  orderNumbers,
  purchaseFacts,
  selectSupplierOrderBatch,
} from "./back-office";
/** What orders sold, for the modules that count sales (reports). */
export { type OrderSaleFacts, orderSaleFacts } from "./sale-facts";
/** Changes of a purchase's rows other modules make (payments, orders). */
export {
  type OrderStep,
  awaitOfflinePayment,
  expireCheckout,
  lockPurchase,
  markPurchasePaid,
  moveOrder,
  setOrderInvoicing,
} from "./purchase-state";

export type CheckoutInput = CheckoutBody & {
  attribution?: Attribution;
  /** The language the customer is buying in; a guest's order e-mails are written in it. */
  locale?: Locale;
};

/** Courier quotes for the shop's cart (or an anonymous cart's items) to a postal code, in the lines' currency. */
export async function quoteShipping(
  ctx: AppContext,
  shopSlug: string,
  postalCode: string,
  items: CartLineInput[],
): Promise<ShippingRate[]> {
  const shop = await requireShopBySlug(ctx.db, shopSlug);
  const cartOrders = await priceLines(ctx, shop.id, items);
  const weights = parcelWeights(cartOrders.map((order) => order.products));
  return ratesForParcels(ctx, postalCode, weights, cartOrders[0]?.currency ?? shop.currency);
}

/**
 * Creates a purchase (commerce-and-accounts §2 'Checkout, payments, orders'): prices from the database, one order
 * per supplier, stock taken atomically, the countdown started and the signed-in customer's cart emptied.
 */
export async function createCheckout(ctx: AppContext, shopSlug: string, user: SessionUser | null, input: CheckoutInput) {
  const shop = await requireShopBySlug(ctx.db, shopSlug);
  if (shop.disabled) throw new AppError("shop_disabled");
  if (!user && !input.contact) throw new AppError("validation_failed", { fields: { "contact.email": "required" } });
  if (input.address_id && !user) throw new AppError("unauthorized");
  const now = ctx.clock.now();

  // One transaction is the undo: a step that throws gives back the stock taken and leaves no purchase behind.
  return transactionWithEvents(ctx, async (tx) => {
    const lines = await linesToBuy(tx, user, shop.id, input);
    const supplierOrders = groupBySupplier(await priceAndReserveLines(tx, shop.id, lines, now));
    const delivery = deliveryOf(input, supplierOrders);
    const address = await resolveAddress(tx, user, delivery, now);
    await requireSharedPaymentMethod(tx, supplierOrders, ctx.config.sandboxAllowed);
    const shippingCosts = quoteShippingCosts(ctx, delivery, address, supplierOrders);
    const checkout = await insertPurchase(tx, { shop, user, input: delivery, address, supplierOrders, shippingCosts, now });
    await recordEvent(tx, { type: "purchase.created", payload: { checkout_id: checkout.id, shop_id: shop.id } }, now);
    await scheduleExpiry(tx, checkout.id, checkout.expiresAt);
    if (user) await clearCart(tx, user.id, shop.id);
    return checkout;
  });
}

/**
 * A purchase of digital items only has nothing to ship or hand over: whatever delivery was sent, it takes no address
 * and no shipping, stored as branch pickup (a valid delivery type; its orders follow the digital path).
 */
function deliveryOf(input: CheckoutInput, supplierOrders: SupplierOrder[]): CheckoutInput {
  if (needsDelivery(supplierOrders.flatMap((order) => order.lines.map((line) => line.type)))) return input;
  return { ...input, delivery_type: "to_branch", address: undefined, address_id: undefined, save_address: undefined, rate_id: undefined };
}

/**
 * The purchase's delivery address: none for branch pickup, else a saved address of the customer (address_id)
 * or the entered one, which a signed-in customer may keep in the address book while there is room.
 */
async function resolveAddress(tx: Tx, user: SessionUser | null, input: CheckoutInput, now: Date): Promise<OrderAddress | null> {
  if (input.delivery_type === "to_branch") return null;
  if (user && input.address_id) return useAddress(tx, user.id, input.address_id, now);
  if (!input.address?.postal_code) throw new AppError("validation_failed", { fields: { "address.postal_code": "required" } });
  if (!user || !input.save_address) return input.address;
  const errors = Object.entries(deliveryAddressErrors(input.address));
  if (errors.length > 0) {
    throw new AppError("validation_failed", { fields: Object.fromEntries(errors.map(([field, code]) => [`address.${field}`, code])) });
  }
  await keepAddress(tx, user.id, input.address as DeliveryAddress, now);
  return input.address;
}

/** A guest buys the items sent; a signed-in customer buys the cart (or the items sent, if any). */
async function linesToBuy(tx: Tx, user: SessionUser | null, shopId: string, input: CheckoutInput): Promise<CartLineInput[]> {
  const lines = input.items ?? (user ? await cartLines(tx, user.id, shopId) : []);
  if (lines.length === 0) throw new AppError("cart_empty");
  return lines;
}

/** Prices each line from the database and takes its stock (onstock items); any line that cannot be sold stops the purchase. */
async function priceAndReserveLines(tx: Tx, shopId: string, lines: CartLineInput[], now: Date) {
  const rows = await selectSellableProducts(
    tx,
    shopId,
    lines.map((line) => line.product_id),
  );
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  const priced = [];
  for (const line of lines) {
    const row = byId.get(line.product_id);
    if (!row) throw new AppError("unavailable_for_sale", { details: { product: line.product_id } });
    if (row.supplierDisabled) throw new AppError("shop_disabled", { details: { supplier: row.supplierName } });
    if (!isSupplierConfigured({ disabled: row.supplierDisabled, enabled_payment_types: row.supplierPaymentTypes })) {
      throw new AppError("supplier_missing_config", { details: { supplier: row.supplierName } });
    }
    const problem = saleProblem(row, now);
    if (problem) throw new AppError(problem, { details: { product: row.product.name } });
    const limit = { available: null, stock_type: "ondemand" as const, max_purchase_amount: row.product.maxPurchaseAmount };
    const check = checkQuantity(line.quantity, limit);
    if (!check.ok) {
      const details = "max" in check ? { max: check.max } : undefined;
      throw new AppError(check.code === "ignored" ? "validation_failed" : check.code, { details });
    }
    const reserves = row.product.stockType === "onstock";
    if (reserves && !(await takeStock(tx, row.product.id, line.quantity))) {
      const code = (row.product.stock ?? 0) === 0 ? "out_of_stock" : "insufficient_stock";
      throw new AppError(code, { details: { product: row.product.name } });
    }
    priced.push({
      product_id: row.product.id,
      supplier_id: row.product.shopId,
      supplier_payment_types: row.supplierPaymentTypes,
      supplier_name: row.supplierName,
      unit_price: row.product.isFree ? 0 : row.product.listPrice,
      quantity: line.quantity,
      currency: row.product.currency,
      name: row.product.name,
      photo: row.photo,
      weight_grams: billableWeightGrams(row.product),
      type: row.product.type,
      reserved: reserves ? line.quantity : 0,
    });
  }
  return priced;
}

type PricedLine = Awaited<ReturnType<typeof priceAndReserveLines>>[number];
type SupplierOrder = SupplierGroup<PricedLine>;

/** One purchase is paid once: its suppliers must share a payment method that one gateway (sandbox or live account) charges. */
async function requireSharedPaymentMethod(tx: Tx, supplierOrders: SupplierOrder[], sandboxAllowed: boolean) {
  const suppliers = supplierOrders.map((order) => ({ id: order.supplier_id, enabled: order.lines[0].supplier_payment_types }));
  if ((await offeredPaymentMethods(tx, suppliers, sandboxAllowed)).length > 0) return;
  // Production, and a supplier with no live provider: only the sandbox could charge it, and the sandbox moves no money.
  const [notLive] = await suppliersWithoutLiveProvider(
    tx,
    suppliers.map((supplier) => supplier.id),
    sandboxAllowed,
  );
  if (notLive) {
    const order = supplierOrders.find((candidate) => candidate.supplier_id === notLive);
    throw new AppError("payments_not_live", { status: 422, details: { supplier: order?.lines[0].supplier_name ?? "" } });
  }
  // A live supplier whose accounts are all missing or failing cannot be paid at all: name it, as for a supplier without methods.
  for (const [index, supplier] of suppliers.entries()) {
    if ((await offeredPaymentMethods(tx, [supplier], sandboxAllowed)).length === 0) {
      throw new AppError("supplier_missing_config", { details: { supplier: supplierOrders[index].lines[0].supplier_name } });
    }
  }
  throw new AppError("no_common_payment_method");
}

/** Shipping per supplier parcel with the chosen courier service; nothing for pickup and fixed delivery. */
function quoteShippingCosts(
  ctx: AppContext,
  input: CheckoutInput,
  address: OrderAddress | null,
  supplierOrders: SupplierOrder[],
): number[] {
  if (input.delivery_type !== "shipping") return supplierOrders.map(() => 0);
  const weights = parcelWeights(supplierOrders.map((order) => order.lines));
  return parcelCosts(ctx, input.rate_id, address?.postal_code, weights, supplierOrders[0].currency);
}

interface Purchase {
  shop: ShopRow;
  user: SessionUser | null;
  input: CheckoutInput;
  address: OrderAddress | null;
  supplierOrders: SupplierOrder[];
  shippingCosts: number[];
  now: Date;
}

/** The purchase, one order per supplier and its items, with the countdown's end. */
async function insertPurchase(tx: Tx, { shop, user, input, address, supplierOrders: groups, shippingCosts, now }: Purchase) {
  const currency = groups[0].currency;
  const subtotal = groups.reduce((sum, group) => sum + group.subtotal, 0);
  const shippingCost = shippingCosts.reduce((sum, cost) => sum + cost, 0);
  const [checkout] = await tx
    .insert(checkouts)
    .values({
      storeId: shop.id,
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
      gclid: input.attribution?.gclid,
      fbclid: input.attribution?.fbclid,
      referralSlug: input.attribution?.referral_slug,
      locale: input.locale,
      expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      createdAt: now,
    })
    .returning({ id: checkouts.id, accessToken: checkouts.accessToken, expiresAt: checkouts.expiresAt });
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
        searchText: orderSearchText([
          user?.fullName ?? input.contact?.full_name,
          user?.username ?? input.contact?.email,
          ...group.lines.map((line) => line.name),
        ]),
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
  return checkout;
}

/** The purchase expires when its countdown ends unless it is paid first (expireCheckout). */
async function scheduleExpiry(tx: Tx, checkoutId: string, expiresAt: Date) {
  await enqueueJob(tx, EXPIRE_JOB, { checkout_id: checkoutId }, expiresAt);
}

/** The jobs this module runs; registered where the app is composed. */
export function registerCheckoutJobs() {
  registerJob(EXPIRE_JOB, async (jobCtx, payload) => {
    await expireCheckout(jobCtx, payload.checkout_id);
  });
}

/** A public link for a purchase (shared checkout), by its customer or with its access token; generated once. */
export async function shareCheckout(ctx: AppContext, checkoutId: string, user: SessionUser | null, token: string | undefined) {
  const checkout = await loadCheckout(ctx, checkoutId, user, token);
  const slug = randomBytes(8).toString("base64url");
  const [updated] = await ctx.db
    .update(checkouts)
    .set({ publicSlug: slug })
    .where(and(eq(checkouts.id, checkout.id), isNull(checkouts.publicSlug)))
    .returning({ slug: checkouts.publicSlug });
  if (!updated) throw new AppError("slug_public_was_alrready_generated", { status: 409 });
  return { public_slug: updated.slug as string };
}
