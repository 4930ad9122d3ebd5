import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db, DbOrTx } from "../db/client";
import { jobs } from "../db/schema/jobs";
import { runDueDeliveries } from "../events/bus";
import { jobRuns } from "../metrics";
import { currentTraceContext, inSpan } from "../tracing";

export type JobHandler = (ctx: AppContext, payload: Record<string, string>) => Promise<void>;

const handlers = new Map<string, JobHandler>();

/** Modules register what a job kind does (e.g. payments: "expire_bank_transfer"). */
export function registerJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

/**
 * Schedules work, inside the caller's transaction when given one, so it exists only if the change commits. With
 * tracing on, its run joins the trace that queued it.
 */
export async function enqueueJob(db: DbOrTx, kind: string, payload: Record<string, string>, runAt: Date) {
  await db.insert(jobs).values({ kind, payload, runAt, traceContext: currentTraceContext() });
}

/**
 * Schedules work unless a job of this kind whose payload holds `payload` is still waiting or running (`{}` matches any
 * such job): checked and inserted under a transaction-scoped advisory lock on the kind, so instances starting together
 * queue it once. Answers whether it was queued.
 */
export async function enqueueJobUnlessWaiting(db: Db, kind: string, payload: Record<string, string>, runAt: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind}))`);
    const [waiting] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), sql`${jobs.payload} @> ${JSON.stringify(payload)}::jsonb`))
      .limit(1);
    if (waiting) return false;
    await enqueueJob(tx, kind, payload, runAt);
    return true;
  });
}

const LEASE_MS = 5 * 60 * 1000;
/** A job that failed this many times gives up: it is done with its last error kept. */
export const MAX_JOB_ATTEMPTS = 5;

/**
 * Runs every due job. A job is claimed with FOR UPDATE SKIP LOCKED and leased (its run_at moved ahead) in a
 * short transaction, then run outside it: several instances can poll the same table and each job runs once;
 * if an instance dies mid-job the lease expires and another retries it (handlers are idempotent).
 * `stop` ends the batch after the job in hand (shutdown).
 */
export async function runDueJobs(ctx: AppContext, limit = 50, stop?: AbortSignal): Promise<number> {
  let ran = 0;
  for (; ran < limit && !stop?.aborted; ran += 1) {
    const now = ctx.clock.now();
    const job = await ctx.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now)))
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return null;
      await tx
        .update(jobs)
        .set({ runAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
        .where(eq(jobs.id, due.id));
      return due;
    });
    if (!job) break;
    try {
      const handler = handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await inSpan(
        `job ${job.kind}`,
        { "tianguis.job.id": job.id, "tianguis.job.attempt": job.attempts + 1 },
        () => handler(ctx, job.payload),
        job.traceContext,
      );
      // A job done keeps no error: one done with an error is one that gave up (dead, counted by /metrics).
      await ctx.db.update(jobs).set({ doneAt: ctx.clock.now(), lastError: null }).where(eq(jobs.id, job.id));
      jobRuns.inc({ kind: job.kind, outcome: "done" });
    } catch (error) {
      ctx.log.error({ err: error, job: job.id }, "job failed");
      const gaveUp = job.attempts + 1 >= MAX_JOB_ATTEMPTS;
      jobRuns.inc({ kind: job.kind, outcome: gaveUp ? "dead" : "failed" });
      await ctx.db
        .update(jobs)
        .set({
          lastError: String(error),
          runAt: new Date(ctx.clock.now().getTime() + 60_000 * (job.attempts + 1)),
          doneAt: gaveUp ? ctx.clock.now() : null,
        })
        .where(eq(jobs.id, job.id));
    }
  }
  return ran;
}

/**
 * Polls for due jobs and event deliveries (events/bus.ts: those a crash or a failure left behind) every `intervalMs`
 * (none when 0) until stopped. The answer stops polling and resolves once the
 * job in hand has finished, so the database is not closed under it.
 */
export function startJobRunner(ctx: AppContext, intervalMs = 5_000): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  const stopping = new AbortController();
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = runDueJobs(ctx, 50, stopping.signal)
      .then(() => runDueDeliveries(ctx, 100, stopping.signal))
      .catch((error) => ctx.log.error({ err: error }, "job runner failed"))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}
