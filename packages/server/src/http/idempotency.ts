import { createHash, randomUUID } from "node:crypto";
import { and, eq, isNull, lt, lte } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema/payments";
import { CSRF_COOKIE } from "./auth";
import { AppError } from "./errors";

const KEEP_MS = 24 * 60 * 60 * 1000;
/** How long a running request holds its key: past it, the request is taken for crashed and a retry may run. */
const LEASE_MS = 30 * 1000;

/**
 * The guarded work. `requestKey` names the key (per caller) when the request carries one, so work whose effect can
 * commit before its answer is stored (a payment) can find that effect again when a retry comes after a crash.
 */
type Handler<T> = (ctx: AppContext, requestKey: string | null) => Promise<{ status: number; body: T }>;

export interface IdempotentOptions {
  /**
   * Run the handler and store its response in one transaction (for work with no outside effect, such as creating a
   * purchase): a crash leaves neither behind, and a request that outlived its lease commits nothing once a retry took over.
   * Without it the guarded work must be safe to run twice by itself (paying is: one attempt in flight per purchase).
   */
  atomic?: boolean;
}

/**
 * Runs `handler` once per caller and Idempotency-Key: the first response (below 500) is stored for 24 h and replayed
 * for retries; a retry while the first still holds its lease gets 409 idempotency_conflict.
 */
export async function idempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  handler: Handler<T>,
  options: IdempotentOptions = {},
): Promise<T> {
  const header = request.headers["idempotency-key"];
  if (typeof header !== "string" || header.length === 0) {
    const result = await handler(ctx, null);
    reply.status(result.status);
    return result.body;
  }
  const key = sha256([callerOf(request), request.routeOptions.url, header]);
  const fingerprint = sha256([request.method, request.url, request.body ?? null]);
  const attempt = randomUUID();
  if (!(await claimKey(ctx, key, fingerprint, attempt))) {
    const [stored] = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    if (!stored || stored.status === null || stored.fingerprint !== fingerprint) throw new AppError("idempotency_conflict");
    reply.status(stored.status);
    reply.header("idempotent-replayed", "true");
    return JSON.parse(stored.body ?? "null") as T;
  }
  try {
    const result = options.atomic
      ? await ctx.db.transaction(async (tx) => {
          const done = await handler({ ...ctx, db: tx as unknown as Db }, key);
          if (!(await storeResponse(tx as unknown as Db, key, attempt, done))) throw new AppError("idempotency_conflict");
          return done;
        })
      : await handler(ctx, key);
    if (!options.atomic) await storeResponse(ctx.db, key, attempt, result);
    reply.status(result.status);
    return result.body;
  } catch (error) {
    // Nothing was kept: free the key (if still ours) so a corrected retry can run.
    await ctx.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.attempt, attempt), isNull(idempotencyKeys.status)));
    throw error;
  }
}

/**
 * Who is asking: keys live in one space per caller, so reusing someone else's key runs the request afresh.
 * A signed-in user is their id. A guest is their browser's tianguis_csrf cookie: random, issued by the first API call
 * (before any checkout) and kept a year, so a real retry from the same browser carries it even if the network (IP)
 * changed. A client sending no cookie (a script) falls back to IP and User-Agent, which its own retries keep.
 */
function callerOf(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  // request.cookies already holds a fresh CSRF value for a cookieless request (http/auth.ts): read what was sent.
  const sent = request.server.parseCookie(request.headers.cookie ?? "")[CSRF_COOKIE];
  if (sent) return `browser:${sent}`;
  return `client:${request.ip}:${request.headers["user-agent"] ?? ""}`;
}

/** Takes the key for this attempt: a new key, or one whose holder died (lease over) with the same request. */
async function claimKey(ctx: AppContext, key: string, fingerprint: string, attempt: string): Promise<boolean> {
  const now = ctx.clock.now();
  const lockedUntil = new Date(now.getTime() + LEASE_MS);
  await ctx.db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_MS))));
  const [claimed] = await ctx.db
    .insert(idempotencyKeys)
    .values({ key, fingerprint, attempt, lockedUntil, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) return true;
  const [takenOver] = await ctx.db
    .update(idempotencyKeys)
    .set({ attempt, lockedUntil })
    .where(
      and(
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.fingerprint, fingerprint),
        isNull(idempotencyKeys.status),
        lte(idempotencyKeys.lockedUntil, now),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return Boolean(takenOver);
}

/** Keeps the response, only while this attempt still holds the key (a retry may have taken it over). */
async function storeResponse(db: Db, key: string, attempt: string, result: { status: number; body: unknown }) {
  const stored = await db
    .update(idempotencyKeys)
    .set({ status: result.status, body: JSON.stringify(result.body) })
    .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.attempt, attempt), isNull(idempotencyKeys.status)))
    .returning({ key: idempotencyKeys.key });
  return stored.length > 0;
}

function sha256(parts: unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}
