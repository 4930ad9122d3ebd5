import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { orderItems } from "./orders";

/** The one file a digital item delivers, kept in private storage under `storage_key` (never a public URL). */
export const digitalFiles = pgTable("digital_files", {
  productId: uuid("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  storageKey: text("storage_key").notNull(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
});

/** How many times a bought digital item was downloaded; the conditional upsert keeps it at most the limit. */
export const downloadCounts = pgTable(
  "download_counts",
  {
    orderItemId: uuid("order_item_id")
      .primaryKey()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    used: integer("used").notNull().default(0),
    lastDownloadedAt: timestamp("last_downloaded_at", { withTimezone: true }).notNull(),
  },
  (table) => [check("download_counts_used_not_negative", sql`${table.used} >= 0`)],
);
