import { describe, expect, it } from "vitest";
import {
  canMoveReturn,
  decideRefund,
  decideReturnStart,
  effectiveReturnPolicy,
  refundableAmount,
  returnDeadline,
  returnRefundAmount,
  returnableQuantity,
} from "./returns";

const allowed = { return_type: "72hrs", return_fees: "free" } as const;
const delivered = new Date("2026-03-01T10:00:00Z");
const hours = (n: number) => new Date(delivered.getTime() + n * 3600_000);

describe("the 72-hour return window (§9)", () => {
  it("closes exactly 72 hours after delivery", () => {
    expect(returnDeadline(delivered).toISOString()).toBe("2026-03-04T10:00:00.000Z");
  });
  it.each([
    [0, null],
    [71.99, null],
    [72, null],
    [72.001, "return_deadline_expired"],
    [200, "return_deadline_expired"],
  ])("%s hours after delivery → %s", (elapsed, expected) => {
    expect(decideReturnStart({ orderState: "delivered", deliveredAt: delivered, now: hours(elapsed), policies: [allowed] })).toBe(expected);
  });
  it("refuses a cancelled order whatever the time", () => {
    for (const state of ["canceled_by_customer", "canceled_by_supplier", "canceled"]) {
      expect(decideReturnStart({ orderState: state, deliveredAt: delivered, now: hours(1), policies: [allowed] })).toBe(
        "return_order_canceled",
      );
    }
  });
  it("refuses an order not delivered yet", () => {
    expect(decideReturnStart({ orderState: "on_the_way", deliveredAt: null, now: hours(1), policies: [allowed] })).toBe(
      "return_not_delivered",
    );
  });
  it("refuses when a line's policy disallows returns", () => {
    const policies = [allowed, { return_type: "disallowed" as const }];
    expect(decideReturnStart({ orderState: "delivered", deliveredAt: delivered, now: hours(1), policies })).toBe("return_disallowed");
  });
});

describe("the policy that applies", () => {
  const shop = { return_type: "72hrs", return_fees: "restocking_fees", restocking_fees: 500 } as const;
  it("is the shop's when the product keeps the bare default", () => {
    expect(effectiveReturnPolicy(shop, { return_type: "disallowed" })).toEqual(shop);
    expect(effectiveReturnPolicy(shop, null)).toEqual(shop);
  });
  it("is the product's when it sets its own", () => {
    const own = { return_type: "72hrs", return_fees: "free" } as const;
    expect(effectiveReturnPolicy(shop, own)).toEqual(own);
    const closed = { return_type: "disallowed", return_policy: "customized", return_policy_legend: "Final sale" } as const;
    expect(effectiveReturnPolicy(shop, closed)).toEqual(closed);
  });
});

describe("returnable quantity", () => {
  it.each([
    [3, 0, 3],
    [3, 2, 1],
    [3, 3, 0],
    [3, 5, 0],
  ])("delivered %s, returned %s → %s", (deliveredQty, returned, expected) => {
    expect(returnableQuantity(deliveredQty, returned)).toBe(expected);
  });
});

describe("return refund by fees", () => {
  const base = { goods: 10_000, orderGoods: 20_000, orderShipping: 1_999, returnShipping: 1_500, available: 21_999 };
  it.each([
    ["free", 10_999],
    ["customer_all", 8_500],
    ["customer_feed", 9_499],
    ["original_fees", 10_000],
    ["restocking_fees", 9_250],
  ] as const)("%s → %s", (fees, expected) => {
    expect(returnRefundAmount({ ...base, policy: { return_type: "72hrs", return_fees: fees, restocking_fees: 750 } })).toBe(expected);
  });
  it("never goes below zero nor above what is available", () => {
    const policy = { return_type: "72hrs", return_fees: "restocking_fees", restocking_fees: 50_000 } as const;
    expect(returnRefundAmount({ ...base, policy })).toBe(0);
    expect(returnRefundAmount({ ...base, available: 3_000, policy: allowed })).toBe(3_000);
  });
});

describe("refundable amount and refund decision", () => {
  it("subtracts pending and successful refunds, not failed ones", () => {
    const refunds = [
      { amount: 1_000, status: "success" },
      { amount: 2_000, status: "pending" },
      { amount: 5_000, status: "failed" },
    ];
    expect(refundableAmount(10_000, refunds)).toBe(7_000);
    expect(refundableAmount(2_000, refunds)).toBe(0);
  });
  it.each([
    ["delivered", 7_000, 7_000, null],
    ["delivered", 7_001, 7_000, "refund_exceeds_available"],
    ["paid", 0, 7_000, "refund_amount_invalid"],
    ["paid", 1.5, 7_000, "refund_amount_invalid"],
    ["pending_payment", 100, 7_000, "refund_order_not_paid"],
    ["canceled_by_supplier", 100, 7_000, "refund_order_not_paid"],
  ] as const)("%s, %s of %s → %s", (orderState, amount, available, expected) => {
    expect(decideRefund({ orderState, amount, available })).toBe(expected);
  });
});

describe("return states", () => {
  it("open → accepted | rejected, accepted → closed, nothing else", () => {
    expect(canMoveReturn("open", "accepted")).toBe(true);
    expect(canMoveReturn("open", "rejected")).toBe(true);
    expect(canMoveReturn("accepted", "closed")).toBe(true);
    expect(canMoveReturn("open", "closed")).toBe(false);
    expect(canMoveReturn("rejected", "accepted")).toBe(false);
    expect(canMoveReturn("closed", "open")).toBe(false);
  });
});
