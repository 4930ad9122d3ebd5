import type { Locale } from "@tianguis/domain/locale";
import {
  PIN_RESEND_INTERVAL_MS,
  isSmsEligible,
  normalizeEmail,
  normalizeUsername,
  phoneUsername,
} from "@tianguis/domain/rules/registration";
import type { PinResponse, RegistrationInput, SignupType, pinResendInput } from "@tianguis/domain/schemas/accounts";
import type { z } from "zod";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/accounts";
import { AppError } from "../../http/errors";
import { firstFreeSlug, isSlugFree } from "../shops/service";
import { rememberSignupIntent, takeSignup } from "../packages/service";
import { hashPassword } from "./passwords";
import { createShopFor } from "./own-shop";
import { checkPin, consumePin, findPin, issuePin } from "./pins";
import { type UserRow, findUserById, findUserByUsername } from "./users";

/** POST /users/exist: only activated accounts count; an unfinished sign-up may be started again. */
export async function usernameExists(ctx: AppContext, username: string): Promise<boolean> {
  const user = await findUserByUsername(ctx.db, normalizeUsername(username));
  return Boolean(user?.isActive);
}

function destination(type: SignupType, values: { email?: string; phone?: string; country_code?: string }) {
  if (type === "email") {
    const email = normalizeEmail(values.email ?? "");
    return { username: email, channel: "email" as const, target: email };
  }
  const username = phoneUsername(values.country_code ?? "", values.phone ?? "");
  return { username, channel: "sms" as const, target: username };
}

/** 'user already exists' goes on the phone field when registering by phone, else on the username field (§5). */
function existingUserError(type: SignupType): AppError {
  return new AppError("existing_user", { status: 409, fields: { [type === "phone" ? "phone" : "username"]: "existing_user" } });
}

/**
 * Sign-up: an inactive account (or the unfinished one with the same username, refreshed) and a PIN
 * sent by SMS or e-mail. Returns the PIN response {code, can_skip_pin}.
 */
export async function register(ctx: AppContext, input: RegistrationInput, locale: Locale): Promise<PinResponse> {
  const target = destination(input.type, input);
  if (input.type === "phone" && !isSmsEligible(input.country ?? ""))
    throw new AppError("not_eligible", { fields: { phone: "not_eligible" } });
  if (input.store && !(await isSlugFree(ctx.db, input.store.slug)))
    throw new AppError("slug_taken", { status: 409, fields: { "store.slug": "slug_taken" } });
  const existing = await findUserByUsername(ctx.db, target.username);
  if (existing?.isActive) throw existingUserError(input.type);
  const values = {
    username: target.username,
    email: input.email ? normalizeEmail(input.email) : null,
    phone: input.phone ?? null,
    countryCode: input.country_code ?? null,
    country: input.country ?? null,
    fullName: input.full_name,
    passwordHash: await hashPassword(input.password),
    isActive: false,
  };
  let userId: string;
  if (existing) {
    await ctx.db.update(users).set(values).where(eq(users.id, existing.id));
    userId = existing.id;
  } else {
    const [created] = await ctx.db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
    if (!created) throw existingUserError(input.type);
    userId = created.id;
  }
  await rememberSignupIntent(ctx.db, userId, input, ctx.clock.now());
  const code = await issuePin(ctx, { userId, channel: target.channel, target: target.target, locale, pendingShop: input.store ?? null });
  return { code, can_skip_pin: ctx.config.PIN_SKIPPABLE, type: input.type, target: target.target };
}

/**
 * POST /activate/pin/: the right PIN (or none when skipping is allowed) activates the account, creates
 * the shop chosen at sign-up and returns the user to sign in.
 */
export async function activate(ctx: AppContext, input: { code: string; pin?: string }): Promise<UserRow> {
  const existing = await findPin(ctx.db, input.code);
  if (existing?.consumedAt) {
    const owner = await findUserById(ctx.db, existing.userId);
    if (owner?.isActive) throw new AppError("user_already_exists", { status: 409 });
  }
  const pin = await checkPin(ctx, input.code, input.pin, { canSkip: ctx.config.PIN_SKIPPABLE, purpose: "activation" });
  return ctx.db.transaction(async (tx) => {
    if (!(await consumePin(tx, pin.id, ctx.clock.now()))) throw new AppError("invalid_pin");
    const [user] = await tx.update(users).set({ isActive: true }).where(eq(users.id, pin.userId)).returning();
    // What the landing carried (plan, supplier or affiliate): the shop first, then the membership, so the level counts both.
    const signup = await takeSignup(tx, user.id, ctx.clock.now());
    const slug = pin.pendingStore ? await firstFreeSlug(tx, pin.pendingStore) : null;
    let userLevel = user.userLevel;
    if (pin.pendingStore && slug) userLevel = (await createShopFor(tx, user, { ...pin.pendingStore, slug }, signup.shopKind)).user_level;
    userLevel = (await signup.installMembership())?.userLevel ?? userLevel;
    return { ...user, userLevel };
  });
}

/**
 * POST /auth/pin/resend: a new PIN (and code) once a minute; with a new e-mail or phone it also moves
 * the unfinished account to that destination.
 */
export async function resendPin(ctx: AppContext, input: z.infer<typeof pinResendInput>, locale: Locale): Promise<PinResponse> {
  const pin = await findPin(ctx.db, input.code);
  if (!pin) throw new AppError("invalid_pin");
  const user = await findUserById(ctx.db, pin.userId);
  if (!user) throw new AppError("invalid_pin");
  if (user.isActive) throw new AppError("user_already_exists", { status: 409 });
  const waitMs = pin.sentAt.getTime() + PIN_RESEND_INTERVAL_MS - ctx.clock.now().getTime();
  if (waitMs > 0) throw new AppError("pin_resend_throttled", { status: 429, details: { seconds: Math.ceil(waitMs / 1000) } });
  const type: SignupType = pin.channel === "email" ? "email" : "phone";
  const changes = {
    email: input.email ?? user.email ?? undefined,
    phone: input.phone ?? user.phone ?? undefined,
    country_code: input.country_code ?? user.countryCode ?? undefined,
    country: input.country ?? user.country ?? undefined,
  };
  const target = destination(type, changes);
  if (target.username !== user.username) {
    if (type === "phone" && !isSmsEligible(changes.country ?? ""))
      throw new AppError("not_eligible", { fields: { phone: "not_eligible" } });
    if (await findUserByUsername(ctx.db, target.username)) throw existingUserError(type);
    await ctx.db
      .update(users)
      .set({
        username: target.username,
        email: changes.email ? normalizeEmail(changes.email) : null,
        phone: changes.phone ?? null,
        countryCode: changes.country_code ?? null,
        country: changes.country ?? null,
      })
      .where(eq(users.id, user.id));
  }
  const code = await issuePin(ctx, {
    userId: user.id,
    channel: target.channel,
    target: target.target,
    locale,
    pendingShop: pin.pendingStore,
  });
  return { code, can_skip_pin: ctx.config.PIN_SKIPPABLE, type, target: target.target };
}
