import { describe, expect, it } from "vitest";
import { groupBySupplier, secondsLeft } from "./checkout";

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
