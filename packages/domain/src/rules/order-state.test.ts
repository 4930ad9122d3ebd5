import { describe, expect, it } from "vitest";
import { canTransition, isFinal, orderSearchText, orderStateColor, orderStates } from "./order-state";

describe("order states", () => {
  it.each([
    ["pending_payment", "paid", true],
    ["pending_payment", "expired", true],
    ["pending_payment", "canceled", true],
    ["paid", "expired", false],
    ["expired", "paid", false],
    ["canceled", "pending_payment", false],
    ["paid", "pending_payment", false],
  ] as const)("%s → %s allowed: %s", (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it("only pending payment is not final", () => {
    expect(orderStates.filter((state) => !isFinal(state))).toEqual(["pending_payment"]);
  });

  it("gives each state a badge colour", () => {
    expect(orderStateColor("paid")).toBe("teal");
    expect(orderStateColor("expired")).toBe("gray");
    expect(orderStateColor("delivered")).toBe("green");
    expect(orderStateColor("canceled_by_supplier")).toBe("red");
    expect(orderStateColor("unknown")).toBe("blue");
  });
});

describe("orderSearchText", () => {
  it("joins the buyer's name and e-mail and the items' names in lower case, skipping what is missing", () => {
    expect(orderSearchText(["Carlos Pérez", null, "CARLOS@demo.mx", undefined, "Jarrón de Talavera"])).toBe(
      "carlos pérez carlos@demo.mx jarrón de talavera",
    );
  });
});
