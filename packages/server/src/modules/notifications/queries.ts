import { type Locale, defaultLocale, isLocale } from "@tianguis/domain/locale";
import type { SupplierOrderState } from "@tianguis/domain/rules/order-progress";
import { phoneUsername } from "@tianguis/domain/rules/registration";
import { and, asc, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { sentNotices } from "../../db/schema/notifications";
import { checkouts, orderItems, orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { shops } from "../../db/schema/shops";

export interface Contact {
  name: string | null;
  email: string | null;
  phone: string | null;
  locale: Locale;
}

export interface NoticeOrder {
  id: string;
  number: number;
  state: SupplierOrderState;
  supplier: { name: string; slug: string };
  owner: Contact;
  subtotal: number;
  shippingCost: number;
  total: number;
  estimatedDeliveryDate: string | null;
  courier: string | null;
  trackingNumber: string | null;
  cancelReason: string | null;
  items: { name: string; quantity: number; unitPrice: number; total: number }[];
}

export interface NoticePurchase {
  id: string;
  accessToken: string;
  isGuest: boolean;
  currency: string;
  subtotal: number;
  shippingCost: number;
  total: number;
  shop: { id: string; name: string; slug: string; color: string | undefined };
  customer: Contact;
  payment: { id: string; method: string; status: string; details: Record<string, string> } | null;
  orders: NoticeOrder[];
  /** Paid through the sandbox gateway: no money moved. */
  test: boolean;
}

const owners = alias(users, "owners");

/** A user's phone is stored without its country code; a guest's as typed. Without a known language, Spanish. */
function contact(row: { name: string | null; email: string | null; phone: string | null; countryCode?: string | null }, locale: unknown) {
  const phone = row.phone && row.countryCode ? phoneUsername(row.countryCode, row.phone) : row.phone;
  return { name: row.name || null, email: row.email, phone, locale: isLocale(locale) ? locale : defaultLocale };
}

/** The purchase an order belongs to, for notices about a single order. */
export async function selectOrderCheckoutId(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, orderId));
  return row?.checkoutId ?? null;
}

/**
 * The read model of an order notice. A message needs, at once, the purchase (checkouts), its orders and lines, the
 * shop it was bought in and each supplier shop (names, slugs, colour), the customer's and each supplier owner's
 * contact and language (users; a guest's from the purchase), and the latest payment's instructions (payments).
 * Those rows belong to checkout, payments, shops and accounts; a notice only reads them, at send time, so the text
 * shows what is true when it goes out (a cancel reason, a tracking number) rather than a copy carried in the job's
 * payload.
 */
export async function selectNoticePurchase(db: Db, checkoutId: string): Promise<NoticePurchase | null> {
  const [row] = await db
    .select({
      checkout: checkouts,
      shop: { id: shops.id, name: shops.name, slug: shops.slug, theme: shops.storeThemeInfo },
      user: { name: users.fullName, email: users.email, phone: users.phone, countryCode: users.countryCode, locale: users.locale },
    })
    .from(checkouts)
    .innerJoin(shops, eq(shops.id, checkouts.storeId))
    .leftJoin(users, eq(users.id, checkouts.customerId))
    .where(eq(checkouts.id, checkoutId));
  if (!row) return null;
  const { checkout } = row;
  const guest = { name: checkout.guestName, email: checkout.guestEmail, phone: checkout.guestPhone };
  const [payment] = await db
    .select({ id: payments.id, method: payments.method, status: payments.status, details: payments.details })
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return {
    id: checkout.id,
    accessToken: checkout.accessToken,
    isGuest: !checkout.customerId,
    currency: checkout.currency,
    subtotal: checkout.subtotal,
    shippingCost: checkout.shippingCost,
    total: checkout.total,
    shop: { id: row.shop.id, name: row.shop.name, slug: row.shop.slug, color: row.shop.theme.color1 },
    // A customer who never signed in since languages were kept reads the purchase's language, like a guest.
    customer: contact(row.user ?? guest, row.user?.locale ?? checkout.locale),
    payment: payment ?? null,
    orders: await selectNoticeOrders(db, checkoutId),
    test: checkout.test,
  };
}

async function selectNoticeOrders(db: Db, checkoutId: string): Promise<NoticeOrder[]> {
  const rows = await db
    .select({
      order: orders,
      supplier: { name: shops.name, slug: shops.slug },
      owner: { name: owners.fullName, email: owners.email, phone: owners.phone, countryCode: owners.countryCode, locale: owners.locale },
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.supplierId))
    .innerJoin(owners, eq(owners.id, shops.ownerId))
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.number));
  const items = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.order.id),
          ),
        )
        .orderBy(asc(orderItems.name))
    : [];
  return rows.map(({ order, supplier, owner }) => ({
    id: order.id,
    number: order.number,
    state: order.state as SupplierOrderState,
    supplier,
    owner: contact(owner, owner.locale),
    subtotal: order.subtotal,
    shippingCost: order.shippingCost,
    total: order.total,
    estimatedDeliveryDate: order.estimatedDeliveryDate,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    cancelReason: order.cancelReason,
    items: items
      .filter((item) => item.orderId === order.id)
      .map((item) => ({ name: item.name, quantity: item.quantity, unitPrice: item.unitPrice, total: item.total })),
  }));
}

/**
 * Claims the right to send one notice to one recipient: true for the first claim, and for a claim left unsent for
 * longer than `leaseMs` (its sender died); false when the notice was sent or another run is sending it now.
 */
export async function claimNotice(db: Db, key: string, now: Date, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .insert(sentNotices)
    .values({ key, claimedAt: now })
    .onConflictDoUpdate({
      target: sentNotices.key,
      set: { claimedAt: now },
      setWhere: and(isNull(sentNotices.sentAt), lt(sentNotices.claimedAt, new Date(now.getTime() - leaseMs))),
    })
    .returning({ key: sentNotices.key });
  return claimed.length > 0;
}

export async function markNoticeSent(db: Db, key: string, now: Date): Promise<void> {
  await db.update(sentNotices).set({ sentAt: now }).where(eq(sentNotices.key, key));
}

/** Gives a claim back after a failed send, so the job's retry sends it. */
export async function releaseNotice(db: Db, key: string): Promise<void> {
  await db.delete(sentNotices).where(and(eq(sentNotices.key, key), isNull(sentNotices.sentAt)));
}
