import type { Locale } from "@tianguis/domain/locale";
import { PIN_RESEND_INTERVAL_MS, normalizeUsername } from "@tianguis/domain/rules/registration";
import type { PasswordResetInput } from "@tianguis/domain/schemas/accounts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/accounts";
import { AppError } from "../../http/errors";
import { hashPassword } from "./passwords";
import { checkPin, consumePin, findOpenPin, issuePin } from "./pins";
import { endSessionsOf } from "./sessions";
import { type UserRow, findUserByUsername } from "./users";

/**
 * Password recovery for e-mail and phone accounts: a 6-digit PIN with the sign-up PIN's limits (5 minutes,
 * 5 tries, only its hash stored), then a new password that ends every session of the user.
 */

/**
 * POST /auth/password/forgot. Whatever happens (no such account, an unfinished sign-up, a PIN sent less than
 * a minute ago, a failed delivery) the caller gets the same answer, so accounts cannot be found this way.
 */
export async function requestPasswordReset(ctx: AppContext, username: string, locale: Locale): Promise<void> {
  const user = await findUserByUsername(ctx.db, normalizeUsername(username));
  if (!user?.isActive || !user.passwordHash) return;
  const last = await findOpenPin(ctx.db, user.id, "password_reset");
  if (last && last.sentAt.getTime() + PIN_RESEND_INTERVAL_MS > ctx.clock.now().getTime()) return;
  // The username is where the account receives messages: '+' and digits for a phone, else an e-mail.
  const channel = user.username.startsWith("+") ? "sms" : "email";
  try {
    await issuePin(ctx, { userId: user.id, channel, target: user.username, locale, purpose: "password_reset" });
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, "password reset PIN not delivered");
  }
}

/** POST /auth/password/reset: the right PIN sets the new password and ends every session; the caller signs in. */
export async function resetPassword(ctx: AppContext, input: PasswordResetInput): Promise<UserRow> {
  const user = await findUserByUsername(ctx.db, normalizeUsername(input.username));
  const open = user?.isActive ? await findOpenPin(ctx.db, user.id, "password_reset") : null;
  if (!user || !open) throw new AppError("invalid_pin");
  await checkPin(ctx, open.id, input.pin, { canSkip: false, purpose: "password_reset" });
  const passwordHash = await hashPassword(input.password);
  // One transaction: the PIN is used, the password changes and the old sessions end together, or none of it.
  await ctx.db.transaction(async (tx) => {
    if (!(await consumePin(tx, open.id, ctx.clock.now()))) throw new AppError("invalid_pin");
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endSessionsOf(tx, user.id);
  });
  return user;
}
