import { createHash } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { AppContext } from "../context";
import { sessions, users } from "../db/schema/accounts";

/**
 * The session cookie and its lookup: what every request needs to know who is calling. Opening and closing a
 * session are account use cases (`modules/accounts/sessions.ts`); they hash the token with `hashSessionToken`.
 */
export const SESSION_COOKIE = "tianguis_session";
export const SESSION_DAYS = 30;

export interface SessionUser {
  id: string;
  username: string;
  fullName: string;
  userLevel: number;
  image: string | null;
}

/** Only this hash of the opaque cookie token is stored. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The active user of an unexpired session, or null. */
export async function findSessionUser(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const [row] = await ctx.db
    .select({ id: users.id, username: users.username, fullName: users.fullName, userLevel: users.userLevel, image: users.image })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, hashSessionToken(token)), gt(sessions.expiresAt, ctx.clock.now()), eq(users.isActive, true)))
    .limit(1);
  return row ?? null;
}
