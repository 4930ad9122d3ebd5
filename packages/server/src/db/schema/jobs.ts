import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Deferred work (bank-transfer deadlines, …) claimed with FOR UPDATE SKIP LOCKED so each runs once across instances. */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The W3C traceparent of the trace that queued it (OpenTelemetry on): its run joins that trace. */
    traceContext: text("trace_context"),
  },
  (table) => [
    index("jobs_due_idx").on(table.runAt),
    // Jobs that gave up, counted at every /metrics scrape.
    index("jobs_dead_idx")
      .on(table.doneAt)
      .where(sql`${table.lastError} is not null and ${table.doneAt} is not null`),
  ],
);
