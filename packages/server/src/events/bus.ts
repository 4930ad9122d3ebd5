import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import {
  type DomainEvent,
  type EventPayload,
  type EventType,
  MAX_DELIVERY_ATTEMPTS,
  latestVersion,
  parseEvent,
  retryDelayMs,
} from "@tianguis/domain/events";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx, Tx } from "../db/client";
import { eventDeliveries, events } from "../db/schema/events";
import { currentTraceContext, inSpan } from "../tracing";

/**
 * Domain events through a transactional outbox (docs/ARCHITECTURE.md "Events"). A module records what happened with
 * `recordEvent`, in the transaction that changed its state, so an event exists exactly when its change committed; each
 * subscriber of its type gets a delivery row in that same transaction. A subscriber runs in a transaction of its own that
 * also marks its delivery done: a crash mid-run rolls both back and the delivery is claimed again, so its effect happens
 * once. Deliveries are claimed with FOR UPDATE SKIP LOCKED, so any number of instances share them without a broker.
 */

export interface EventMeta {
  eventId: string;
  occurredAt: Date;
  /** Delivered by a backfill (operations.ts `backfillSubscriber`), long after it happened: old news rings no bell. */
  backfill?: boolean;
}

export interface Subscriber<T extends EventType = EventType> {
  /** `<module>.<what it does>`, unique: the delivery rows name it, so renaming one orphans its pending deliveries. */
  name: string;
  event: T;
  handle(tx: Tx, payload: EventPayload<T>, ctx: AppContext, meta: EventMeta): Promise<void>;
}

/** A subscriber, typed by its event. */
export function subscriber<T extends EventType>(
  event: T,
  name: string,
  handle: (tx: Tx, payload: EventPayload<T>, ctx: AppContext, meta: EventMeta) => Promise<void>,
): Subscriber {
  return { name, event, handle } as unknown as Subscriber;
}

const subscribers = new Map<string, Subscriber>();

/** The app's subscribers (src/subscribers.ts), in the order they run for one event. Answers how to take them off again (tests). */
export function registerSubscribers(list: Subscriber[]): () => void {
  for (const one of list) subscribers.set(one.name, one);
  return () => {
    for (const one of list) if (subscribers.get(one.name) === one) subscribers.delete(one.name);
  };
}

export function registeredSubscribers(): Subscriber[] {
  return [...subscribers.values()];
}

/** An event as recorded, with the subscribers it has a delivery for (in the order they run). */
interface Recorded {
  id: string;
  type: EventType;
  payload: Record<string, unknown>;
  occurredAt: Date;
  subscribers: string[];
  /** Recorded in a savepoint that may have been rolled back since: checked before its subscribers run. */
  unsure: boolean;
}

/**
 * What the code running under transactionWithEvents, deliver or deliverTogether records. `session` is the connection of
 * transactionWithEvents' transaction: events recorded on it (or a savepoint of it) are delivered in it, from memory
 * (`inline`); events recorded on another connection are delivered after the commit (`after`).
 */
interface Recording {
  session?: unknown;
  /** The savepoint depth whose events cannot vanish while the transaction goes on: 0 for work, 1 for the deliveries'. */
  sureDepth: number;
  inline: Recorded[];
  after: string[];
}

const recording = new AsyncLocalStorage<Recording>();

/** The connection a transaction runs on, which its savepoints share, and a savepoint's depth (drizzle's handles carry both, untyped). */
function sessionOf(db: DbOrTx): unknown {
  return (db as unknown as { session: unknown }).session;
}

function depthOf(db: DbOrTx): number {
  return (db as unknown as { nestedIndex?: number }).nestedIndex ?? 0;
}

/**
 * Records an event and its deliveries, in the caller's transaction, in one statement. Under transactionWithEvents, on its
 * own transaction, the deliveries are written `done`: their subscribers run before that transaction commits, and if one
 * fails the rows are set back to `pending` in it (deliverInTransaction).
 */
