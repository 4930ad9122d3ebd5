import { describe, expect, it } from "vitest";
import { isConcluded, isInteractive, priceDisplay } from "./price-display";

const base = { list_price: 10000, crossout_price: null, currency: "MXN", hide_price: false, is_free: false };

describe("product card price", () => {
  it("shows 'Free' for free items", () => {
    expect(priceDisplay({ ...base, is_free: true })).toEqual({ kind: "free" });
    expect(priceDisplay({ ...base, list_price: 0 })).toEqual({ kind: "free" });
  });
  it("hides the price when hide_price is set, even when free", () => {
    expect(priceDisplay({ ...base, hide_price: true, is_free: true })).toEqual({ kind: "hidden" });
  });
  it("shows the offer block with the regular price and the saving when crossout_price is higher", () => {
    expect(priceDisplay({ ...base, crossout_price: 12500 })).toEqual({ kind: "offer", price: 10000, regular: 12500, save: 2500, currency: "MXN" });
  });
  it("ignores a crossout price that is not higher", () => {
    expect(priceDisplay({ ...base, crossout_price: 10000 })).toEqual({ kind: "price", price: 10000, currency: "MXN" });
  });
  it("fades unpublished and hidden items", () => {
    expect(isInteractive({ list_state: "published", hiden: false })).toBe(true);
    expect(isInteractive({ list_state: "unpublished", hiden: false })).toBe(false);
    expect(isInteractive({ list_state: "hidden", hiden: false })).toBe(false);
    expect(isInteractive({ list_state: "published", hiden: true })).toBe(false);
  });
  it("counts a past experience as concluded", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(isConcluded({ type: "experience", experience_date: "2026-05-01T00:00:00Z" }, now)).toBe(true);
    expect(isConcluded({ type: "experience", experience_date: "2026-07-01T00:00:00Z" }, now)).toBe(false);
    expect(isConcluded({ type: "product", experience_date: "2026-05-01T00:00:00Z" }, now)).toBe(false);
  });
});
