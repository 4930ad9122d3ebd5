import { subscriber } from "../../events/bus";
import { shortenRefundedMembership } from "./service";

/** Memberships follow what happens to the periods that paid them: a refunded package gives its unused time back. */
export const subscriptionsSubscribers = [
  subscriber("membership.refunded", "subscriptions.membership-refunded", async (tx, refund, _ctx, meta) => {
    await shortenRefundedMembership(tx, refund, meta.occurredAt);
  }),
];
