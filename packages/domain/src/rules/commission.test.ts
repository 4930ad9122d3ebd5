import { describe, expect, it } from "vitest";
import {
  availableFrom,
  beneficiaryOf,
  beneficiaryRate,
  bucketEarnings,
  bucketStart,
  bucketStarts,
  canMoveCommission,
  commissionAmount,
  netAmount,
  resaleNote,
  reversedShare,
  reversibleStates,
} from "./commission";

describe("commission amount: margin × quantity × plan rate, 2 decimals (spec §6, §9)", () => {
  it.each([
    { margin: 9950, quantity: 1, rate: 0.5, amount: 4975 },
    { margin: 9950, quantity: 3, rate: 0.5, amount: 14925 },
    { margin: 995, quantity: 1, rate: 0.5, amount: 498 },
    { margin: 1, quantity: 1, rate: 0.5, amount: 1 },
    { margin: 333, quantity: 1, rate: 0.15, amount: 50 },
    { margin: 0, quantity: 5, rate: 0.5, amount: 0 },
  ])("$margin × $quantity × $rate = $amount", ({ margin, quantity, rate, amount }) => {
    expect(commissionAmount(margin, quantity, rate)).toBe(amount);
  });

  it("earns at the beneficiary's plan rate: 0.5 on every plan of the static list and on the free plan", () => {
    expect(beneficiaryRate()).toBe(0.5);
    expect(beneficiaryRate("plan_profesional")).toBe(0.5);
    expect(beneficiaryRate("tienda_en_linea")).toBe(0.5);
    expect(beneficiaryRate("gratis")).toBe(0.5);
  });
});

describe("who earns an order's commissions", () => {
  const base = { storeId: "s", storeOwnerId: "reseller", supplierId: "p", supplierOwnerId: "supplier", buyerId: "buyer", promoterId: null };
  it("the reseller store's owner when the purchase was made in another shop than the supplier's", () => {
    expect(beneficiaryOf(base)).toEqual({ userId: "reseller", source: "reseller" });
    expect(beneficiaryOf({ ...base, promoterId: "promoter" })).toEqual({ userId: "reseller", source: "reseller" });
  });
  it("the promoter named by the referral code when bought in the supplier's own shop", () => {
    const own = { ...base, storeId: "p", storeOwnerId: "supplier" };
    expect(beneficiaryOf({ ...own, promoterId: "promoter" })).toEqual({ userId: "promoter", source: "promoter" });
    expect(beneficiaryOf(own)).toBeNull();
  });
  it("nobody when the promoter is the buyer, or the beneficiary owns the supplier", () => {
    const own = { ...base, storeId: "p", storeOwnerId: "supplier" };
    expect(beneficiaryOf({ ...own, promoterId: "buyer" })).toBeNull();
    expect(beneficiaryOf({ ...own, promoterId: "supplier" })).toBeNull();
    expect(beneficiaryOf({ ...base, storeOwnerId: "supplier" })).toBeNull();
  });
});

describe("ledger states", () => {
  it.each([
    ["pending", "available", true],
    ["pending", "reversed", true],
    ["available", "paid", true],
    ["available", "reversed", true],
    ["pending", "paid", false],
    ["paid", "reversed", false],
    ["reversed", "pending", false],
    ["available", "pending", false],
  ] as const)("%s → %s: %s", (from, to, allowed) => {
    expect(canMoveCommission(from, to)).toBe(allowed);
  });
  it("only pending and available commissions can be reversed", () => {
    expect(reversibleStates).toEqual(["pending", "available"]);
  });
  it("becomes available 72 hours after delivery", () => {
    expect(availableFrom(new Date("2026-01-01T10:00:00Z")).toISOString()).toBe("2026-01-04T10:00:00.000Z");
  });
  it("is worth its amount less what refunds took back, nothing once reversed", () => {
    expect(netAmount({ amount: 6000, reversed_amount: 1500, state: "pending" })).toBe(4500);
    expect(netAmount({ amount: 6000, reversed_amount: 1500, state: "reversed" })).toBe(0);
  });
});

