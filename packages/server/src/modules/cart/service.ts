import { checkQuantity } from "@tianguis/domain/rules/cart-quantity";
import type { CartLineInput, CartOrderView, CartView, SaleProblem } from "@tianguis/domain/schemas/cart";
import { type PaymentMethod, billableWeightGrams, groupBySupplier, isSupplierConfigured } from "@tianguis/domain/rules/checkout";
import { isConcluded, isInteractive } from "@tianguis/domain/rules/price-display";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { cartItems } from "../../db/schema/cart";
import { AppError } from "../../http/errors";
import { type SellableRow, selectSellableProducts } from "../catalog/service";
import { offeredPaymentMethods } from "../payment-accounts/service";
import { requireShopBySlug } from "../shops/service";

/**
 * Why an item cannot be bought now, or null: shop_disabled (its supplier was disabled by the platform), out_of_stock,
 * unavailable_for_sale (unpublished, hidden, concluded).
 */
export function saleProblem(row: SellableRow, now: Date): SaleProblem | null {
  if (row.supplierDisabled) return "shop_disabled";
  const item = {
    list_state: row.product.listState,
    hiden: row.product.hiden,
    type: row.product.type,
    experience_date: row.product.experienceDate?.toISOString() ?? null,
  };
  if (!isInteractive(item) || isConcluded(item, now) || row.product.hidePrice) return "unavailable_for_sale";
  if (row.product.stockType === "onstock" && (row.product.stock ?? 0) <= 0) return "out_of_stock";
  return null;
}

/**
 * Prices the lines from the database (never from the client) and groups them per supplier (spec: cart orders). In a
 * store the platform disabled every line says so (shop_disabled) and none counts towards the total.
 */
export async function priceLines(ctx: AppContext, shopId: string, lines: CartLineInput[], storeDisabled = false): Promise<CartOrderView[]> {
  const rows = await selectSellableProducts(ctx.db, shopId, [...new Set(lines.map((line) => line.product_id))]);
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  // What each supplier can be paid with now: its ticked methods, less those its live mode has no working account for.
  const paymentTypes = new Map<string, PaymentMethod[]>();
  for (const row of rows) {
    if (paymentTypes.has(row.product.shopId)) continue;
    paymentTypes.set(
      row.product.shopId,
      await offeredPaymentMethods(ctx.db, [{ id: row.product.shopId, enabled: row.supplierPaymentTypes }], ctx.config.sandboxAllowed),
    );
  }
  const now = ctx.clock.now();
  const priced = lines.flatMap((line) => {
    const row = byId.get(line.product_id);
    if (!row) return [];
    const problem = storeDisabled ? "shop_disabled" : saleProblem(row, now);
    return [
      {
        product_id: row.product.id,
        supplier_id: row.product.shopId,
        supplier_name: row.supplierName,
        supplier_slug: row.supplierSlug,
        supplier_configured: isSupplierConfigured({
          disabled: row.supplierDisabled,
          enabled_payment_types: paymentTypes.get(row.product.shopId) ?? [],
        }),
        name: row.product.name,
        description: row.product.description,
        photo: row.photo,
        type: row.product.type,
        unit_price: row.product.isFree ? 0 : row.product.listPrice,
        currency: row.product.currency,
        quantity: line.quantity,
        available: row.product.stockType === "onstock" ? (row.product.stock ?? 0) : null,
        stock_type: row.product.stockType as "onstock" | "ondemand",
        max_purchase_amount: row.product.maxPurchaseAmount,
        weight_grams: billableWeightGrams(row.product),
        disabled: problem !== null,
        problem,
      },
    ];
  });
  return groupBySupplier(priced).map((group) => ({
    supplier: group.supplier_id,
    supplier_name: group.lines[0].supplier_name,
    supplier_slug: group.lines[0].supplier_slug,
    is_configured: group.lines[0].supplier_configured,
    supplier_info: { enabled_payment_types: paymentTypes.get(group.supplier_id) ?? [] },
    currency: group.currency,
    total: group.lines.filter((line) => !line.disabled).reduce((sum, line) => sum + line.unit_price * line.quantity, 0),
    products: group.lines.map((line) => ({ ...line, total: line.unit_price * line.quantity })),
  }));
}

