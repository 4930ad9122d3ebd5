import { type AddressFields, type DeliveryAddress, MAX_SAVED_ADDRESSES, type SavedAddressView } from "@tianguis/domain/schemas/address";
import { and, desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { customerAddresses } from "../../db/schema/addresses";
import { AppError } from "../../http/errors";

type Row = typeof customerAddresses.$inferSelect;

function view(row: Row): SavedAddressView {
  return { ...(row.fields as DeliveryAddress), id: row.id, last_used_at: row.lastUsedAt?.toISOString() ?? null };
}

/** Empty strings are not kept: an address holds only the fields the customer filled in. */
function compact(fields: AddressFields): AddressFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === "string" && value !== "")) as AddressFields;
}

/** The customer's addresses, the most recently used first. */
export async function listAddresses(ctx: AppContext, userId: string): Promise<SavedAddressView[]> {
  const rows = await ctx.db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(sql`${customerAddresses.lastUsedAt} desc nulls last`, desc(customerAddresses.createdAt));
  return rows.map(view);
}

const sameFields = (a: AddressFields, b: AddressFields) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Adds an address to the book when it has room (at most MAX_SAVED_ADDRESSES); null when it is full. The same
 * address saved again is not duplicated: the saved one is returned (and marked as used when usedAt is given).
 */
export async function keepAddress(
  db: DbOrTx,
  userId: string,
  fields: DeliveryAddress,
  usedAt: Date | null = null,
): Promise<SavedAddressView | null> {
  const wanted = compact(fields);
  const existing = await db.select().from(customerAddresses).where(eq(customerAddresses.userId, userId));
  const same = existing.find((row) => sameFields(row.fields, wanted));
  if (same) {
    if (!usedAt) return view(same);
    const [row] = await db.update(customerAddresses).set({ lastUsedAt: usedAt }).where(eq(customerAddresses.id, same.id)).returning();
    return view(row);
  }
  if (existing.length >= MAX_SAVED_ADDRESSES) return null;
  const [row] = await db.insert(customerAddresses).values({ userId, fields: wanted, lastUsedAt: usedAt }).returning();
  return view(row);
}

export async function saveAddress(db: DbOrTx, userId: string, fields: DeliveryAddress): Promise<SavedAddressView> {
  const saved = await keepAddress(db, userId, fields);
  if (!saved) throw new AppError("address_limit_reached", { details: { max: MAX_SAVED_ADDRESSES } });
  return saved;
}

export async function updateAddress(ctx: AppContext, userId: string, id: string, fields: DeliveryAddress): Promise<SavedAddressView> {
  const [row] = await ctx.db
    .update(customerAddresses)
    .set({ fields: compact(fields) })
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
    .returning();
  if (!row) throw new AppError("address_not_found", { status: 404 });
  return view(row);
}

export async function deleteAddress(ctx: AppContext, userId: string, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
    .returning({ id: customerAddresses.id });
  if (deleted.length === 0) throw new AppError("address_not_found", { status: 404 });
}

/** The customer's saved address for a purchase (another customer's id is not found), marked as just used. */
export async function useAddress(db: DbOrTx, userId: string, id: string, usedAt: Date): Promise<AddressFields> {
  const [row] = await db
    .update(customerAddresses)
    .set({ lastUsedAt: usedAt })
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
    .returning({ fields: customerAddresses.fields });
  if (!row) throw new AppError("address_not_found", { status: 404, fields: { address_id: "address_not_found" } });
  return row.fields;
}