describe("a partial refund reverses the same share of the commission", () => {
  it.each([
    { amount: 6000, refunded: 10000, goods: 40000, reversed: 1500 },
    { amount: 6000, refunded: 0, goods: 40000, reversed: 0 },
    { amount: 6000, refunded: 40000, goods: 40000, reversed: 6000 },
    { amount: 6000, refunded: 50000, goods: 40000, reversed: 6000 },
    { amount: 4975, refunded: 1, goods: 3, reversed: 1658 },
    { amount: 4975, refunded: 2, goods: 3, reversed: 3317 },
    { amount: 100, refunded: 5, goods: 0, reversed: 100 },
  ])("$refunded of $goods refunded → $reversed of $amount", ({ amount, refunded, goods, reversed }) => {
    expect(reversedShare(amount, refunded, goods)).toBe(reversed);
  });
  it("measures cumulative refunds, so two thirds in two steps reverse what one step would", () => {
    const once = reversedShare(4975, 2, 3);
    const twice = Math.max(reversedShare(4975, 1, 3), reversedShare(4975, 2, 3));
    expect(twice).toBe(once);
  });
});

describe("earnings chart buckets", () => {
  const now = new Date("2026-11-25T15:00:00Z"); // a Wednesday
  it("starts days at midnight, weeks on Monday and months on the 1st (UTC)", () => {
    expect(bucketStart(now, "day")).toBe("2026-11-25");
    expect(bucketStart(now, "week")).toBe("2026-11-23");
    expect(bucketStart(new Date("2026-11-22T23:00:00Z"), "week")).toBe("2026-11-16");
    expect(bucketStart(now, "month")).toBe("2026-11-01");
  });
  it("lists 14 days, 12 weeks or 12 months, oldest first, ending with the current one", () => {
    expect(bucketStarts(now, "day")).toHaveLength(14);
    expect(bucketStarts(now, "day")[0]).toBe("2026-11-12");
    expect(bucketStarts(now, "week").at(-1)).toBe("2026-11-23");
    expect(bucketStarts(now, "week")[10]).toBe("2026-11-16");
    expect(bucketStarts(now, "month")[0]).toBe("2025-12-01");
  });
  it("sums each commission into the bucket it was earned in, by state, net of refunds", () => {
    const buckets = bucketEarnings(
      [
        { created_at: new Date("2026-11-24T10:00:00Z"), amount: 1000, reversed_amount: 200, state: "pending" },
        { created_at: new Date("2026-11-24T11:00:00Z"), amount: 500, reversed_amount: 0, state: "reversed" },
        { created_at: new Date("2026-11-02T11:00:00Z"), amount: 700, reversed_amount: 0, state: "paid" },
        { created_at: new Date("2024-01-01T11:00:00Z"), amount: 900, reversed_amount: 0, state: "paid" },
      ],
      now,
      "week",
    );
    expect(buckets.at(-1)).toEqual({ start: "2026-11-23", pending: 800, available: 0, paid: 0, reversed: 700 });
    expect(buckets.find((bucket) => bucket.start === "2026-11-02")?.paid).toBe(700);
    expect(buckets.reduce((sum, bucket) => sum + bucket.paid, 0)).toBe(700);
  });
});

describe("what a product page says about reselling it, by user level (spec §6)", () => {
  const item = { list_price: 30000, is_dropshipping: true, contribution_margin: 9950, list_state: "published", hiden: false };
  it.each([
    { level: null, earning: null, upsell: null },
    { level: 0, earning: null, upsell: 4975 },
    { level: 1, earning: 4975, upsell: 4975 },
    { level: 2, earning: 4975, upsell: null },
    { level: 3, earning: 4975, upsell: 4975 },
  ])("level $level: earn label $earning, premium upsell $upsell", ({ level, earning, upsell }) => {
    expect(resaleNote(item, { userLevel: level, showResaleInfo: true })).toEqual({ earning, upsell });
  });
  it("hides the earn label when resale info is off, and both for items that are not dropshipping or are hidden", () => {
    expect(resaleNote(item, { userLevel: 2, showResaleInfo: false })).toEqual({ earning: null, upsell: null });
    expect(resaleNote({ ...item, is_dropshipping: false }, { userLevel: 1, showResaleInfo: true })).toEqual({
      earning: null,
      upsell: null,
    });
    expect(resaleNote({ ...item, hiden: true }, { userLevel: 1, showResaleInfo: true })).toEqual({ earning: null, upsell: null });
  });
});