export function cartSummary(orders: CartOrderView[]): CartView {
  return {
    orders,
    total_products: orders.reduce((sum, order) => sum + order.products.reduce((count, line) => count + line.quantity, 0), 0),
    total_amount: orders.reduce((sum, order) => sum + order.total, 0),
  };
}

/** An anonymous browser cart, priced with current prices and stock. */
export async function quoteCart(ctx: AppContext, shopSlug: string, lines: CartLineInput[]): Promise<CartView> {
  const shop = await requireShopBySlug(ctx.db, shopSlug);
  return cartSummary(await priceLines(ctx, shop.id, lines, shop.disabled));
}

export async function getCart(ctx: AppContext, userId: string, shopSlug: string): Promise<CartView> {
  const shop = await requireShopBySlug(ctx.db, shopSlug);
  const lines = await ctx.db
    .select({ product_id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.storeId, shop.id)))
    .orderBy(cartItems.updatedAt);
  return cartSummary(await priceLines(ctx, shop.id, lines, shop.disabled));
}

/** Sets a line's quantity after the cart rules (stock unless on demand, max_purchase_amount). */
export async function setCartQuantity(ctx: AppContext, userId: string, shopSlug: string, line: CartLineInput) {
  const shop = await requireShopBySlug(ctx.db, shopSlug);
  if (shop.disabled) throw new AppError("shop_disabled");
  const [row] = await selectSellableProducts(ctx.db, shop.id, [line.product_id]);
  if (!row) throw new AppError("not_found");
  const problem = saleProblem(row, ctx.clock.now());
  if (problem) throw new AppError(problem);
  const check = checkQuantity(line.quantity, {
    available: row.product.stock,
    stock_type: row.product.stockType as "onstock" | "ondemand",
    max_purchase_amount: row.product.maxPurchaseAmount,
  });
  if (!check.ok)
    throw new AppError(check.code === "ignored" ? "validation_failed" : check.code, {
      details: "max" in check ? { max: check.max } : undefined,
    });
  await ctx.db
    .insert(cartItems)
    .values({ userId, storeId: shop.id, productId: line.product_id, quantity: check.quantity, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.storeId, cartItems.productId],
      set: { quantity: check.quantity, updatedAt: ctx.clock.now() },
    });
  return getCart(ctx, userId, shopSlug);
}

export async function removeCartLine(ctx: AppContext, userId: string, shopSlug: string, productId: string) {
  const shop = await requireShopBySlug(ctx.db, shopSlug);
  await ctx.db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.storeId, shop.id), eq(cartItems.productId, productId)));
  return getCart(ctx, userId, shopSlug);
}

/** Merges an anonymous browser cart into the server cart at login: quantities add up, capped by the cart rules. */
export async function mergeCart(ctx: AppContext, userId: string, shopSlug: string, lines: CartLineInput[]) {
  const shop = await requireShopBySlug(ctx.db, shopSlug);
  const rows = await selectSellableProducts(
    ctx.db,
    shop.id,
    lines.map((line) => line.product_id),
  );
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  for (const line of lines) {
    const row = byId.get(line.product_id);
    if (!row || line.quantity < 1) continue;
    const cap = Math.min(
      row.product.maxPurchaseAmount ?? Number.MAX_SAFE_INTEGER,
      row.product.stockType === "onstock" ? Math.max(row.product.stock ?? 0, 1) : Number.MAX_SAFE_INTEGER,
    );
    await ctx.db
      .insert(cartItems)
      .values({ userId, storeId: shop.id, productId: line.product_id, quantity: Math.min(line.quantity, cap), updatedAt: ctx.clock.now() })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.storeId, cartItems.productId],
        set: { quantity: sql`least(${cartItems.quantity} + ${line.quantity}, ${cap})`, updatedAt: ctx.clock.now() },
      });
  }
  return getCart(ctx, userId, shopSlug);
}

/** The signed-in customer's cart lines in a shop, read inside the caller's transaction (checkout). */
export function cartLines(db: DbOrTx, userId: string, shopId: string): Promise<CartLineInput[]> {
  return db
    .select({ product_id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.storeId, shopId)));
}

export async function clearCart(db: DbOrTx, userId: string, shopId: string) {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.storeId, shopId)));
}
