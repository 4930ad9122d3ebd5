import type { AuditChanges } from "@tianguis/domain/schemas/audit";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The audit log (issue 33 §3; modules/audit owns it): one row per write a shop's people or the platform admin made, with
 * who (id and name as they were), in which role, when, what (kind, action, the changed record) and the changed fields'
 * before and after, and the request's source address. Append-only: a trigger (migration 'audit_log') refuses UPDATE and
 * DELETE except the retention purge, which sets `tianguis.audit_purge` in its own transaction. No foreign keys on
 * purpose: deleting a shop or an account must neither cascade into its history nor be refused by it.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The shop the change belongs to; null for the platform admin's changes to no shop. */
    shopId: uuid("shop_id"),
    actorId: uuid("actor_id"),
    actorName: text("actor_name"),
    /** owner, admin, accountant, dispatcher, qrreader, platform_admin, customer or system (no signed-in user). */
    actorRole: text("actor_role").notNull(),
    /** settings, payment_account, product, price, order, refund, collaborator, platform. */
    kind: text("kind").notNull(),
    /** What happened to the record: create, update, delete, or a use case's name (next_action, cancel, disable, ...). */
    action: text("action").notNull(),
    entityId: text("entity_id"),
    /** What the owner recognises the record by (a product's name, an order's number, an invited e-mail). */
    entityLabel: text("entity_label"),
    changes: jsonb("changes").$type<AuditChanges>().notNull(),
    sourceAddress: text("source_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_entries_shop_created_idx").on(table.shopId, table.createdAt),
    index("audit_entries_created_idx").on(table.createdAt),
  ],
);
