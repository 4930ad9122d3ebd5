import { describe, expect, it } from "vitest";
import { canDecrease, checkQuantity, isBlockedQuantityKey } from "./cart-quantity";

const stocked = { available: 5, stock_type: "onstock" as const, max_purchase_amount: null };

describe("cart quantity", () => {
  it("accepts an integer of at least 1 within stock", () => {
    expect(checkQuantity("3", stocked)).toEqual({ ok: true, quantity: 3 });
    expect(checkQuantity(5, stocked)).toEqual({ ok: true, quantity: 5 });
  });
  it("ignores zero, empty and non-integer input", () => {
    expect(checkQuantity("0", stocked)).toEqual({ ok: false, code: "ignored" });
    expect(checkQuantity("", stocked)).toEqual({ ok: false, code: "ignored" });
    expect(checkQuantity("1.5", stocked)).toEqual({ ok: false, code: "ignored" });
    expect(checkQuantity("-2", stocked)).toEqual({ ok: false, code: "ignored" });
  });
  it("warns quantityExceeded above the available stock", () => {
    expect(checkQuantity("6", stocked)).toEqual({ ok: false, code: "quantityExceeded", max: 5 });
  });
  it("lets on-demand items exceed the stock", () => {
    expect(checkQuantity("60", { ...stocked, stock_type: "ondemand" })).toEqual({ ok: true, quantity: 60 });
  });
  it("warns maxPurchaseAmountExceeded with the max when max_purchase_amount is set", () => {
    expect(checkQuantity("4", { ...stocked, max_purchase_amount: 3 })).toEqual({ ok: false, code: "maxPurchaseAmountExceeded", max: 3 });
  });
  it("blocks the '.', 'e' and '-' keys and disables minus at 1", () => {
    expect([".", "e", "-"].every(isBlockedQuantityKey)).toBe(true);
    expect(isBlockedQuantityKey("7")).toBe(false);
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(2)).toBe(true);
  });
});
