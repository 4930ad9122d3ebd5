import type { Locale } from "@tianguis/domain/locale";
import type { ProfileView } from "@tianguis/domain/schemas/accounts";
import type { MeView } from "@tianguis/domain/schemas/user";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { ownShopSlug } from "../shops/service";
import { staffRolesOf } from "../support/service";

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The language the user reads the site in, kept at sign-in and on profile saves: order e-mails are written in it. */
export async function rememberLocale(db: DbOrTx, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

/** The signed-in user as /auth/me shows it: never a password or PIN hash. */
export async function meOf(db: DbOrTx, user: Pick<UserRow, "id" | "username" | "fullName" | "image" | "userLevel">): Promise<MeView> {
  const staff = await staffRolesOf(db, user.id);
  return {
    id: user.id,
    username: user.username,
    full_name: user.fullName,
    image: user.image,
    user_level: user.userLevel,
    shop_slug: await ownShopSlug(db, user.id),
    platform_admin: staff.platformAdmin,
    advisor: staff.advisor,
  };
}

export async function profileOf(db: DbOrTx, user: UserRow): Promise<ProfileView> {
  return {
    id: user.id,
    username: user.username,
    full_name: user.fullName,
    email: user.email,
    phone: user.phone,
    country_code: user.countryCode,
    country: user.country,
    image: user.image,
    user_level: user.userLevel,
    shop_slug: await ownShopSlug(db, user.id),
  };
}
