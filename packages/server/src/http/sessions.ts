import { AsyncLocalStorage } from "node:async_hooks";
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

interface FoundSession {
  user: SessionUser;
  expiresAt: Date;
}

async function selectSession(ctx: AppContext, idHash: string): Promise<FoundSession | null> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      userLevel: users.userLevel,
      image: users.image,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, ctx.clock.now()), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { expiresAt, ...user } = row;
  return { user, expiresAt };
}

/**
 * Sessions looked up in the last SESSION_CACHE_MS (default 5 s in production, off elsewhere), by token hash: every API
 * call of a signed-in visitor needs its user, and most come in bursts (a page and its calls, a cart, a checkout). Every
 * successful write through the API forgets them all, here and with Redis on every instance (the page cache's hook), so
 * a sign-out, a password change, a deactivated account or a changed profile counts from the next request; changes no
 * request makes (a membership lapsing in a job) count within the lifetime. A session's own expiry is checked on every
 * hit. A lookup that a write overtook is not kept.
 */
const recentSessions = new Map<string, { found: FoundSession | null; until: number }>();
const maxRecentSessions = 10_000;
let sessionGeneration = 0;

function sessionCacheMs(): number {
  return Number(process.env.SESSION_CACHE_MS ?? (process.env.NODE_ENV === "production" ? 5_000 : 0));
}

/** How many times the sessions were forgotten: a cache of what follows from a session (web.ts) starts over when it moves. */
export function sessionsForgotten(): number {
  return sessionGeneration;
}

/** SESSION_CACHE_MS: how long a lookup that follows from a session may be kept (0: not at all). */
export function sessionLookupLifetimeMs(): number {
  return sessionCacheMs();
}

export function forgetSessions(): void {
  sessionGeneration += 1;
  recentSessions.clear();
}

/** The active user of an unexpired session, or null. */
export async function findSessionUser(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const idHash = hashSessionToken(token);
  const ttl = sessionCacheMs();
  if (ttl <= 0) return (await selectSession(ctx, idHash))?.user ?? null;
  const hit = recentSessions.get(idHash);
  if (hit && hit.until > performance.now()) {
    if (!hit.found) return null;
    if (hit.found.expiresAt > ctx.clock.now()) return { ...hit.found.user };
  }
  const generation = sessionGeneration;
  const found = await selectSession(ctx, idHash);
  if (generation === sessionGeneration) {
    if (recentSessions.size >= maxRecentSessions) recentSessions.delete(recentSessions.keys().next().value as string);
    recentSessions.set(idHash, { found, until: performance.now() + ttl });
  }
  return found && { ...found.user };
}

/**
 * A server-rendered page calls the API in-process several times with the same cookie (web.ts): inside `withPageSession`
 * those calls share one lookup of that cookie's session instead of each looking it up again. Only the page's own
 * token is remembered, only for that page's calls, and web.ts starts over after every write the page makes.
 */
export interface PageSession {
  token: string;
  user?: Promise<SessionUser | null>;
}

const pageSessions = new AsyncLocalStorage<PageSession>();

export function withPageSession<T>(session: PageSession, call: () => Promise<T>): Promise<T> {
  // Through an async function: a request injected straight from run()'s own callback reaches Fastify's async hooks
  // without the store (seen with light-my-request 6 on Node 20).
  return pageSessions.run(session, async () => call());
}

/** The user of `token`'s session: the page's shared lookup inside `withPageSession`, otherwise a fresh one. */
export async function sessionUserOf(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const page = pageSessions.getStore();
  if (!page || page.token !== token) return findSessionUser(ctx, token);
  page.user ??= findSessionUser(ctx, token);
  const user = await page.user;
  // Each request gets its own copy: nothing one call does to request.user reaches another.
  return user && { ...user };
}
