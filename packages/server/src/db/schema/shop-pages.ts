import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { shops } from "./shops";

/**
 * A shop's edited info page (storefront-and-admin §2, store footer: acerca, copyright, terms, privacidad).
 * A page without a row shows the default text built from the shop's data; resetting deletes the row.
 */
export const shopPages = pgTable(
  "shop_pages",
  {
    shopId: uuid("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    /** acerca | privacidad | terms | copyright */
    page: text("page").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.page] })],
);
