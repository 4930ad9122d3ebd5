import type { ImportedProduct } from "@tianguis/domain/rules/product-import";
import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { shops } from "./shops";

/**
 * A product import (issue 29 §1): a file read once into its rows at the dry run ('previewed'), then written by the job
 * ('queued' → 'running' → 'done') batch after batch; `cursor` is the last line written, so a resumed job goes on from
 * there. The planned counts are the dry run's; created/updated are what the job did.
 */
export const productImports = pgTable(
  "product_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** The file's header row as written: the rejected rows file repeats it, so the seller can fix and upload that file. */
    header: jsonb("header").$type<string[]>().notNull(),
    state: text("state").notNull().default("previewed"),
    totalRows: integer("total_rows").notNull(),
    toCreate: integer("to_create").notNull(),
    toUpdate: integer("to_update").notNull(),
    rejected: integer("rejected").notNull(),
    processed: integer("processed").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    cursor: integer("cursor").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [index("product_imports_shop_created_idx").on(table.shopId, table.createdAt)],
);

/** One data row of an import's file: what it writes (`product`) or why it is rejected (`code`, `column`), and its cells. */
export const productImportRows = pgTable(
  "product_import_rows",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => productImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    product: jsonb("product").$type<ImportedProduct>(),
    code: text("code"),
    column: text("column"),
    cells: jsonb("cells").$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.line] })],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The photos an import's rows name inside the ZIP uploaded with its file, kept from the dry run until the job has
 * stored them (only the ones valid rows name; `name` is the entry's path as the archive spells it). In the database, so
 * a job resumed on another instance or after a restart finds them; deleted with the import's last batch.
 */
export const productImportPhotos = pgTable(
  "product_import_photos",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => productImports.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.name] })],
);
