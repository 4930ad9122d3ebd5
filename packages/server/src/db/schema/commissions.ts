import { commissionSources, commissionStates } from "@tianguis/domain/rules/commission";
import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orderItems, orders } from "./orders";
import { shops } from "./shops";

const inList = (values: readonly string[]) => sql.raw(`(${values.map((value) => `'${value}'`).join(", ")})`);

/**
 * The commission ledger (commerce-and-accounts §6, §9): one row per paid order line that carries a dropshipping margin
 * and has a beneficiary, and one per paid membership period bought through a promoter (15 %, issue 30 §4; no order,
 * no supplier: the platform pays it). Margin, rate and amount are frozen when the purchase is paid; the row then moves
 * pending → available (delivered and past the 72-hour return window) → paid (the supplier paid it), or → reversed.
 * A partial refund raises `reversed_amount` and leaves the state; what is owed is always `amount − reversed_amount`.
 */
export const commissions = pgTable(
  "commissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One commission per line, whatever replays the payment: the unique key the paid step inserts against. */
    orderItemId: uuid("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    /** The shop that owes the commission: the order's supplier. */
    supplierId: uuid("supplier_id").references(() => shops.id),
    /** The shop the purchase was made in (the reseller's store, or the supplier's own for a promoter's referral). */
    storeId: uuid("store_id").references(() => shops.id),
    /**
     * A membership's commission (source 'membership', issue 30 §4): the paid period it comes from (a subscription's
     * charge or a package's purchase), one commission each, and which of the two. Null for a sale's commission.
     */
    membershipChargeId: uuid("membership_charge_id"),
    membershipSource: text("membership_source"),
    /** The plan the period paid for (rules/plans.ts). */
    membershipPlanId: text("membership_plan_id"),
    beneficiaryId: uuid("beneficiary_id")
      .notNull()
      .references(() => users.id),
    /** reseller (the store's owner) or promoter (the purchase's referral code). */
    source: text("source").notNull(),
    quantity: integer("quantity").notNull(),
    /** The product's contribution margin per unit when it was paid (minor units). */
    unitMargin: integer("unit_margin").notNull(),
    /** The beneficiary's plan commission rate when it was paid (0.5 for the professional plan). */
    rate: numeric("rate", { precision: 5, scale: 4 }).notNull(),
    amount: integer("amount").notNull(),
    reversedAmount: integer("reversed_amount").notNull().default(0),
    currency: text("currency").notNull(),
    state: text("state").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    availableAt: timestamp("available_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** How a paid commission reached its beneficiary: 'wallet' (credited to their wallet) or 'outside' (marked paid by hand). */
    paidVia: text("paid_via"),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    unique("commissions_order_item_unique").on(table.orderItemId),
    unique("commissions_membership_charge_unique").on(table.membershipChargeId),
    check(
      "commissions_sale_or_membership",
      sql`(${table.orderItemId} is not null and ${table.orderId} is not null and ${table.supplierId} is not null and ${table.storeId} is not null) or ${table.membershipChargeId} is not null`,
    ),
    index("commissions_beneficiary_idx").on(table.beneficiaryId, table.createdAt),
    index("commissions_supplier_state_idx").on(table.supplierId, table.state),
    index("commissions_order_idx").on(table.orderId),
    /** What a store earned from others' products, on its dashboard (modules/reports). */
    index("commissions_store_state_idx").on(table.storeId, table.state),
    check("commissions_state_known", sql`${table.state} in ${inList(commissionStates)}`),
    check("commissions_source_known", sql`${table.source} in ${inList(commissionSources)}`),
    check("commissions_amounts_sane", sql`${table.amount} >= 0 and ${table.reversedAmount} between 0 and ${table.amount}`),
  ],
);
