import { index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { shops } from "./shops";

/**
 * The franchise and affinity stores a franchise shop lists in its store (commerce-and-accounts §4 'Franchise in a
 * shop': in_store is true while the row exists). One row per pair, so adding twice keeps one entry.
 */
export const shopFranchises = pgTable(
  "shop_franchises",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    franchiseShopId: uuid("franchise_shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.franchiseShopId] }), index("shop_franchises_franchise_idx").on(t.franchiseShopId)],
);
