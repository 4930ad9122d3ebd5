import type { users } from "../db/schema/accounts";
import { shopMembers, type shops } from "../db/schema/shops";
import { type TestApp, createShop, createUser, signIn } from "./harness";

/** The shop roles a collaborator may hold (the owner holds them all). */
export const memberRoles = ["admin", "accountant", "dispatcher", "qrreader"] as const;
export type MemberRole = (typeof memberRoles)[number];

/** Everyone the authorization tests call a route as. */
export type Persona = "owner" | MemberRole | "otherOwner" | "customer" | "anonymous";
type Person = Exclude<Persona, "anonymous">;

type UserValues = Partial<typeof users.$inferInsert>;
type ShopValues = Partial<typeof shops.$inferInsert>;

export interface ShopWithRoles {
  shop: typeof shops.$inferSelect;
  /** Another shop, with its own owner (`otherOwner`): the one who must not reach `shop`'s desk. */
  otherShop: typeof shops.$inferSelect;
  users: Record<Person, typeof users.$inferSelect>;
  ids: Record<Person, string>;
  /** Request headers of each persona's signed-in browser (session and CSRF cookies); `anonymous` sends none. */
  as: Record<Persona, Record<string, string>>;
}

/**
 * The cast of a shop's authorization tests, written straight to the database (the collaborators module tests the
 * invitation itself): a shop with its owner and one member of each role, another shop with its owner, and a customer.
 * Values override the harness's defaults (createUser, createShop) where a test asserts a name, e.g.
 * `{ owner: { fullName: "Lucía Hernández" }, shop: { name: "Casa Lucía" } }`.
 */
export async function createShopWithRoles(
  t: TestApp,
  values: {
    owner?: UserValues;
    shop?: ShopValues;
    members?: Partial<Record<MemberRole, UserValues>>;
    otherOwner?: UserValues;
    otherShop?: ShopValues;
    customer?: UserValues;
  } = {},
): Promise<ShopWithRoles> {
  const owner = await createUser(t.ctx, values.owner);
  const shop = await createShop(t.ctx, owner.id, values.shop);
  const members = {} as Record<MemberRole, typeof users.$inferSelect>;
  for (const role of memberRoles) {
    members[role] = await createUser(t.ctx, values.members?.[role]);
    await t.ctx.db.insert(shopMembers).values({ shopId: shop.id, userId: members[role].id, role });
  }
  const otherOwner = await createUser(t.ctx, values.otherOwner);
  const otherShop = await createShop(t.ctx, otherOwner.id, values.otherShop);
  const customer = await createUser(t.ctx, values.customer);
  const people: Record<Person, typeof users.$inferSelect> = { owner, ...members, otherOwner, customer };
  const as = { anonymous: {} } as Record<Persona, Record<string, string>>;
  const ids = {} as Record<Person, string>;
  for (const [persona, user] of Object.entries(people) as [Person, typeof users.$inferSelect][]) {
    as[persona] = await signIn(t.ctx, user.id);
    ids[persona] = user.id;
  }
  return { shop, otherShop, users: people, ids, as };
}
