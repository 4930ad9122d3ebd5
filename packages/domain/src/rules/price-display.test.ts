import { describe, expect, it } from "vitest";
import {
  buyByPrice,
  isConcluded,
  isInteractive,
  priceDisplay,
  resaleEarningLabel,
  resellerEarning,
  showsPublicPriceLabel,
} from "./price-display";

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
    expect(priceDisplay({ ...base, crossout_price: 12500 })).toEqual({
      kind: "offer",
      price: 10000,
      regular: 12500,
      save: 2500,
      currency: "MXN",
    });
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

describe("price rules by user level (commerce-and-accounts §6)", () => {
  const resale = { list_price: 189000, is_dropshipping: true, contribution_margin: 42000, list_state: "published", hiden: false };
  it("hides the public-price label for user level 0 and for visitors", () => {
    expect(showsPublicPriceLabel(0)).toBe(false);
    expect(showsPublicPriceLabel(null)).toBe(false);
    expect(showsPublicPriceLabel(1)).toBe(true);
    expect(showsPublicPriceLabel(3)).toBe(true);
  });
  it("reseller earning is contribution margin × 0.5 with 2 decimals (plan margin 99.50 → 49.75)", () => {
    expect(resellerEarning(9950)).toBe(4975);
    expect(resellerEarning(9951)).toBe(4976);
    expect(resellerEarning(null)).toBeNull();
  });
  it("shows the earn-reselling label only with resale info on, dropshipping, a rate, and a published item", () => {
    expect(resaleEarningLabel(resale, { showResaleInfo: true, rate: 0.5 })).toBe(21000);
    expect(resaleEarningLabel(resale, { showResaleInfo: false, rate: 0.5 })).toBeNull();
    expect(resaleEarningLabel({ ...resale, is_dropshipping: false }, { showResaleInfo: true, rate: 0.5 })).toBeNull();
    expect(resaleEarningLabel(resale, { showResaleInfo: true, rate: null })).toBeNull();
    expect(resaleEarningLabel({ ...resale, list_state: "unpublished" }, { showResaleInfo: true, rate: 0.5 })).toBeNull();
    expect(resaleEarningLabel({ ...resale, hiden: true }, { showResaleInfo: true, rate: 0.5 })).toBeNull();
  });
  it("level one and two see the 'buy by' price of dropshipping items: list price − margin × rate", () => {
    expect(buyByPrice(resale, 1)).toBe(168000);
    expect(buyByPrice(resale, 2)).toBe(168000);
    expect(buyByPrice(resale, 0)).toBeNull();
    expect(buyByPrice(resale, 3)).toBeNull();
    expect(buyByPrice({ ...resale, is_dropshipping: false }, 2)).toBeNull();
  });
});
