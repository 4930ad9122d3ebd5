import { describe, expect, it } from "vitest";
import {
  acceptedPaymentMethods,
  billableWeightGrams,
  groupBySupplier,
  isSupplierConfigured,
  paymentMethods,
  secondsLeft,
} from "./checkout";

describe("checkout", () => {
  it("groups cart lines per supplier with integer subtotals", () => {
    const groups = groupBySupplier([
      { product_id: "a", supplier_id: "s1", unit_price: 18900, quantity: 2, currency: "MXN" },
      { product_id: "b", supplier_id: "s2", unit_price: 9500, quantity: 1, currency: "MXN" },
      { product_id: "c", supplier_id: "s1", unit_price: 32000, quantity: 1, currency: "MXN" },
    ]);
    expect(groups.map((group) => [group.supplier_id, group.subtotal, group.lines.length])).toEqual([
      ["s1", 69800, 2],
      ["s2", 9500, 1],
    ]);
  });
  it("counts down to zero and never below", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(secondsLeft(new Date("2026-01-01T00:01:30Z"), now)).toBe(90);
    expect(secondsLeft(new Date("2025-12-31T23:59:00Z"), now)).toBe(0);
  });
});

describe("payment methods of a purchase (supplier_info.enabled_payment_types)", () => {
  it("offers what every supplier accepts, in the checkout's order", () => {
    expect(
      acceptedPaymentMethods([
        ["paypal", "str_card", "openpay_bank"],
        ["str_card", "paypal"],
      ]),
    ).toEqual(["str_card", "paypal"]);
  });
  it("offers every method when each supplier accepts them all", () => {
    expect(acceptedPaymentMethods([[...paymentMethods], [...paymentMethods]])).toEqual([...paymentMethods]);
  });
  it("offers nothing when the suppliers share no method, or there are none", () => {
    expect(acceptedPaymentMethods([["paypal"], ["str_card"]])).toEqual([]);
    expect(acceptedPaymentMethods([])).toEqual([]);
  });
  it("ignores ids the platform does not know", () => {
    expect(acceptedPaymentMethods([["cheque", "str_card"]])).toEqual(["str_card"]);
  });
  it("counts a supplier as configured when enabled with at least one known method", () => {
    expect(isSupplierConfigured({ disabled: false, enabled_payment_types: ["str_card"] })).toBe(true);
    expect(isSupplierConfigured({ disabled: true, enabled_payment_types: ["str_card"] })).toBe(false);
    expect(isSupplierConfigured({ disabled: false, enabled_payment_types: [] })).toBe(false);
    expect(isSupplierConfigured({ disabled: false, enabled_payment_types: ["cheque"] })).toBe(false);
  });

  it("bills a parcel by its volume when that outweighs the scale, and by weight without the three sides", () => {
    const box = { weightGrams: 500, lengthCm: 40, widthCm: 30, heightCm: 20 };
    expect(billableWeightGrams(box)).toBe(4_800);
    expect(billableWeightGrams({ ...box, weightGrams: 6_000 })).toBe(6_000);
    expect(billableWeightGrams({ ...box, heightCm: null })).toBe(500);
    expect(billableWeightGrams({ weightGrams: 400, lengthCm: 10, widthCm: 10, heightCm: 3 })).toBe(400);
  });
});