export async function recordEvent(tx: DbOrTx, event: DomainEvent, now: Date): Promise<string> {
  const version = latestVersion(event.type);
  if (!parseEvent(event.type, version, event.payload)) throw new Error(`event ${event.type} v${version} does not fit its schema`);
  const id = randomUUID();
  const names = registeredSubscribers()
    .filter((one) => one.event === event.type)
    .map((one) => one.name);
  const scope = recording.getStore();
  const inline = scope?.session !== undefined && sessionOf(tx) === scope.session;
  const at = now.toISOString();
  const deliveries = names.map((name) =>
    inline
      ? sql`(${id}::uuid, ${name}, 'done', 1, ${at}::timestamptz, ${at}::timestamptz)`
      : sql`(${id}::uuid, ${name}, 'pending', 0, ${at}::timestamptz, null)`,
  );
  const insertEvent = sql`insert into ${events} (id, type, version, payload, occurred_at, trace_context)
    values (${id}::uuid, ${event.type}, ${version}, ${JSON.stringify(event.payload)}::jsonb, ${at}::timestamptz, ${currentTraceContext()})`;
  await tx.execute(
    deliveries.length === 0
      ? insertEvent
      : sql`with recorded as (${insertEvent})
          insert into ${eventDeliveries} (event_id, subscriber, state, attempts, run_at, done_at) values ${sql.join(deliveries, sql`, `)}`,
  );
  if (scope && inline)
    scope.inline.push({
      id,
      type: event.type,
      payload: event.payload,
      occurredAt: now,
      subscribers: names,
      unsure: depthOf(tx) > scope.sureDepth,
    });
  else scope?.after.push(id);
  return id;
}

/**
 * Runs `work` in a transaction and delivers the events it records before that transaction commits, in a savepoint: the
 * change and its reactions (the tickets of a paid purchase, its alerts) commit together, in one commit as when they were
 * one piece of code, and whoever called sees them. If a subscriber fails, the savepoint takes all the reactions back, the
 * change commits alone with its deliveries `pending`, and they run after the commit one by one (deliverEvents), the
 * failing one retried later by the job runner.
 */
export async function transactionWithEvents<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const scope: Recording = { sureDepth: 0, inline: [], after: [] };
  let delivered = true;
  const result = await recording.run(scope, () =>
    ctx.db.transaction(async (tx) => {
      scope.session = sessionOf(tx);
      const value = await work(tx);
      if (scope.inline.length > 0) delivered = await deliverInTransaction(ctx, tx, scope);
      return value;
    }),
  );
  const after = delivered ? scope.after : [...scope.inline.map((one) => one.id), ...scope.after];
  if (after.length > 0) await deliverEvents(ctx, after);
  return result;
}

/**
 * The subscribers of the events recorded in this transaction (and of those they record), from memory, in one savepoint.
 * Their deliveries were written `done`; when one subscriber fails, the savepoint takes the reactions back and the
 * deliveries are set back to `pending` (false).
 */
async function deliverInTransaction(ctx: AppContext, tx: Tx, scope: Recording): Promise<boolean> {
  const recorded = scope.inline;
  try {
    await tx.transaction(async (savepoint) => {
      scope.sureDepth = depthOf(savepoint);
      // Subscribers may record events on the savepoint: they join the list and are delivered in this loop.
      for (let index = 0; index < scope.inline.length; index += 1) {
        const event = scope.inline[index];
        if (event.unsure && !(await stillRecorded(savepoint, event.id))) continue;
        for (const name of event.subscribers) await runHandler(ctx, savepoint, name, event);
      }
    });
    return true;
  } catch (error) {
    ctx.log.warn(
      { err: error, events: recorded.map((one) => one.id) },
      "an event's subscriber failed in its transaction: delivering after the commit",
    );
    await tx
      .update(eventDeliveries)
      .set({ state: "pending", attempts: 0, doneAt: null })
      .where(
        inArray(
          eventDeliveries.eventId,
          recorded.map((one) => one.id),
        ),
      );
    return false;
  }
}

async function stillRecorded(tx: Tx, eventId: string): Promise<boolean> {
  return (await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId))).length > 0;
}

/**
 * Delivers the pending deliveries of these events, in the order they were recorded and their subscribers registered: all
 * in one transaction that marks them done together (a purchase's five reactions cost one commit, not five), or, when one
 * of them fails, one by one, so the others are done and only the failing one waits for its retry.
 */
