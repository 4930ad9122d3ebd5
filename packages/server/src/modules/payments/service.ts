import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { payments } from "../../db/schema/payments";
import { eq } from "drizzle-orm";
import { registerJob } from "../../jobs/runner";
import { isShopLive } from "../payment-accounts/service";
import { findShopByHost } from "../shops/service";
import { findPayable } from "./payables";
import { registerRefundJobs } from "./refund-answers";
import { GIVE_BACK_JOB, SWEEP_JOB, expireStaleAttempts, sendGiveBack } from "./settle";

/**
 * The payments module's door. It owns payment attempts, refunds and the gateways' webhooks; what a payment or a refund
 * means to the rest of the purchase is said by events (purchase.paid through the checkout module, refund.settled,
 * refund.failed), never by calling the modules that react.
 *   pay.ts            a purchase's payment attempts, by card, redirect or offline method
 *   settle.ts         an attempt settled or given up, and the money that must go back
 *   webhooks.ts       the gateways' signed word on payments
 *   refunds.ts        refunds reserved, sent and settled (returns and suppliers), cancel-refunds.ts (cancellations),
 *                     refund-answers.ts (the gateways' later word on them: webhooks and polls)
 */
export { payCheckout, returnFromRedirect } from "./pay";
export { markPaid, expireStaleAttempts, sendGiveBack } from "./settle";
export { receiveWebhook, receiveProviderWebhook } from "./webhooks";
export { type RefundRequest, reserveLockedRefund, sendRefund, scheduleRefundPoll } from "./refunds";
export { type OrderRefund, reserveOrderRefund, sendOrderRefund } from "./cancel-refunds";
export { applyRefundEvent, pollRefund, receiveRefundWebhook } from "./refund-answers";
export { type RefundRow, selectRefunds as refundsOfOrder } from "./queries";
/** For the back office's financial report: what was refunded of each order. */
export { refundedByOrder } from "./back-office";

/** The jobs this module runs; registered where the app is composed. */
export function registerPaymentJobs() {
  registerJob(SWEEP_JOB, async (jobCtx) => {
    await expireStaleAttempts(jobCtx);
  });
  registerJob(GIVE_BACK_JOB, async (jobCtx, payload) => {
    await sendGiveBack(jobCtx, payload.payment_id);
  });
  registerRefundJobs();
}

/**
 * Whether the sandbox's pages answer on this host (issue 32): only where shops may be in test mode (not in production,
 * unless it is the demo), and not on the host of a shop that charges live.
 */
export async function sandboxAnswersOnHost(ctx: AppContext, host: string | undefined): Promise<boolean> {
  if (!ctx.config.sandboxAllowed) return false;
  const shop = await findShopByHost(ctx.db, host, ctx.config.BASE_DOMAIN);
  return !shop || !(await isShopLive(ctx.db, shop.id));
}

/** A purchase's payment, or another module's (payables.ts): what the sandbox's challenge page shows and its webhook names. */
export async function gatewayPaymentOf(db: DbOrTx, id: string): Promise<{ amount: number; currency: string; ref: string | null } | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, id));
  if (payment) return { amount: payment.amount, currency: payment.currency, ref: payment.providerRef };
  const other = await findPayable(db, id);
  return other ? { amount: other.amount, currency: other.currency, ref: other.ref } : null;
}
