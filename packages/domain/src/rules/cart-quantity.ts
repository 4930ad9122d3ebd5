/** Cart quantity rules (spec storefront-and-admin §5 'Cart quantity'). */
export interface QuantityLimits {
  /** Units available; ignored when the item is made on demand. */
  available: number | null;
  stock_type: "onstock" | "ondemand";
  max_purchase_amount: number | null;
}

export type QuantityCheck =
  | { ok: true; quantity: number }
  | { ok: false; code: "quantityExceeded" | "maxPurchaseAmountExceeded"; max: number }
  | { ok: false; code: "ignored" };

/** Keys blocked in the quantity input: '.', 'e' and '-' (no decimals, exponents or negatives). */
export const blockedQuantityKeys = new Set([".", "e", "E", "-", "+", ","]);

export function isBlockedQuantityKey(key: string): boolean {
  return blockedQuantityKeys.has(key);
}

/** Zero or empty input is ignored; otherwise an integer ≥ 1 within stock (unless on demand) and max_purchase_amount. */
export function checkQuantity(input: string | number, limits: QuantityLimits): QuantityCheck {
  const text = String(input).trim();
  if (text === "" || !/^\d+$/.test(text)) return { ok: false, code: "ignored" };
  const quantity = Number(text);
  if (quantity < 1) return { ok: false, code: "ignored" };
  if (limits.max_purchase_amount !== null && quantity > limits.max_purchase_amount) {
    return { ok: false, code: "maxPurchaseAmountExceeded", max: limits.max_purchase_amount };
  }
  if (limits.stock_type !== "ondemand" && limits.available !== null && quantity > limits.available) {
    return { ok: false, code: "quantityExceeded", max: limits.available };
  }
  return { ok: true, quantity };
}

/** The minus button is disabled at 1. */
export function canDecrease(quantity: number): boolean {
  return quantity > 1;
}
