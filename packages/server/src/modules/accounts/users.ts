import type { Locale } from "@tianguis/domain/locale";
import type { ProfileView } from "@tianguis/domain/schemas/accounts";
import type { MeView } from "@tianguis/domain/schemas/user";
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { shops } from "../../db/schema/shops";
import { advisors, platformAdmins } from "../../db/schema/support";
import { ownShopSlug } from "../shops/service";

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

/**
 * The signed-in user as /auth/me shows it: never a password or PIN hash. Every signed-in page asks for it, so the own
 * shop (the oldest, as shops/service.ts `ownShopSlug` picks it) and the platform staff roles come in one round trip:
 * a read model joining the shops and support tables, which those modules still alone write.
 */
export async function meOf(db: DbOrTx, user: Pick<UserRow, "id" | "username" | "fullName" | "image" | "userLevel">): Promise<MeView> {
  return meView(user, await selectOwnShopAndStaff(db, user.id));
}

export interface OwnShopAndStaff {
  shopSlug: string | null;
  platformAdmin: boolean;
  advisor: boolean;
}

/** The user's own shop and platform staff roles: what /auth/me adds to the session's user. */
export async function selectOwnShopAndStaff(db: DbOrTx, userId: string): Promise<OwnShopAndStaff> {
  const [row] = await db
    .select({
      shopSlug: shops.slug,
      platformAdmin: sql<boolean>`exists (select 1 from ${platformAdmins} where ${platformAdmins.userId} = ${users.id})`,
      advisor: sql<boolean>`exists (select 1 from ${advisors} where ${advisors.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(shops, eq(shops.ownerId, users.id))
    .where(eq(users.id, userId))
    .orderBy(asc(shops.createdAt))
    .limit(1);
  return { shopSlug: row?.shopSlug ?? null, platformAdmin: row?.platformAdmin === true, advisor: row?.advisor === true };
}

export function meView(user: Pick<UserRow, "id" | "username" | "fullName" | "image" | "userLevel">, found: OwnShopAndStaff): MeView {
  return {
    id: user.id,
    username: user.username,
    full_name: user.fullName,
    image: user.image,
    user_level: user.userLevel,
    shop_slug: found.shopSlug,
    platform_admin: found.platformAdmin,
    advisor: found.advisor,
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
    coordinator: user.coordinator,
    coordinator_request: user.coordinatorRequestedAt !== null,
    coordinator_refusal: user.coordinatorRefusalReason,
  };
}
