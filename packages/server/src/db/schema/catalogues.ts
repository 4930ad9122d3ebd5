import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { shops } from "./shops";

/** A shop's named selection of items ("Mis catálogos"), ordered by position. */
export const catalogues = pgTable(
  "catalogues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    photo: text("photo"),
    position: integer("position").notNull().default(0),
    /** The catalogue this one was duplicated from. */
    originId: uuid("origin_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("catalogues_shop_slug_unique").on(table.shopId, table.slug),
    index("catalogues_shop_position_idx").on(table.shopId, table.position),
  ],
);

export const catalogueProducts = pgTable(
  "catalogue_products",
  {
    catalogueId: uuid("catalogue_id")
      .notNull()
      .references(() => catalogues.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Zero-based place of the item inside the catalogue. */
    queuePosition: integer("queue_position").notNull().default(0),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.catalogueId, table.productId] }),
    index("catalogue_products_position_idx").on(table.catalogueId, table.queuePosition),
  ],
);
