import type { Locale } from "@tianguis/domain/locale";
import type { ExportParams } from "@tianguis/domain/schemas/report";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
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

/*
 * The dashboard's read model (issue 29 §4: under 100 ms at 100,000 orders): sales kept per shop and local day as they
 * happen, by the reports module's subscribers to purchase.paid and order.state_changed (modules/reports/read-model.ts),
 * so a widget adds up at most a year of days instead of a year of orders. `day` is the order's creation date in
 * REPORT_TIME_ZONE, as the orders report dates it. Migration 0043 fills them from the orders that existed before
 * (the `reports_rebuild_sales` function), and keeps that function for a shop whose orders were written around the
 * events (the demo seed, the scale test).
 */

/** Which orders the read model counts as sales now: a subscriber flips the flag once, and adds or takes the order away with it. */
export const reportCountedOrders = pgTable("report_counted_orders", {
  orderId: uuid("order_id").primaryKey(),
  shopId: uuid("shop_id")
    .notNull()
    .references(() => shops.id, { onDelete: "cascade" }),
  counted: boolean("counted").notNull(),
});

/** A shop's sales of one local day in one currency: the orders counted and their totals (minor units). */
export const reportDailySales = pgTable(
  "report_daily_sales",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    orders: integer("orders").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.day, table.currency] })],
);

/**
 * A product's sales of one local day: units, line totals and how many order lines, by the name the lines carried and
 * their currency (so the best sellers' name and currency are those of the lines still counted, as the orders say).
 */
export const reportDailyProductSales = pgTable(
  "report_daily_product_sales",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    productId: uuid("product_id").notNull(),
    name: text("name").notNull(),
    currency: text("currency").notNull(),
    lines: integer("lines").notNull(),
    units: integer("units").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.day, table.productId, table.name, table.currency] })],
);
