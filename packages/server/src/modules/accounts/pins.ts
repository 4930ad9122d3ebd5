import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Locale } from "@tianguis/domain/locale";
import { type MessageCode, translate } from "@tianguis/domain/messages/index";
import { PIN_MAX_ATTEMPTS, PIN_TTL_MS } from "@tianguis/domain/rules/registration";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { DeliveryError } from "../../adapters/notify/notifier";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { accountPins } from "../../db/schema/accounts";
import { AppError } from "../../http/errors";

export type PinRow = typeof accountPins.$inferSelect;
export type PinPurpose = PinRow["purpose"];

/** The message that carries the PIN, per purpose (its text and subject come from the catalogue). */
const pinMessages = {
  activation: { subject: "pin_message_subject", body: "pin_message_body" },
  password_reset: { subject: "password_pin_message_subject", body: "password_pin_message_body" },
} as const satisfies Record<PinPurpose, { subject: MessageCode; body: MessageCode }>;

/** The PIN's HMAC under the app secret, bound to its code: a leaked table does not give PINs away cheaply. */
function hashPin(ctx: AppContext, code: string, pin: string): string {
  return createHmac("sha256", ctx.config.APP_SECRET).update(`${code}:${pin}`).digest("hex");
}

function samePinHash(left: string, right: string): boolean {
  const a = Buffer.from(left, "hex");
  const b = Buffer.from(right, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Creates a fresh 6-digit PIN for `userId` (older unused codes stop working), sends it by SMS or e-mail
 * and returns the new code. A delivery failure removes the code and becomes its registration error.
 * The message marks the PIN as secret, so the production outbox never keeps it readable.
 */
export async function issuePin(
  ctx: AppContext,
  input: {
    userId: string;
    channel: "sms" | "email";
    target: string;
    locale: Locale;
    purpose?: PinPurpose;
    pendingShop?: { slug: string; name: string } | null;
  },
): Promise<string> {
  const purpose = input.purpose ?? "activation";
  const now = ctx.clock.now();
  const code = randomBytes(18).toString("base64url");
  const pin = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.db
    .update(accountPins)
    .set({ consumedAt: now })
    .where(and(eq(accountPins.userId, input.userId), isNull(accountPins.consumedAt)));
  await ctx.db.insert(accountPins).values({
    id: code,
    userId: input.userId,
    channel: input.channel,
    target: input.target,
    purpose,
    pinHash: hashPin(ctx, code, pin),
    expiresAt: new Date(now.getTime() + PIN_TTL_MS),
    sentAt: now,
    pendingStore: input.pendingShop ?? null,
  });
  try {
    await ctx.notifier.send({
      channel: input.channel,
      to: input.target,
      subject: translate(input.locale, pinMessages[purpose].subject),
      body: translate(input.locale, pinMessages[purpose].body, { pin }),
      secrets: [pin],
    });
  } catch (error) {
    await ctx.db.delete(accountPins).where(eq(accountPins.id, code));
    if (error instanceof DeliveryError) throw new AppError(error.code, { status: error.code === "email_server_failure" ? 503 : 422 });
    throw error;
  }
  return code;
}

export async function findPin(db: DbOrTx, code: string): Promise<PinRow | null> {
  const [row] = await db.select().from(accountPins).where(eq(accountPins.id, code)).limit(1);
  return row ?? null;
}

/** The newest unused code of `userId` for `purpose` (issuing a PIN retires the older ones), or null. */
export async function findOpenPin(db: DbOrTx, userId: string, purpose: PinPurpose): Promise<PinRow | null> {
  const [row] = await db
    .select()
    .from(accountPins)
    .where(and(eq(accountPins.userId, userId), eq(accountPins.purpose, purpose), isNull(accountPins.consumedAt)))
    .orderBy(desc(accountPins.sentAt))
    .limit(1);
  return row ?? null;
}

/**
 * Checks `pin` against an unused code issued for `purpose`. Each try counts before the comparison, so after
 * 5 wrong tries the code is refused even with the right PIN; an expired code is refused too ('invalid_pin').
 */
export async function checkPin(
  ctx: AppContext,
  code: string,
  pin: string | undefined,
  options: { canSkip: boolean; purpose: PinPurpose },
): Promise<PinRow> {
  const { canSkip, purpose } = options;
  const [row] = await ctx.db
    .update(accountPins)
    .set({ attempts: sql`${accountPins.attempts} + 1` })
    .where(
      and(
        eq(accountPins.id, code),
        eq(accountPins.purpose, purpose),
        isNull(accountPins.consumedAt),
        lt(accountPins.attempts, PIN_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!row) throw new AppError("invalid_pin");
  if (canSkip && !pin) return row;
  if (!pin || row.expiresAt.getTime() <= ctx.clock.now().getTime()) throw new AppError("invalid_pin");
  if (!samePinHash(row.pinHash, hashPin(ctx, code, pin))) throw new AppError("invalid_pin");
  return row;
}

/** Marks the code used; false when another request used it first. */
export async function consumePin(db: DbOrTx, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountPins)
    .set({ consumedAt: now })
    .where(and(eq(accountPins.id, code), isNull(accountPins.consumedAt)))
    .returning({ id: accountPins.id });
  return rows.length === 1;
}
