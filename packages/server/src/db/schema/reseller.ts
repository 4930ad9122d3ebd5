import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { catalogues } from "./catalogues";
import { shops } from "./shops";

/**
 * A supplier's dropshipping policy: which resellers may sell its dropshipping items. No row means "all".
 * 'approved': only resellers whose access request the supplier approved.
 */
export const dropshippingPolicies = pgTable(
  "dropshipping_policies",
  {
    supplierShopId: uuid("supplier_shop_id")
      .primaryKey()
      .references(() => shops.id, { onDelete: "cascade" }),
    audience: text("audience").notNull().default("all"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("dropshipping_policies_audience", sql`${table.audience} in ('all', 'approved')`)],
);

/** A reseller shop asking a supplier for access to its dropshipping items: pending → approved | rejected. */
export const resellerAccess = pgTable(
  "reseller_access",
  {
    supplierShopId: uuid("supplier_shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    resellerShopId: uuid("reseller_shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    state: text("state").notNull().default("pending"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.supplierShopId, table.resellerShopId] }),
    index("reseller_access_reseller_idx").on(table.resellerShopId, table.state),
    check("reseller_access_state", sql`${table.state} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * "Add all": every item matching the picker's filters goes to the store or a catalogue, in batches, as a job.
 * The client's key makes a retry return the same bulk add; inserts ignore items already there, so no duplicates.
 */
export const bulkAdds = pgTable(
  "bulk_adds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    catalogueId: uuid("catalogue_id").references(() => catalogues.id, { onDelete: "cascade" }),
    filters: jsonb("filters").$type<Record<string, string>>().notNull(),
    state: text("state").notNull().default("running"),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    /** Keyset cursor: the last product id handled. */
    cursor: uuid("cursor"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [unique("bulk_adds_shop_key_unique").on(table.shopId, table.key)],
);
