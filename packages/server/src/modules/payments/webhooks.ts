import type { PaymentProviderName } from "@tianguis/domain/rules/payment-providers";
import { movableBy } from "@tianguis/domain/rules/payment-events";
import { and, eq, inArray } from "drizzle-orm";
import type { ProviderEvent, WebhookDelivery, WebhookEvent } from "../../adapters/payments/provider";
import type { AppContext } from "../../context";
import { payments, webhookEvents } from "../../db/schema/payments";
import { AppError } from "../../http/errors";
import { accountAdapter } from "../payment-accounts/service";
import { findPayable } from "./payables";
import { applyRefundEvent } from "./refund-answers";
import { failPayment, markPaid } from "./settle";

/** A signed gateway event: verified against its signature, then applied once; webhook_invalid otherwise. */
export async function receiveWebhook(ctx: AppContext, rawBody: string, signature: string | undefined): Promise<"applied" | "duplicate"> {
  const event = ctx.payments.verifyWebhook(rawBody, signature, ctx.clock.now());
  if (!event) throw new AppError("webhook_invalid", { status: 400 });
  return applyWebhook(ctx, event, event.id);
}

/**
 * A provider's webhook for one shop's account (issue #18): verified with that account's webhook secret, applied once by
 * event id, and only to that account's own payments (one shop's secret never settles another shop's payment).
 */
export async function receiveProviderWebhook(
  ctx: AppContext,
  provider: PaymentProviderName,
  accountId: string,
  delivery: Omit<WebhookDelivery, "now">,
): Promise<"applied" | "duplicate" | "ignored"> {
  const found = await accountAdapter(ctx, accountId);
  if (!found || found.row.provider !== provider) throw new AppError("payment_account_not_found", { status: 404 });
  const event = await found.provider.parseWebhook({ ...delivery, now: ctx.clock.now() }).catch(() => null);
  if (!event) throw new AppError("webhook_invalid", { status: 400 });
  const key = `${provider}:${accountId}:${event.id}`;
  if ("refund_id" in event) return (await applyRefundEvent(ctx, event, key, accountId)) ? "applied" : "duplicate";
  if (!("payment_id" in event)) {
    // Openpay's webhook registration sends a code its dashboard asks for: the operator reads it here (docs/PAYMENTS.md).
    if (event.id.startsWith("openpay-verification:")) ctx.log.info({ accountId, provider }, event.id);
    return "ignored";
  }
  const [owned] = await ctx.db.select({ accountId: payments.accountId }).from(payments).where(eq(payments.id, event.payment_id));
  if (owned?.accountId !== accountId) return "ignored";
  return applyWebhook(ctx, event, key);
}

/** Applies a verified provider event once (idempotent by event id); a settled attempt never moves again (rules/payment-events). */
async function applyWebhook(ctx: AppContext, event: WebhookEvent | Extract<ProviderEvent, { type: "payment.expired" }>, key: string) {
  const [fresh] = await ctx.db
    .insert(webhookEvents)
    .values({ eventId: key })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.eventId });
  if (!fresh) return "duplicate";
  if (event.type === "payment.expired") {
    await ctx.db
      .update(payments)
      .set({ status: "expired", failureCode: "expired" })
      .where(and(eq(payments.id, event.payment_id), inArray(payments.status, [...movableBy["payment.expired"]])));
    return "applied";
  }
  const other = await findPayable(ctx.db, event.payment_id);
  if (other) {
    if (event.type === "payment.succeeded") await other.payable.settle(ctx, event.payment_id, event.ref);
    else await other.payable.fail(ctx, event.payment_id, "card_declined");
    return "applied";
  }
  if (event.type === "payment.succeeded") await markPaid(ctx, event.payment_id, event.ref);
  else await failPayment(ctx, event.payment_id, "card_declined");
  return "applied";
}
