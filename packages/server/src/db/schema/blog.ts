import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { shops } from "./shops";

/**
 * A shop's blog entries (commerce-and-accounts §7 'Blog'). The body is the editor's ProseMirror document as validated
 * JSON (schemas/blog.ts), never HTML; the excerpt is its text cut for list cards, kept at each save. The slug is the
 * entry's address under {base}/blogs/ and is unique per shop. Written by the blog module only.
 */
export const blogEntries = pgTable(
  "blog_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    /** Who wrote it; an author who closes the account leaves the entry without one. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    coverImage: text("cover_image"),
    coverImageId: uuid("cover_image_id"),
    body: jsonb("body").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** draft | published */
    state: text("state").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("blog_entries_shop_slug_idx").on(table.shopId, table.slug),
    index("blog_entries_shop_state_updated_idx").on(table.shopId, table.state, table.updatedAt.desc()),
  ],
);