export async function deliverEvents(ctx: AppContext, eventIds: string[]): Promise<void> {
  if (await deliverTogether(ctx, eventIds)) return;
  const rows = await ctx.db
    .select({ id: eventDeliveries.id, eventId: eventDeliveries.eventId, subscriber: eventDeliveries.subscriber })
    .from(eventDeliveries)
    .where(and(inArray(eventDeliveries.eventId, eventIds), eq(eventDeliveries.state, "pending")));
  for (const row of inDeliveryOrder(rows, eventIds)) await deliver(ctx, row.id);
}

function inDeliveryOrder<T extends { eventId: string; subscriber: string }>(rows: T[], eventIds: string[]): T[] {
  const order = registeredSubscribers().map((one) => one.name);
  return rows.sort(
    (a, b) => eventIds.indexOf(a.eventId) - eventIds.indexOf(b.eventId) || order.indexOf(a.subscriber) - order.indexOf(b.subscriber),
  );
}

/** A subscriber's run; with tracing on, a span in the current trace, or in the one that recorded the event (`traceContext`). */
async function runHandler(
  ctx: AppContext,
  tx: Tx,
  name: string,
  event: Pick<Recorded, "id" | "type" | "payload" | "occurredAt">,
  traceContext?: string | null,
  backfill = false,
) {
  const handler = subscribers.get(name);
  if (!handler) throw new Error(`no subscriber ${name}`);
  if (event.type !== handler.event) throw new Error(`event ${event.id} does not fit ${handler.name}`);
  const meta: EventMeta = { eventId: event.id, occurredAt: event.occurredAt, ...(backfill ? { backfill } : {}) };
  await inSpan(
    `event ${event.type} ${name}`,
    { "tianguis.event.id": event.id },
    () => handler.handle(tx, event.payload as never, ctx, meta),
    traceContext,
  );
}

/** Runs subscriber `name` on a stored event as a backfill (operations.ts), in the caller's transaction. */
export async function runBackfillHandler(ctx: AppContext, tx: Tx, name: string, stored: typeof events.$inferSelect) {
  const event = parseEvent(stored.type, stored.version, stored.payload);
  if (!event) throw new Error(`event ${stored.id} does not fit its schema`);
  await runHandler(ctx, tx, name, { ...event, id: stored.id, occurredAt: stored.occurredAt }, stored.traceContext, true);
}

/** Runs a claimed delivery's subscriber on its stored event, in the claiming transaction. */
async function runSubscriber(
  ctx: AppContext,
  tx: Tx,
  claimed: { delivery: typeof eventDeliveries.$inferSelect; event: typeof events.$inferSelect },
) {
  const event = parseEvent(claimed.event.type, claimed.event.version, claimed.event.payload);
  if (!event) throw new Error(`event ${claimed.event.id} does not fit its schema`);
  await runHandler(
    ctx,
    tx,
    claimed.delivery.subscriber,
    { ...event, id: claimed.event.id, occurredAt: claimed.event.occurredAt },
    claimed.event.traceContext,
  );
}

/**
 * Every pending delivery of these events in one transaction, each subscriber in a savepoint of its own: one that fails is
 * rolled back alone and counted for its retry, the others are marked done together. False when the transaction itself
 * failed (nothing was counted then).
 */
async function deliverTogether(ctx: AppContext, eventIds: string[]): Promise<boolean> {
  const chained: Recording = { sureDepth: 0, inline: [], after: [] };
  const failed: { id: string; attempts: number; error: unknown }[] = [];
  try {
    await recording.run(chained, () =>
      ctx.db.transaction(async (tx) => {
        const claimed = await tx
          .select({ delivery: eventDeliveries, event: events })
          .from(eventDeliveries)
          .innerJoin(events, eq(events.id, eventDeliveries.eventId))
          .where(
            and(
              inArray(eventDeliveries.eventId, eventIds),
              eq(eventDeliveries.state, "pending"),
              lte(eventDeliveries.runAt, ctx.clock.now()),
            ),
          )
          .for("update", { of: eventDeliveries, skipLocked: true });
        const done: string[] = [];
        const ordered = inDeliveryOrder(
          claimed.map((one) => ({ ...one, eventId: one.event.id, subscriber: one.delivery.subscriber })),
          eventIds,
        );
        for (const one of ordered) {
          try {
            await tx.transaction((savepoint) => runSubscriber(ctx, savepoint, one));
            done.push(one.delivery.id);
          } catch (error) {
            failed.push({ id: one.delivery.id, attempts: one.delivery.attempts, error });
          }
        }
        if (done.length > 0)
          await tx
            .update(eventDeliveries)
            .set({ state: "done", attempts: sql`${eventDeliveries.attempts} + 1`, doneAt: ctx.clock.now(), lastError: null })
            .where(inArray(eventDeliveries.id, done));
        for (const one of failed) await recordFailure(ctx, tx, one.id, one.attempts, one.error);
      }),
    );
  } catch (error) {
    ctx.log.warn({ err: error, events: eventIds }, "event deliveries failed together: delivering them one by one");
    return false;
  }
  if (chained.after.length > 0) await deliverEvents(ctx, chained.after);
  return true;
}

