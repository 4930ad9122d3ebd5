import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { shops } from "./shops";

/** Uploaded images (gallery): the stored URL, its storage key and the sampled main colours. */
export const galleryImages = pgTable(
  "gallery_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    storageKey: text("storage_key"),
    mainColors: jsonb("main_colors").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("gallery_images_owner_idx").on(table.ownerId)],
);

/** Store banners (1400x450): a desktop and a mobile gallery image, a link or a product, and an audience. */
export const banners = pgTable(
  "banners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    image: text("image").notNull(),
    imageId: uuid("image_id"),
    mobileImage: text("mobile_image").notNull(),
    mobileImageId: uuid("mobile_image_id"),
    type: text("type").notNull().default("URL"),
    url: text("url"),
    product: uuid("product"),
    target: text("target").notNull().default("all"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("banners_shop_idx").on(table.shopId, table.position)],
);

/** Header banners: title, subtitle, description and an optional call to action, per audience. */
export const headerBanners = pgTable(
  "header_banners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    description: text("description"),
    target: text("target").notNull().default("all"),
    actionType: text("action_type").notNull().default("none"),
    url: text("url"),
    buttonLabel: text("button_label"),
    product: uuid("product"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("header_banners_shop_idx").on(table.shopId)],
);

/** Carousel slides of the storefront slider: desktop (hzt) and mobile (vrt) images, a link or product, an audience. */
export const carouselSlides = pgTable(
  "carousel_slides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    hztImage: text("hzt_image").notNull(),
    hztImageId: uuid("hzt_image_id"),
    vrtImage: text("vrt_image").notNull(),
    vrtImageId: uuid("vrt_image_id"),
    type: text("type").notNull().default("URL"),
    product: uuid("product"),
    supplier: text("supplier"),
    url: text("url"),
    urlTarget: boolean("url_target").notNull().default(false),
    actionType: text("action_type").notNull().default("none"),
    target: text("target").notNull().default("all"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("carousel_slides_shop_idx").on(table.shopId, table.position)],
);
