import type { ReturnInfo } from "@tianguis/domain/schemas/product";
import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { shops } from "./shops";

/** PostgreSQL tsvector, written only by the database (generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The supplier shop that owns the item. */
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type").notNull(),
    mainType: text("main_type").notNull().default("business"),
    /** Integer minor units. */
    listPrice: integer("list_price").notNull().default(0),
    currency: text("currency").notNull().default("MXN"),
    crossoutPrice: integer("crossout_price"),
    hidePrice: boolean("hide_price").notNull().default(false),
    isFree: boolean("is_free").notNull().default(false),
    isDropshipping: boolean("is_dropshipping").notNull().default(false),
    contributionMargin: integer("contribution_margin"),
    listState: text("list_state").notNull().default("published"),
    hiden: boolean("hiden").notNull().default(false),
    queuePosition: integer("queue_position").notNull().default(0),
    /** Units on hand for stock_type onstock; null for ondemand. Never negative. */
    stock: integer("stock"),
    stockType: text("stock_type").notNull().default("onstock"),
    maxPurchaseAmount: integer("max_purchase_amount"),
    experienceDate: timestamp("experience_date", { withTimezone: true }),
    variants: jsonb("variants").$type<Record<string, string>>().notNull().default({}),
    returnInfo: jsonb("return_info").$type<ReturnInfo>().notNull().default({ return_type: "disallowed" }),
    weightGrams: integer("weight_grams").notNull().default(500),
    /** The package's sides in whole centimetres (all three or none): couriers bill by volume when it outweighs the scale. */
    lengthCm: integer("length_cm"),
    widthCm: integer("width_cm"),
    heightCm: integer("height_cm"),
    category: text("category"),
    /** The seller's own code for the item: a product import matches rows to items by it (unique in the shop). */
    sku: text("sku"),
    /**
     * SAT's c_ClaveProdServ and c_ClaveUnidad its invoice lines carry (rules/sat-keys.ts); null: 01010101 by the piece,
     * or by the unit of service for services.
     */
    satProductKey: text("sat_product_key"),
    satUnitKey: text("sat_unit_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Full-text search document: Spanish config over unaccented name (weight A) and description (weight B). */
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('spanish'::regconfig, immutable_unaccent(coalesce(name, ''))), 'A') || setweight(to_tsvector('spanish'::regconfig, immutable_unaccent(coalesce(description, ''))), 'B')`,
    ),
  },
  (table) => [
    unique("products_shop_slug_unique").on(table.shopId, table.slug),
    unique("products_shop_sku_unique").on(table.shopId, table.sku),
    index("products_search_idx").using("gin", table.search),
    /** Trigram fallback for misspelt autocomplete terms. */
    index("products_name_trgm_idx").using("gin", sql`immutable_unaccent(lower(${table.name})) gin_trgm_ops`),
    index("products_category_idx").on(table.shopId, table.category),
    /** A shop's listing in its order (queue_position, newest first, id) and by price, read in index order at any depth. */
    index("products_shop_type_position_idx").on(
      table.shopId,
      table.type,
      table.queuePosition,
      table.createdAt.desc().nullsFirst(),
      table.id,
    ),
    index("products_shop_type_price_idx").on(table.shopId, table.type, table.listPrice, table.id),
    /** The reseller picker (modules/reseller): dropshipping items by margin, overall, per supplier and per category. */
    index("products_dropshipping_margin_idx")
      .on(table.type, table.contributionMargin.desc(), table.id)
      .where(sql`${table.isDropshipping}`),
    index("products_dropshipping_shop_idx")
      .on(table.shopId, table.type, table.contributionMargin.desc())
      .where(sql`${table.isDropshipping}`),
    index("products_dropshipping_category_idx")
      .on(table.category, table.type, table.contributionMargin.desc())
      .where(sql`${table.isDropshipping}`),
    /** Low stock on the seller's dashboard (modules/reports). */
    index("products_shop_low_stock_idx")
      .on(table.shopId, table.stock)
      .where(sql`${table.stockType} = 'onstock'`),
    check("products_stock_not_negative", sql`${table.stock} IS NULL OR ${table.stock} >= 0`),
    check("products_price_not_negative", sql`${table.listPrice} >= 0`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    original: text("original").notNull(),
    thumb: text("thumb").notNull(),
    card: text("card").notNull(),
    /** The detail page's WebP, fitted inside 800x800; null for images stored before it existed (the page shows the original). */
    large: text("large"),
    alt: text("alt"),
  },
  (table) => [index("product_images_product_idx").on(table.productId, table.position)],
);

/** A reseller (affiliate, affinity, franchise) store showing another supplier's item: the item is "in store". */
export const storeProducts = pgTable(
  "store_products",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    queuePosition: integer("queue_position").notNull().default(0),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.productId] }),
    /** The resold half of a shop's listing in the shop's order. */
    index("store_products_shop_position_idx").on(table.shopId, table.queuePosition),
  ],
);
