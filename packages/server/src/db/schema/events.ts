import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The outbox: each domain event a module records, in the transaction that changed its state (packages/domain/src/events.ts).
 * Nothing is deleted: it is the purchase's history too.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    version: integer("version").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The W3C traceparent of the trace that recorded it (OpenTelemetry on): its deliveries join that trace. */
    traceContext: text("trace_context"),
  },
  (table) => [index("events_type_idx").on(table.type, table.occurredAt)],
);

/**
 * One row per (event, subscriber), written with the event: the subscriber runs once, in a transaction that also marks
 * its row 'done', claimed with FOR UPDATE SKIP LOCKED so that any number of instances share the work. A failure waits
 * `run_at` and is retried; after the last attempt the row is 'dead' until an operator replays it.
 */
export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    subscriber: text("subscriber").notNull(),
    state: text("state").$type<"pending" | "done" | "dead">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("event_deliveries_once_idx").on(table.eventId, table.subscriber),
    index("event_deliveries_due_idx")
      .on(table.runAt)
      .where(sql`${table.state} = 'pending'`),
    index("event_deliveries_dead_idx")
      .on(table.state)
      .where(sql`${table.state} = 'dead'`),
  ],
);
