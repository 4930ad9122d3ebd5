import type { Locale } from "@tianguis/domain/locale";
import { type MessageCode, translate } from "@tianguis/domain/messages/index";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { enqueueJob } from "../../jobs/runner";
import { type AlertVar, notifyAlert, renderAlertMessage } from "../alerts/service";

/** The subscription page, where every subscription alert leads (origin app 'memberships', type 'subscription'). */
export const SUBSCRIPTION_PAGE = "/apps/me/suscripcion";

/** The job that e-mails a subscription notice once the change that caused it has committed. */
export const NOTICE_EMAIL_JOB = "subscription_notice_email";

/**
 * Tells the subscriber of a state change in the caller's transaction: an alert (the badge hears of it once it commits)
 * and, with `email`, an e-mail queued as a job in the same transaction, so it goes only if the change commits.
 */
export async function alertSubscriber(
  tx: DbOrTx,
  userId: string,
  code: MessageCode,
  vars: Record<string, AlertVar>,
  now: Date,
  options: { email?: boolean } = {},
): Promise<void> {
  await notifyAlert(tx, { recipientId: userId, originApp: "memberships", params: { type: "subscription" }, message: { code, vars } }, now);
  if (options.email)
    await enqueueJob(tx, NOTICE_EMAIL_JOB, { user_id: userId, body: JSON.stringify(renderAlertMessage({ code, vars })) }, now);
}

/** The date as the subscriber reads it in an alert (UTC day, Spanish-style d/m/yyyy). */
export function dayText(date: Date): string {
  return `${date.getUTCDate()}/${date.getUTCMonth() + 1}/${date.getUTCFullYear()}`;
}

/** Sends a queued notice in the subscriber's language, with a link to the subscription page. */
export async function sendNoticeEmail(ctx: AppContext, payload: Record<string, string>): Promise<void> {
  const [user] = await ctx.db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, payload.user_id!));
  if (!user?.email) return;
  const locale: Locale = user.locale ?? "es";
  const body = JSON.parse(payload.body ?? "{}") as Record<string, string>;
  await ctx.notifier.send({
    channel: "email",
    to: user.email,
    subject: translate(locale, "subscription_email_subject"),
    body: `${body[locale] ?? body.es ?? ""}\n\n${siteUrl(ctx, SUBSCRIPTION_PAGE)}`,
  });
}

/** An absolute address of a page of the site (the bank's 3-D Secure page in a notice). */
export function siteUrl(ctx: AppContext, path: string): string {
  const site = ctx.config.isProduction ? `https://${ctx.config.BASE_DOMAIN}` : `http://${ctx.config.BASE_DOMAIN}:${ctx.config.PORT}`;
  return new URL(path, site).toString();
}
