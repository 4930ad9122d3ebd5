import type { EventDeliveryState, EventDeliveryView, ReplayedDeliveriesView } from "@tianguis/domain/schemas/ops";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { eventDeliveries, events } from "../db/schema/events";
import { AppError } from "../http/errors";
import { deliver, registeredSubscribers, runBackfillHandler } from "./bus";

/**
 * The operator's door to event deliveries (issue 28; docs/OPERATIONS.md "Events and dead letters"): list them with
 * their event, read one, and replay what failed. A replay puts a dead (or pending) delivery back to pending from attempt
 * 0 with a conditional UPDATE, so a done delivery is never run twice, then delivers it at once through bus.ts's
 * `deliver`, which claims it like any other: another instance delivering it at the same moment makes this one skip.
 * Shared by the platform admin's API (modules/ops) and the `npm run events` CLI (scripts/events.ts).
 */

/** How many dead deliveries one batch replay takes: bounded, so one call cannot hold a request for ever. */
export const REPLAY_BATCH = 500;

export interface DeliveryFilter {
  state?: EventDeliveryState;
  type?: string;
  subscriber?: string;
}

const deliveryColumns = { delivery: eventDeliveries, event: events };

function conditions(filter: DeliveryFilter) {
  const list = [];
  if (filter.state) list.push(eq(eventDeliveries.state, filter.state));
  if (filter.type) list.push(eq(events.type, filter.type));
  if (filter.subscriber) list.push(eq(eventDeliveries.subscriber, filter.subscriber));
  return list.length > 0 ? and(...list) : undefined;
}

type DeliveryRow = { delivery: typeof eventDeliveries.$inferSelect; event: typeof events.$inferSelect };

export function deliveryView({ delivery, event }: DeliveryRow): EventDeliveryView {
  return {
    id: delivery.id,
    event: {
      id: event.id,
      type: event.type,
      version: event.version,
      occurred_at: event.occurredAt.toISOString(),
      payload: event.payload,
    },
    subscriber: delivery.subscriber,
    state: delivery.state,
    attempts: delivery.attempts,
    last_error: delivery.lastError,
    run_at: delivery.runAt.toISOString(),
    done_at: delivery.doneAt?.toISOString() ?? null,
  };
}

/** Deliveries matching the filter, the newest events first, and how many match. */
export async function listDeliveries(
  db: DbOrTx,
  filter: DeliveryFilter,
  page: { offset: number; limit: number },
): Promise<{ results: EventDeliveryView[]; matches_estimated: number }> {
  const where = conditions(filter);
  const rows = await db
    .select(deliveryColumns)
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(where)
    .orderBy(desc(events.occurredAt), asc(eventDeliveries.id))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(where);
  return { results: rows.map(deliveryView), matches_estimated: Number(count?.n ?? 0) };
}

export async function findDelivery(db: DbOrTx, deliveryId: string): Promise<EventDeliveryView | null> {
  const [row] = await db
    .select(deliveryColumns)
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(eq(eventDeliveries.id, deliveryId));
  return row ? deliveryView(row) : null;
}

export async function requireDelivery(db: DbOrTx, deliveryId: string): Promise<EventDeliveryView> {
  const found = await findDelivery(db, deliveryId);
  if (!found) throw new AppError("event_delivery_not_found", { status: 404 });
  return found;
}

/** Back to pending from attempt 0, due now: only deliveries in `from` (never a done one); the ids it reset. */
async function resetDeliveries(ctx: AppContext, ids: string[], from: EventDeliveryState[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .update(eventDeliveries)
    .set({ state: "pending", attempts: 0, runAt: ctx.clock.now() })
    .where(and(inArray(eventDeliveries.id, ids), inArray(eventDeliveries.state, from)))
    .returning({ id: eventDeliveries.id });
  return rows.map((row) => row.id);
}

/**
 * Replays one delivery: a dead or pending one is delivered again now; a done one answers event_delivery_already_done
 * (409), its effect having happened once already. Answers the delivery as it stands after the attempt.
 */
export async function replayDelivery(ctx: AppContext, deliveryId: string): Promise<EventDeliveryView> {
  const [reset] = await resetDeliveries(ctx, [deliveryId], ["dead", "pending"]);
  if (!reset) {
    await requireDelivery(ctx.db, deliveryId);
    throw new AppError("event_delivery_already_done", { status: 409 });
  }
  await deliver(ctx, deliveryId);
  return requireDelivery(ctx.db, deliveryId);
}

/**
 * Replays up to REPLAY_BATCH dead deliveries matching the filter, in the order their events occurred (and, for one
 * event, the order its subscribers run), as they would have been delivered. One that fails again is pending with one
 * attempt, so the job runner retries it and the next batch does not take it again.
 */
export async function replayDeadDeliveries(
  ctx: AppContext,
  filter: Omit<DeliveryFilter, "state">,
  limit = REPLAY_BATCH,
): Promise<ReplayedDeliveriesView> {
  const dead = await ctx.db
    .select({ id: eventDeliveries.id, subscriber: eventDeliveries.subscriber, eventId: events.id, occurredAt: events.occurredAt })
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(conditions({ ...filter, state: "dead" }))
    .orderBy(asc(events.occurredAt), asc(events.id))
    .limit(limit + 1);
  const batch = dead.slice(0, limit);
  const order = registeredSubscribers().map((one) => one.name);
  batch.sort(
    (a, b) =>
      a.occurredAt.getTime() - b.occurredAt.getTime() ||
      (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0) ||
      order.indexOf(a.subscriber) - order.indexOf(b.subscriber),
  );
  const reset = new Set(
    await resetDeliveries(
      ctx,
      batch.map((row) => row.id),
      ["dead"],
    ),
  );
  let done = 0;
  let failed = 0;
  for (const row of batch) {
    if (!reset.has(row.id)) continue;
    const outcome = await deliver(ctx, row.id);
    if (outcome === "done") done += 1;
    else if (outcome === "failed" || outcome === "dead") failed += 1;
  }
  return { replayed: reset.size, done, failed, more: dead.length > limit };
}

/**
 * A subscriber added after events of its type were recorded has no delivery for them (deliveries are written with the
 * event). The backfill gives it those events, oldest first, `batch` at a time: each in a transaction that writes the
 * subscriber's delivery row as done and runs it with `meta.backfill` (so it may keep old news quiet). The delivery's
 * unique (event, subscriber) makes it run once per event however often, and from however many places, it is started.
 * Answers how many events it delivered.
 */
export async function backfillSubscriber(ctx: AppContext, name: string, batch = REPLAY_BATCH): Promise<number> {
  const handler = registeredSubscribers().find((one) => one.name === name);
  if (!handler) throw new Error(`no subscriber ${name}`);
  let delivered = 0;
  for (;;) {
    const missing = await ctx.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.type, handler.event),
          sql`not exists (select 1 from ${eventDeliveries} where ${eventDeliveries.eventId} = ${events.id} and ${eventDeliveries.subscriber} = ${name})`,
        ),
      )
      .orderBy(asc(events.occurredAt), asc(events.id))
      .limit(batch);
    for (const event of missing) {
      await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const [claimed] = await tx
          .insert(eventDeliveries)
          .values({ eventId: event.id, subscriber: name, state: "done", attempts: 1, runAt: now, doneAt: now })
          .onConflictDoNothing()
          .returning({ id: eventDeliveries.id });
        if (!claimed) return;
        await runBackfillHandler(ctx, tx, name, event);
        delivered += 1;
      });
    }
    if (missing.length < batch) return delivered;
  }
}
