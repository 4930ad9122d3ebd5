import { subscriber } from "../../events/bus";
import { creditAvailableCommissions, debitReversedCommissions } from "./service";

/**
 * The wallet follows the commissions ledger: an available commission is credited to its beneficiary's wallet, and one
 * reversed after it got there (a refunded membership period) is debited with its reason.
 */
export const walletSubscribers = [
  subscriber("commission.available", "wallet.credit-commissions", async (tx, released, _ctx, meta) => {
    await creditAvailableCommissions(tx, released.commission_ids, meta.occurredAt);
  }),
  subscriber("commission.reversed", "wallet.debit-reversed-commission", async (tx, reversed, _ctx, meta) => {
    const row = {
      commissionId: reversed.commission_id,
      beneficiaryId: reversed.beneficiary_id,
      currency: reversed.currency,
      amount: reversed.amount,
    };
    await debitReversedCommissions(tx, [row], reversed.reason, meta.occurredAt);
  }),
];
