import { subscriber } from "../../events/bus";
import { creditAvailableCommissions } from "./service";

/** The wallet follows the commissions ledger: an available commission is credited to its beneficiary's wallet. */
export const walletSubscribers = [
  subscriber("commission.available", "wallet.credit-commissions", async (tx, released, _ctx, meta) => {
    await creditAvailableCommissions(tx, released.commission_ids, meta.occurredAt);
  }),
];
