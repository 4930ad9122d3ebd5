import type { Locale } from "@tianguis/domain/locale";
import { type MessageCode, translate } from "@tianguis/domain/messages/index";
import { type SensitiveField, sensitiveChanges } from "@tianguis/domain/rules/profile-security";
import { normalizeEmail, normalizeUsername } from "@tianguis/domain/rules/registration";
import type { ProfileUpdate, ProfileView, TourSetting } from "@tianguis/domain/schemas/accounts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/accounts";
import { AppError } from "../../http/errors";
import { hashPassword, verifyPassword } from "./passwords";
import { endSessionsOf } from "./sessions";
import { type UserRow, findUserById, findUserByUsername, profileOf } from "./users";

// Compared against when the username is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;

/** Phone or e-mail plus password; only activated accounts sign in. */
export async function login(ctx: AppContext, input: { username: string; password: string }): Promise<UserRow> {
  const user = await findUserByUsername(ctx.db, normalizeUsername(input.username));
  if (!user?.passwordHash || !user.isActive) {
    decoyHash ??= hashPassword("decoy-password-for-timing");
    await verifyPassword(await decoyHash, input.password);
    throw new AppError("invalid_credentials", { status: 401 });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError("invalid_credentials", { status: 401 });
  return user;
}

export async function getProfile(ctx: AppContext, userId: string): Promise<ProfileView> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("unauthorized");
  return profileOf(ctx.db, user);
}

/**
 * PUT /profile: only the fields sent change (the client drops empty ones). The login name stays as
 * it was activated; a new e-mail or phone is kept as contact data. The language the page was read in is
 * kept too, for the order e-mails. A new password, e-mail or phone needs the current password
 * ('incorrect_current_password' otherwise, counted by the caller against the account's login budget), ends the
 * user's other sessions (`token` is this browser's) and is told to the account holder at the old address.
 */
export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: ProfileUpdate,
  caller: { locale: Locale; token: string | undefined },
): Promise<ProfileView> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("unauthorized");
  const sensitive = sensitiveChanges({ email: user.email, phone: user.phone, country_code: user.countryCode }, input);
  if (sensitive.length > 0) {
    const current = input.current_password ?? "";
    if (!user.passwordHash || !current || !(await verifyPassword(user.passwordHash, current)))
      throw new AppError("incorrect_current_password", { status: 403, fields: { current_password: "incorrect_current_password" } });
  }
  const changes: Partial<typeof users.$inferInsert> = { locale: caller.locale };
  if (input.full_name !== undefined) changes.fullName = input.full_name;
  if (input.image !== undefined) changes.image = input.image;
  if (input.email !== undefined) changes.email = normalizeEmail(input.email);
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.country_code !== undefined) changes.countryCode = input.country_code;
  if (input.country !== undefined) changes.country = input.country;
  if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
  if (changes.email) {
    const other = await findUserByUsername(ctx.db, changes.email);
    if (other && other.id !== userId) throw new AppError("existing_user", { status: 409, fields: { email: "existing_user" } });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set(changes).where(eq(users.id, userId));
    if (sensitive.length > 0) await endSessionsOf(tx, userId, caller.token ? { token: caller.token } : undefined);
  });
  if (sensitive.length > 0) await tellAccountHolder(ctx, user, sensitive, caller.locale);
  return getProfile(ctx, userId);
}

const changeNames = {
  password: "account_changed_password",
  email: "account_changed_email",
  phone: "account_changed_phone",
} as const satisfies Record<SensitiveField, MessageCode>;

/**
 * The account holder hears of a changed password, e-mail or phone at the address it had before the change: the old
 * e-mail, else the login name (an e-mail, or a phone by SMS). A failed delivery does not undo the change.
 */
async function tellAccountHolder(ctx: AppContext, user: UserRow, changed: SensitiveField[], locale: Locale): Promise<void> {
  const byPhone = user.username.startsWith("+");
  const to = user.email ?? user.username;
  const changes = changed.map((field) => translate(locale, changeNames[field])).join(translate(locale, "account_changed_and"));
  try {
    await ctx.notifier.send({
      channel: user.email || !byPhone ? "email" : "sms",
      to,
      subject: translate(locale, "account_changed_subject"),
      body: translate(locale, "account_changed_body", {
        name: user.fullName,
        changes,
        url: `${ctx.config.publicUrl}/password/forgot`,
      }),
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, "account change notice not delivered");
  }
}

/** GET /profile/setup-apps: whether the admin bar's guided tour shows (commerce-and-accounts §2 tour toggle). */
export async function getTourSetting(ctx: AppContext, userId: string): Promise<TourSetting> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("unauthorized");
  return { show_tour: user.showTour };
}

/** PATCH /profile/setup-apps: the tour toggle's new state. */
export async function setTourSetting(ctx: AppContext, userId: string, setting: TourSetting): Promise<TourSetting> {
  const [row] = await ctx.db
    .update(users)
    .set({ showTour: setting.show_tour })
    .where(eq(users.id, userId))
    .returning({ showTour: users.showTour });
  if (!row) throw new AppError("unauthorized");
  return { show_tour: row.showTour };
}
