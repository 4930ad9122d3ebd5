import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { sessions } from "../../db/schema/accounts";
import { SESSION_DAYS, hashSessionToken } from "../../http/sessions";

/** Opens a session and returns the opaque token for the cookie; only its hash is stored. */
export async function createSession(ctx: AppContext, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(ctx.clock.now().getTime() + SESSION_DAYS * 24 * 3600 * 1000);
  await ctx.db.insert(sessions).values({ idHash: hashSessionToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function deleteSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.idHash, hashSessionToken(token)));
}

/** Ends every session of `userId` (a password reset), or every one but the browser's own (a password change). */
export async function endSessionsOf(db: DbOrTx, userId: string, except?: { token: string }): Promise<void> {
  const others = except ? ne(sessions.idHash, hashSessionToken(except.token)) : undefined;
  await db.delete(sessions).where(and(eq(sessions.userId, userId), others));
}
