import { AsyncLocalStorage } from "node:async_hooks";
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

/** The events recorded by the transactions of one `transactionWithEvents` call, delivered once it committed. */
const recordedHere = new AsyncLocalStorage<string[]>();

/** Records an event and its deliveries, in the caller's transaction. */
export async function recordEvent(tx: DbOrTx, event: DomainEvent, now: Date): Promise<string> {
  const version = latestVersion(event.type);
  if (!parseEvent(event.type, version, event.payload)) throw new Error(`event ${event.type} v${version} does not fit its schema`);
  const [row] = await tx
    .insert(events)
    .values({ type: event.type, version, payload: event.payload, occurredAt: now })
    .returning({ id: events.id });
  const interested = registeredSubscribers().filter((one) => one.event === event.type);
  if (interested.length > 0)
    await tx.insert(eventDeliveries).values(interested.map((one) => ({ eventId: row.id, subscriber: one.name, runAt: now })));
  recordedHere.getStore()?.push(row.id);
  return row.id;
}

/**
 * Runs `work` in a transaction and delivers the events it records before that transaction commits, in a savepoint: the
 * change and its reactions (the tickets of a paid purchase, its alerts) commit together, in one commit as when they were
 * one piece of code, and whoever called sees them. If a subscriber fails, the savepoint takes all the reactions back, the
 * change commits alone, and its deliveries run after the commit one by one (deliverEvents), the failing one retried later
 * by the job runner.
 */
export async function transactionWithEvents<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const recorded: string[] = [];
  let delivered = true;
  const result = await recordedHere.run(recorded, () =>
    ctx.db.transaction(async (tx) => {
      const value = await work(tx);
      if (recorded.length > 0) delivered = await deliverInTransaction(ctx, tx, recorded);
      return value;
    }),
  );
  if (!delivered) await deliverEvents(ctx, recorded);
  return result;
}

/**
 * The deliveries of events recorded in this transaction (no other can see them yet, so none is claimed), run in one
 * savepoint, with those of the events their subscribers record, and marked done. False, with nothing of them left, when
 * one failed.
 */
async function deliverInTransaction(ctx: AppContext, tx: Tx, recorded: string[]): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      for (let from = 0; from < recorded.length;) {
        const batch = recorded.slice(from);
        from = recorded.length;
        const rows = await savepoint
          .select({ delivery: eventDeliveries, event: events })
          .from(eventDeliveries)
          .innerJoin(events, eq(events.id, eventDeliveries.eventId))
          .where(and(inArray(eventDeliveries.eventId, batch), eq(eventDeliveries.state, "pending")));
        const ordered = inDeliveryOrder(
          rows.map((one) => ({ ...one, eventId: one.event.id, subscriber: one.delivery.subscriber })),
          batch,
        );
        for (const one of ordered) await runSubscriber(ctx, savepoint, one);
        if (ordered.length > 0)
          await savepoint
            .update(eventDeliveries)
            .set({ state: "done", attempts: 1, doneAt: ctx.clock.now() })
            .where(
              inArray(
                eventDeliveries.id,
                ordered.map((one) => one.delivery.id),
              ),
            );
      }
    });
    return true;
  } catch (error) {
    ctx.log.warn({ err: error, events: recorded }, "an event's subscriber failed in its transaction: delivering after the commit");
    return false;
  }
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

/** Runs a claimed delivery's subscriber on its event, in the claiming transaction. */
async function runSubscriber(
  ctx: AppContext,
  tx: Tx,
  claimed: { delivery: typeof eventDeliveries.$inferSelect; event: typeof events.$inferSelect },
) {
  const handler = subscribers.get(claimed.delivery.subscriber);
  if (!handler) throw new Error(`no subscriber ${claimed.delivery.subscriber}`);
  const event = parseEvent(claimed.event.type, claimed.event.version, claimed.event.payload);
  if (!event || event.type !== handler.event) throw new Error(`event ${claimed.event.id} does not fit ${handler.name}`);
  await handler.handle(tx, event.payload as never, ctx, { eventId: claimed.event.id, occurredAt: claimed.event.occurredAt });
}

/**
 * Every pending delivery of these events in one transaction, each subscriber in a savepoint of its own: one that fails is
 * rolled back alone and counted for its retry, the others are marked done together. False when the transaction itself
 * failed (nothing was counted then).
 */
async function deliverTogether(ctx: AppContext, eventIds: string[]): Promise<boolean> {
  const chained: string[] = [];
  const failed: { id: string; attempts: number; error: unknown }[] = [];
  try {
    await recordedHere.run(chained, () =>
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
  if (chained.length > 0) await deliverEvents(ctx, chained);
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
  const chained: string[] = [];
  let attempts = 0;
  try {
    const outcome = await recordedHere.run(chained, () =>
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
    if (chained.length > 0) await deliverEvents(ctx, chained);
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
