import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The login name: the e-mail, or the phone with its country code. */
  username: text("username").notNull().unique(),
  email: text("email"),
  phone: text("phone"),
  countryCode: text("country_code"),
  country: text("country"),
  fullName: text("full_name").notNull().default(""),
  passwordHash: text("password_hash"),
  image: text("image"),
  /** ul0 registered, ul1 entrepreneur without store, ul2 entrepreneur with store, ul3. */
  userLevel: integer("user_level").notNull().default(0),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque session ids live only in the visitor's cookie; the table keeps their SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);
