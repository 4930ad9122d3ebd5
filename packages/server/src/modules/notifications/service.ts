import { type SupplierOrderState, supplierOrderStates } from "@tianguis/domain/rules/order-progress";
import { z } from "zod";
import type { Attachment, OutgoingMessage } from "../../adapters/notify/notifier";
import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { enqueueJob } from "../../jobs/runner";
import { spendsSmsCredit } from "@tianguis/domain/rules/sms";
import { type DownloadLink, downloadLinksOf } from "../downloads/service";
import { spendSmsCredit } from "../sms/service";
import { purchaseTicketsAttachment } from "../tickets/service";
import {
  type CustomerStep,
  type Draft,
  canceledByCustomerDraft,
  customerStepDraft,
  paymentPendingDraft,
  purchaseCreatedDraft,
  purchasePaidDraft,
  renderMessage,
  supplierPaidDraft,
} from "./emails";
import {
  type Contact,
  type NoticeOrder,
  type NoticePurchase,
  claimNotice,
  markNoticeSent,
  releaseNotice,
  selectNoticePurchase,
  selectOrderCheckoutId,
} from "./queries";

/**
 * The notifications module's door. Use cases say what happened to a purchase or an order inside their own transaction;
 * the e-mails and SMS go out later from a job (retried with back-off), so a failed send never blocks or rolls back the
 * order, and a notice exists only if the change committed.
 */
export type OrderNotice =
  /** A purchase was created: the customer gets its summary (no payment method is chosen yet). */
  | { kind: "purchase_created"; checkoutId: string }
  /** An offline payment (cash at a store, SPEI, crypto) was started: the customer gets how and until when to pay. */
  | { kind: "payment_pending"; checkoutId: string }
  /** A purchase was paid: the customer gets the confirmation, each supplier its new paid order. */
  | { kind: "purchase_paid"; checkoutId: string }
  /** An order changed state after payment: the customer or the supplier hears of the steps they care about. */
  | { kind: "order_state_changed"; orderId: string; state: SupplierOrderState };

export const ORDER_NOTICE_JOB = "order_notice";

export async function queueOrderNotice(db: DbOrTx, notice: OrderNotice, now: Date): Promise<void> {
  await enqueueJob(db, ORDER_NOTICE_JOB, notice, now);
}

/** A job's payload back as a notice (it comes out of a jsonb column). */
export const orderNotice = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("purchase_created"), checkoutId: z.string().uuid() }),
  z.object({ kind: z.literal("payment_pending"), checkoutId: z.string().uuid() }),
  z.object({ kind: z.literal("purchase_paid"), checkoutId: z.string().uuid() }),
  z.object({ kind: z.literal("order_state_changed"), orderId: z.string().uuid(), state: z.enum(supplierOrderStates) }),
]);

/**
 * One message to one recipient, named so that a job run twice recognises what it already sent. `shopId` is set on a
 * message to the customer of that shop: an SMS of it spends one of the shop's SMS credits (issue 30 §3).
 */
interface Letter {
  key: string;
  message: OutgoingMessage;
  shopId?: string;
}

/** Sends what a notice means to each of its recipients, each at most once. */
export async function sendOrderNotice(ctx: AppContext, notice: OrderNotice): Promise<void> {
  const checkoutId = notice.kind === "order_state_changed" ? await selectOrderCheckoutId(ctx.db, notice.orderId) : notice.checkoutId;
  const purchase = checkoutId ? await selectNoticePurchase(ctx.db, checkoutId) : null;
  if (!purchase) return;
  // Only the paid e-mail carries download links; they expire a set time after payment, not after sending.
  const downloads = notice.kind === "purchase_paid" ? await downloadLinksOf(ctx, [purchase.id]) : [];
  // The paid e-mail to the customer carries the purchase's tickets as one PDF, when it bought an experience.
  const tickets = notice.kind === "purchase_paid" ? await purchaseTicketsAttachment(ctx.db, purchase.id, purchase.customer.locale) : null;
  for (const letter of lettersFor(notice, purchase, siteOrigin(ctx.config), downloads)) {
    const toCustomer = letter.key.startsWith("purchase_paid:") && letter.message.channel === "email";
    await sendOnce(ctx, tickets && toCustomer ? withTickets(letter, tickets, purchase.customer.locale) : letter);
  }
}

function withTickets(letter: Letter, file: Attachment, locale: Locale): Letter {
  const note = translate(locale, "email_tickets_attached");
  const message = letter.message;
  return {
    key: letter.key,
    shopId: letter.shopId,
    message: {
      ...message,
      body: `${message.body}\n\n${note}`,
      html: message.html ? `${message.html}<p>${note}</p>` : undefined,
      attachments: [...(message.attachments ?? []), file],
    },
  };
}

/**
 * Who gets what (spec §4 'Checkout and orders'): the customer hears of the purchase, how to pay it offline, its
 * payment and the supplier's confirmation, dispatch, delivery or cancellation; each supplier owner hears of a new
 * paid order and of a customer's cancellation. Steps in between (in process, ready to deliver) send nothing.
 */
