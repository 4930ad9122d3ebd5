import type { ShopRole } from "@tianguis/domain/schemas/shop";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { shopCollaborators } from "../../db/schema/collaborators";
import { shopMembers, shops } from "../../db/schema/shops";

// Collaborator lists are reads across groups: they join the shop (name, photo) and the invitee's account (name).
// Writes: shop_collaborators belongs to this module, and so do the shop_members rows of collaborators (a membership is
// an accepted invitation); the shops module reads shop_members to compute access and writes neither table.

const rowColumns = {
  id: shopCollaborators.id,
  shopId: shopCollaborators.shopId,
  username: shopCollaborators.username,
  channel: shopCollaborators.channel,
  profiles: shopCollaborators.profiles,
  state: shopCollaborators.state,
  userId: shopCollaborators.userId,
  sentAt: shopCollaborators.sentAt,
  acceptedAt: shopCollaborators.acceptedAt,
  createdAt: shopCollaborators.createdAt,
  fullName: users.fullName,
  shopSlug: shops.slug,
  shopName: shops.name,
  shopPhoto: shops.photo,
  storeType: shops.storeType,
};
export type CollaboratorRow = {
  id: string;
  shopId: string;
  username: string;
  channel: "email" | "sms";
  profiles: ShopRole[];
  state: "pending" | "accepted";
  userId: string | null;
  sentAt: Date;
  acceptedAt: Date | null;
  createdAt: Date;
  fullName: string | null;
  shopSlug: string;
  shopName: string;
  shopPhoto: string | null;
  storeType: string | null;
};

/** The invitee's account: the one the invitation was accepted with, else the active account with that login name. */
const inviteeJoin = sql`${users.id} = coalesce(${shopCollaborators.userId}, (select u.id from users u where u.username = ${shopCollaborators.username} and u.is_active))`;

function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(shopCollaborators)
    .innerJoin(shops, eq(shops.id, shopCollaborators.shopId))
    .leftJoin(users, inviteeJoin);
}

export async function selectShopCollaborators(db: DbOrTx, shopId: string, page: { offset: number; limit: number }) {
  const rows = await selectRows(db)
    .where(eq(shopCollaborators.shopId, shopId))
    .orderBy(desc(shopCollaborators.createdAt), desc(shopCollaborators.id))
    .offset(page.offset)
    .limit(page.limit);
  const [{ total }] = await db.select({ total: count() }).from(shopCollaborators).where(eq(shopCollaborators.shopId, shopId));
  return { rows: rows as CollaboratorRow[], total: Number(total) };
}

export async function selectCollaborator(db: DbOrTx, id: string): Promise<CollaboratorRow | null> {
  const [row] = await selectRows(db).where(eq(shopCollaborators.id, id)).limit(1);
  return (row as CollaboratorRow | undefined) ?? null;
}

/**
 * A user's collaborations: accepted ones are theirs by account; pending ones by their login name (the address the
 * invitation went to). Newest first.
 */
export async function selectCollaborations(
  db: DbOrTx,
  user: { id: string; username: string },
  options: { state: "pending" | "accepted"; offset: number; limit: number },
) {
  const where =
    options.state === "accepted"
      ? and(eq(shopCollaborators.userId, user.id), eq(shopCollaborators.state, "accepted"))
      : and(eq(shopCollaborators.username, user.username), eq(shopCollaborators.state, "pending"));
  const rows = await selectRows(db)
    .where(where)
    .orderBy(desc(shopCollaborators.createdAt), desc(shopCollaborators.id))
    .offset(options.offset)
    .limit(options.limit);
  const [{ total }] = await db.select({ total: count() }).from(shopCollaborators).where(where);
  return { rows: rows as CollaboratorRow[], total: Number(total) };
}

/** The pending invitations sent to a login name (signing in with it accepts them). */
export async function selectPendingFor(db: DbOrTx, username: string): Promise<{ id: string }[]> {
  return db
    .select({ id: shopCollaborators.id })
    .from(shopCollaborators)
    .where(and(eq(shopCollaborators.username, username), eq(shopCollaborators.state, "pending")));
}

/** Inserts an invitation unless the shop already invited that login name: the new row's id, or null. */
export async function insertInvitation(
  db: DbOrTx,
  values: { shopId: string; username: string; channel: "email" | "sms"; profiles: ShopRole[]; invitedBy: string; now: Date },
): Promise<string | null> {
  const [row] = await db
    .insert(shopCollaborators)
    .values({
      shopId: values.shopId,
      username: values.username,
      channel: values.channel,
      profiles: values.profiles,
      invitedBy: values.invitedBy,
      sentAt: values.now,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: shopCollaborators.id });
  return row?.id ?? null;
}

/** Accepts a pending invitation for `username` (conditional: true only for the call that accepted it). */
export async function markAccepted(db: DbOrTx, id: string, user: { id: string; username: string }, now: Date): Promise<boolean> {
  const rows = await db
    .update(shopCollaborators)
    .set({ state: "accepted", userId: user.id, acceptedAt: now, updatedAt: now })
    .where(and(eq(shopCollaborators.id, id), eq(shopCollaborators.username, user.username), eq(shopCollaborators.state, "pending")))
    .returning({ id: shopCollaborators.id });
  return rows.length > 0;
}

export async function updateProfiles(db: DbOrTx, id: string, profiles: ShopRole[], now: Date): Promise<void> {
  await db.update(shopCollaborators).set({ profiles, updatedAt: now }).where(eq(shopCollaborators.id, id));
}

/** Marks the invitation sent again, only if nobody else did since `seen` (two clicks send one message). */
export async function markResent(db: DbOrTx, id: string, seen: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(shopCollaborators)
    .set({ sentAt: now, updatedAt: now })
    .where(and(eq(shopCollaborators.id, id), eq(shopCollaborators.sentAt, seen), eq(shopCollaborators.state, "pending")))
    .returning({ id: shopCollaborators.id });
  return rows.length > 0;
}

export async function deleteCollaborator(db: DbOrTx, id: string): Promise<{ shopId: string; userId: string | null } | null> {
  const [row] = await db
    .delete(shopCollaborators)
    .where(eq(shopCollaborators.id, id))
    .returning({ shopId: shopCollaborators.shopId, userId: shopCollaborators.userId });
  return row ?? null;
}

/** The person's roles in the shop become exactly `roles` (none: no access). */
export async function replaceMemberRoles(db: DbOrTx, shopId: string, userId: string, roles: ShopRole[]): Promise<void> {
  await db.delete(shopMembers).where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
  if (roles.length > 0) {
    await db
      .insert(shopMembers)
      .values(roles.map((role) => ({ shopId, userId, role })))
      .onConflictDoNothing();
  }
}

/** An active account's id, name and language by login name, or null. */
export async function selectAccount(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, locale: users.locale })
    .from(users)
    .where(and(eq(users.username, username), eq(users.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function selectUsername(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.username ?? null;
}
