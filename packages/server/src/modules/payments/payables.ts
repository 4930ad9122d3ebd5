import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";

/**
 * Payments that are not a shop purchase (a membership package, later a subscription charge) and live in their own
 * module's table. The gateway's 3-D Secure and approval pages and its webhooks know payments by id; when an id is not a
 * purchase's payment, this module asks the registered payables, so their owner settles them in its own tables.
 */
export interface Payable {
  /** The attempt's amount (and the gateway's reference, once known) when `paymentId` is one of its attempts, else null. */
  find(db: DbOrTx, paymentId: string): Promise<{ amount: number; currency: string; ref: string | null } | null>;
  /** The gateway took the money: settle once (false when it was settled already or given up). */
  settle(ctx: AppContext, paymentId: string, ref: string): Promise<boolean>;
  /** The gateway refused the charge. */
  fail(ctx: AppContext, paymentId: string, code: string): Promise<void>;
}

const payables = new Map<string, Payable>();

/** Called where the app is composed, like registerJob. */
export function registerPayable(kind: string, payable: Payable): void {
  payables.set(kind, payable);
}

/** The payable owning `paymentId` and its amount, or null. */
export async function findPayable(db: DbOrTx, paymentId: string) {
  for (const payable of payables.values()) {
    const found = await payable.find(db, paymentId);
    if (found) return { payable, ...found };
  }
  return null;
}