/** A failed delivery: attempts + 1, the next try after a back-off, or 'dead' after the last. */
async function recordFailure(
  ctx: AppContext,
  db: DbOrTx,
  deliveryId: string,
  attempts: number,
  error: unknown,
): Promise<"failed" | "dead"> {
  const dead = attempts + 1 >= MAX_DELIVERY_ATTEMPTS;
  ctx.log.error({ err: error, delivery: deliveryId, attempts: attempts + 1, dead }, "event delivery failed");
  await db
    .update(eventDeliveries)
    .set({
      attempts: attempts + 1,
      lastError: String(error).slice(0, 2000),
      runAt: new Date(ctx.clock.now().getTime() + retryDelayMs(attempts + 1)),
      state: dead ? "dead" : "pending",
    })
    .where(and(eq(eventDeliveries.id, deliveryId), eq(eventDeliveries.state, "pending")));
  return dead ? "dead" : "failed";
}

export type DeliveryOutcome = "done" | "failed" | "dead" | "skipped";

/**
 * One delivery: claimed (skipped if another instance holds it or it is no longer pending), its subscriber run and the
 * row marked done in one transaction. Events the subscriber records are delivered right after, as with
 * transactionWithEvents. A failure is written after the rollback: attempts + 1, the next try after a back-off, or 'dead'.
 */
export async function deliver(ctx: AppContext, deliveryId: string): Promise<DeliveryOutcome> {
  const chained: Recording = { sureDepth: 0, inline: [], after: [] };
  let attempts = 0;
  try {
    const outcome = await recording.run(chained, () =>
      ctx.db.transaction(async (tx): Promise<DeliveryOutcome> => {
        const [claimed] = await tx
          .select({ delivery: eventDeliveries, event: events })
          .from(eventDeliveries)
          .innerJoin(events, eq(events.id, eventDeliveries.eventId))
          .where(and(eq(eventDeliveries.id, deliveryId), eq(eventDeliveries.state, "pending"), lte(eventDeliveries.runAt, ctx.clock.now())))
          .for("update", { of: eventDeliveries, skipLocked: true });
        if (!claimed) return "skipped";
        attempts = claimed.delivery.attempts;
        await runSubscriber(ctx, tx, claimed);
        await tx
          .update(eventDeliveries)
          .set({ state: "done", attempts: attempts + 1, doneAt: ctx.clock.now(), lastError: null })
          .where(eq(eventDeliveries.id, deliveryId));
        return "done";
      }),
    );
    if (chained.after.length > 0) await deliverEvents(ctx, chained.after);
    return outcome;
  } catch (error) {
    return recordFailure(ctx, ctx.db, deliveryId, attempts, error);
  }
}

/**
 * Delivers what is due: deliveries a crash or a failure left behind, and those recorded outside transactionWithEvents.
 * Run by the job runner on every instance; `stop` ends the batch after the delivery in hand.
 */
export async function runDueDeliveries(ctx: AppContext, limit = 100, stop?: AbortSignal): Promise<number> {
  const due = await ctx.db
    .select({ id: eventDeliveries.id })
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.state, "pending"), lte(eventDeliveries.runAt, ctx.clock.now())))
    .orderBy(asc(eventDeliveries.runAt))
    .limit(limit);
  let ran = 0;
  for (const row of due) {
    if (stop?.aborted) break;
    if ((await deliver(ctx, row.id)) !== "skipped") ran += 1;
  }
  return ran;
}
