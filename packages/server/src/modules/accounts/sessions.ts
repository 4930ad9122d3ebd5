import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { sessions, users } from "../../db/schema/accounts";

export const SESSION_COOKIE = "tianguis_session";
export const SESSION_DAYS = 30;

export interface SessionUser {
  id: string;
  username: string;
  fullName: string;
  userLevel: number;
  image: string | null;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Opens a session and returns the opaque token for the cookie; only its hash is stored. */
export async function createSession(ctx: AppContext, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(ctx.clock.now().getTime() + SESSION_DAYS * 24 * 3600 * 1000);
  await ctx.db.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function findSessionUser(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const [row] = await ctx.db
    .select({ id: users.id, username: users.username, fullName: users.fullName, userLevel: users.userLevel, image: users.image })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, hashToken(token)), gt(sessions.expiresAt, ctx.clock.now()), eq(users.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function deleteSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}
