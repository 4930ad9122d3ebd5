import { userLevelFor } from "@tianguis/domain/rules/registration";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { insertStore } from "../shops/stores";

/** Creates an affiliate store owned by the user and raises the user to level ul2 (storefront-and-admin §6). */
export async function createStoreFor(db: DbOrTx, user: { id: string; userLevel: number }, store: { slug: string; name: string }) {
  const shop = await insertStore(db, user.id, store);
  const userLevel = userLevelFor({ hasStore: true, hasEntrepreneurPlan: false, currentLevel: user.userLevel });
  await db.update(users).set({ userLevel }).where(eq(users.id, user.id));
  return { ...shop, user_level: userLevel };
}

export async function createStore(ctx: AppContext, user: { id: string; userLevel: number }, store: { slug: string; name: string }) {
  return ctx.db.transaction((tx) => createStoreFor(tx, user, store));
}