function lettersFor(notice: OrderNotice, purchase: NoticePurchase, origin: string, downloads: DownloadLink[]): Letter[] {
  const customer = purchase.customer;
  // A guest has no account: the purchase's access token in the link opens it.
  const guestToken = purchase.isGuest ? `?token=${purchase.accessToken}` : "";
  const purchaseUrl = `${origin}/tienda/${purchase.shop.slug}/mis-compras/${purchase.id}${guestToken}`;
  const orderUrl = (order: NoticeOrder) => `${origin}/tienda/${order.supplier.slug}/admin/ordenes/${order.id}`;
  const letter = (key: string, draft: Draft, to: Contact): Letter[] => {
    const message = renderMessage(draft, to, purchase.shop, purchase.currency, purchase.test);
    const shopId = to === customer ? purchase.shop.id : undefined;
    return message ? [{ key: `${key}:${message.channel}:${message.to}`, message, shopId }] : [];
  };

  if (notice.kind === "purchase_created") {
    return letter(`purchase_created:${purchase.id}`, purchaseCreatedDraft(customer.locale, purchase, purchaseUrl), customer);
  }
  if (notice.kind === "payment_pending") {
    // The latest payment's instructions, once per payment: a second offline payment gets its own.
    const payment = purchase.payment;
    const draft = payment && paymentPendingDraft(customer.locale, purchase, payment, purchaseUrl);
    return payment && draft ? letter(`payment_pending:${payment.id}`, draft, customer) : [];
  }
  if (notice.kind === "purchase_paid") {
    // The links go to the customer only; a supplier never gets a buyer's downloads.
    const links = downloads.map((link) => ({ ...link, url: `${origin}${link.url}` }));
    return [
      ...letter(`purchase_paid:${purchase.id}`, purchasePaidDraft(customer.locale, purchase, purchaseUrl, links), customer),
      ...purchase.orders.flatMap((order) =>
        letter(`order_paid:${order.id}`, supplierPaidDraft(order.owner.locale, purchase, order, orderUrl(order)), order.owner),
      ),
    ];
  }
  const order = purchase.orders.find((candidate) => candidate.id === notice.orderId);
  if (!order) return [];
  const key = `order_state:${order.id}:${notice.state}`;
  if (notice.state === "canceled_by_customer") {
    return letter(key, canceledByCustomerDraft(order.owner.locale, order, orderUrl(order)), order.owner);
  }
  if (!isCustomerStep(notice.state)) return [];
  return letter(key, customerStepDraft(customer.locale, purchase, order, notice.state, purchaseUrl), customer);
}

/** One message of another module's notice about an order (returns, refunds), for its customer or its supplier's owner. */
export interface OrderLetter {
  key: string;
  to: "customer" | "supplier";
  subject: (locale: Locale) => string;
  /** `origin` makes the letter's own links absolute. */
  paragraphs: (locale: Locale, origin: string) => string[];
  action: (locale: Locale) => string;
}

/**
 * Sends other modules' letters about one order, each at most once under its key, in the recipient's language and the
 * order e-mails' layout: the customer's link opens the purchase, the supplier's the order in the shop's admin.
 */
export async function sendOrderLetters(ctx: AppContext, orderId: string, letters: OrderLetter[]): Promise<void> {
  const checkoutId = await selectOrderCheckoutId(ctx.db, orderId);
  const purchase = checkoutId ? await selectNoticePurchase(ctx.db, checkoutId) : null;
  const order = purchase?.orders.find((candidate) => candidate.id === orderId);
  if (!purchase || !order) return;
  const origin = siteOrigin(ctx.config);
  const guestToken = purchase.isGuest ? `?token=${purchase.accessToken}` : "";
  for (const one of letters) {
    const to = one.to === "customer" ? purchase.customer : order.owner;
    const url =
      one.to === "customer"
        ? `${origin}/tienda/${purchase.shop.slug}/mis-compras/${purchase.id}${guestToken}`
        : `${origin}/tienda/${order.supplier.slug}/admin/ordenes/${order.id}`;
    const draft: Draft = {
      subject: one.subject(to.locale),
      paragraphs: one.paragraphs(to.locale, origin),
      orders: [order],
      action: { label: one.action(to.locale), url },
    };
    const message = renderMessage(draft, to, purchase.shop, purchase.currency, purchase.test);
    const shopId = one.to === "customer" ? purchase.shop.id : undefined;
    if (message) await sendOnce(ctx, { key: `${one.key}:${message.channel}:${message.to}`, message, shopId });
  }
}

const customerSteps: readonly SupplierOrderState[] = ["confirmed", "on_the_way", "delivered", "canceled_by_supplier"];

function isCustomerStep(state: SupplierOrderState): state is CustomerStep {
  return customerSteps.includes(state);
}

/** Longer than a send can take: a claim this old was left by a run that died, and is taken over. */
const SEND_LEASE_MS = 2 * 60 * 1000;

/**
 * Sends a letter unless it was sent already. A failed send gives its claim back and throws, so the job is retried
 * with back-off; letters of the same notice that went out before are then skipped. An SMS to a shop's customer first
 * spends one of the shop's credits; without one it is skipped for good (the sms module raises the run-out alert).
 */
async function sendOnce(ctx: AppContext, letter: Letter): Promise<void> {
  if (!(await claimNotice(ctx.db, letter.key, ctx.clock.now(), SEND_LEASE_MS))) return;
  try {
    const { channel, to } = letter.message;
    const spends = letter.shopId !== undefined && spendsSmsCredit(channel, "customer");
    if (spends && !(await spendSmsCredit(ctx, { shopId: letter.shopId as string, key: letter.key, to }))) {
      await markNoticeSent(ctx.db, letter.key, ctx.clock.now());
      return;
    }
    await ctx.notifier.send(letter.message);
  } catch (error) {
    await releaseNotice(ctx.db, letter.key);
    throw error;
  }
  await markNoticeSent(ctx.db, letter.key, ctx.clock.now());
}

/**
 * Where links in messages point. There is no public-URL setting yet: the platform's base domain, over HTTPS in
 * production and on the listening port elsewhere.
 */
function siteOrigin(config: Config): string {
  return config.isProduction ? `https://${config.BASE_DOMAIN}` : `http://${config.BASE_DOMAIN}:${config.PORT}`;
}
