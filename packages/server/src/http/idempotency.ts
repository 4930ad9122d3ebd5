import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { idempotencyKeys } from "../db/schema/payments";
import { AppError } from "./errors";

const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `handler` once per Idempotency-Key: the first response (below 500) is stored for 24 h and replayed
 * for retries; a retry while the first is still running gets 409 idempotency_conflict.
 */
export async function idempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  handler: () => Promise<{ status: number; body: T }>,
): Promise<T> {
  const header = request.headers["idempotency-key"];
  if (typeof header !== "string" || header.length === 0) {
    const result = await handler();
    reply.status(result.status);
    return result.body;
  }
  const key = `${request.user?.id ?? "anon"}:${request.routeOptions.url}:${header}`.slice(0, 300);
  const fingerprint = createHash("sha256")
    .update(JSON.stringify(request.body ?? null))
    .digest("hex");
  await ctx.db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, new Date(ctx.clock.now().getTime() - KEEP_MS))));
  const [claimed] = await ctx.db
    .insert(idempotencyKeys)
    .values({ key, fingerprint, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [stored] = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    if (!stored || stored.status === null || stored.fingerprint !== fingerprint) throw new AppError("idempotency_conflict");
    reply.status(stored.status);
    reply.header("idempotent-replayed", "true");
    return JSON.parse(stored.body ?? "null") as T;
  }
  try {
    const result = await handler();
    await ctx.db
      .update(idempotencyKeys)
      .set({ status: result.status, body: JSON.stringify(result.body) })
      .where(eq(idempotencyKeys.key, key));
    reply.status(result.status);
    return result.body;
  } catch (error) {
    // Nothing was created: free the key so a corrected retry can run.
    await ctx.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    throw error;
  }
}
