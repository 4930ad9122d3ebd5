import type { Locale } from "@tianguis/domain/locale";
import { type MessageCode, translate } from "@tianguis/domain/messages/index";
import { formatMoney } from "@tianguis/domain/money";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { type AlertVar, notifyAlert } from "../alerts/service";

/** The subscription page, where every subscription alert leads (origin app 'memberships', type 'subscription'). */
export const SUBSCRIPTION_PAGE = "/apps/me/suscripcion";

/** Tells the subscriber of a state change in the caller's transaction (the alerts badge hears of it once it commits). */
export async function alertSubscriber(
  tx: DbOrTx,
  userId: string,
  code: MessageCode,
  vars: Record<string, AlertVar>,
  now: Date,
): Promise<void> {
  await notifyAlert(tx, { recipientId: userId, originApp: "memberships", params: { type: "subscription" }, message: { code, vars } }, now);
}

/** The date as the subscriber reads it in an alert (UTC day, Spanish-style d/m/yyyy). */
export function dayText(date: Date): string {
  return `${date.getUTCDate()}/${date.getUTCMonth() + 1}/${date.getUTCFullYear()}`;
}

/**
 * The bank asks the subscriber to confirm a recurring charge: an e-mail with the 3-D Secure link, sent after the change
 * committed. A failed delivery is logged; the alert and the subscription page carry the same link.
 */
export async function emailConfirmationLink(
  ctx: AppContext,
  userId: string,
  charge: { amount: number; currency: string; planName: string; url: string },
): Promise<void> {
  const [user] = await ctx.db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
  if (!user?.email) return;
  const locale: Locale = user.locale ?? "es";
  const site = ctx.config.isProduction ? `https://${ctx.config.BASE_DOMAIN}` : `http://${ctx.config.BASE_DOMAIN}:${ctx.config.PORT}`;
  const url = new URL(charge.url, site).toString();
  const vars = { amount: formatMoney({ amount: charge.amount, currency: charge.currency }, locale), plan: charge.planName, url };
  try {
    await ctx.notifier.send({
      channel: "email",
      to: user.email,
      subject: translate(locale, "subscription_3ds_subject"),
      body: translate(locale, "subscription_charge_needs_3ds", vars),
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId }, "3-D Secure e-mail not sent");
  }
}
