import { translate } from "@tianguis/domain/messages/index";
import { normalizeUsername } from "@tianguis/domain/rules/registration";
import type { AppContext } from "../../context";
import { findUserByUsername } from "./users";

/**
 * Tells an account's holder that password sign-in is paused after many wrong passwords (http/login-throttle.ts), and
 * how to get in at once (a reset PIN), on the channel the account receives messages on, in their language.
 * Nothing for a username with no account: the answer to the guesser is the same either way.
 */
export async function alertLockedAccount(ctx: AppContext, username: string, details: { failures: number; minutes: number }) {
  const user = await findUserByUsername(ctx.db, normalizeUsername(username));
  if (!user?.isActive) return;
  const locale = user.locale ?? "es";
  try {
    await ctx.notifier.send({
      channel: user.username.startsWith("+") ? "sms" : "email",
      to: user.username,
      subject: translate(locale, "login_locked_notice_subject"),
      body: translate(locale, "login_locked_notice_body", details),
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, "lock-out alert not delivered");
  }
}
