import type { Locale } from "@tianguis/domain/locale";
import type { ExportParams } from "@tianguis/domain/schemas/report";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { shops } from "./shops";

/**
 * One export (issue 29 §2): what was asked (kind, format, the seller's filters), by whom, for which shop (none for a
 * user's financial report across their shops), and the job's progress and file. The file lives in private storage
 * under `file_key`; the download checks who asks and `expires_at`.
 */
export const exportsTable = pgTable(
  "exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id").references(() => shops.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    format: text("format").notNull(),
    params: jsonb("params").$type<ExportParams>().notNull(),
    /** Headers and state names are written in the requester's language. */
    locale: text("locale").$type<Locale>().notNull(),
    state: text("state").notNull().default("queued"),
    rowsDone: integer("rows_done").notNull().default(0),
    rowsTotal: integer("rows_total"),
    sizeBytes: integer("size_bytes"),
    fileName: text("file_name").notNull(),
    fileKey: text("file_key"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [
    index("exports_shop_created_idx").on(table.shopId, table.createdAt),
    index("exports_requester_created_idx").on(table.requestedBy, table.createdAt),
    check("exports_state_known", sql`${table.state} in ('queued', 'running', 'done', 'failed')`),
    check("exports_kind_known", sql`${table.kind} in ('orders', 'products', 'financial')`),
    check("exports_format_known", sql`${table.format} in ('csv', 'xlsx')`),
  ],
);
