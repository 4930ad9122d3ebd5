import { userLevelFor } from "@tianguis/domain/rules/registration";
import type { ShopCreated } from "@tianguis/domain/schemas/accounts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { createAffiliateShop } from "../shops/service";

/**
 * Creates a shop owned by the user — an affiliate's, or a supplier's for a sign-up from /proveedores — and raises the
 * user to level ul2 (storefront-and-admin §6).
 */
export async function createShopFor(
  db: DbOrTx,
  user: { id: string; userLevel: number },
  input: { slug: string; name: string },
  kind: "affiliate" | "supplier" = "affiliate",
): Promise<ShopCreated> {
  const shop = await createAffiliateShop(db, user.id, input, kind);
  const userLevel = userLevelFor({ hasStore: true, hasEntrepreneurPlan: false, currentLevel: user.userLevel });
  await db.update(users).set({ userLevel }).where(eq(users.id, user.id));
  return { ...shop, user_level: userLevel };
}

export async function createShop(ctx: AppContext, user: { id: string; userLevel: number }, input: { slug: string; name: string }) {
  return ctx.db.transaction((tx) => createShopFor(tx, user, input));
}
