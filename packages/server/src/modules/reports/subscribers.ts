import { isSaleState } from "@tianguis/domain/rules/reports";
import { subscriber } from "../../events/bus";
import { recountOrderSales } from "./read-model";

/** The dashboard's read model follows the sales: a paid purchase's orders count, a cancelled order no longer does. */
export const reportsSubscribers = [
  subscriber("purchase.paid", "reports.count-sales", async (tx, purchase) => {
    await recountOrderSales(tx, purchase.order_ids);
  }),
  subscriber("order.state_changed", "reports.recount-sale", async (tx, change) => {
    if (isSaleState(change.from) !== isSaleState(change.to)) await recountOrderSales(tx, [change.order_id]);
  }),
];
