import { subscriber } from "../../events/bus";
import { creditSmsPackage } from "./service";

/** The SMS ledger follows its purchases: a paid package's credits are added once. */
export const smsSubscribers = [
  subscriber("sms.package_paid", "sms.credit-package", async (tx, paid, _ctx, meta) => {
    await creditSmsPackage(tx, paid, meta.occurredAt);
  }),
];
