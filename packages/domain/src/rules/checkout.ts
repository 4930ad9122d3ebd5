/** Checkout rules (commerce-and-accounts §2 'Checkout, payments, orders', §9). */
export const paymentMethods = [
  "str_card",
  "conekta_card",
  "openpay_card",
  "paypal",
  "mobbex",
  "aplazo",
  "openpay_store",
  "conekta_oxxo",
  "openpay_bank",
  "tiendacrypto",
  "banorte",
  "baz_card",
  "memphis",
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/**
 * What a new shop accepts until its owner chooses in 'Formas de pago': one card method (Stripe's, the sandbox's card
 * frame in the demo), the redirect methods, cash, SPEI and crypto. Conekta's and Openpay's methods are opted into.
 */
export const defaultPaymentMethods: readonly PaymentMethod[] = [
  "str_card",
  "paypal",
  "mobbex",
  "aplazo",
  "openpay_store",
  "openpay_bank",
  "tiendacrypto",
];
export const redirectMethods: readonly PaymentMethod[] = ["paypal", "mobbex", "aplazo"];
/** Card methods: the card is typed in the provider's own frame and only its token reaches the API. */
export const cardMethods: readonly PaymentMethod[] = ["str_card", "conekta_card", "openpay_card", "banorte", "baz_card", "memphis"];
/** Paid later with a reference: cash at a store (Openpay stores, OXXO), SPEI bank transfer, crypto. */
export const offlineMethods: readonly PaymentMethod[] = ["openpay_store", "conekta_oxxo", "openpay_bank", "tiendacrypto"];

/**
 * The payment methods one purchase can be paid with: those every supplier in it accepts
 * (supplier_info.enabled_payment_types), in the checkout's order. Empty when they share none.
 */
export function acceptedPaymentMethods(suppliers: readonly (readonly string[])[]): PaymentMethod[] {
  if (suppliers.length === 0) return [];
  return paymentMethods.filter((method) => suppliers.every((enabled) => enabled.includes(method)));
}

/** A supplier can sell when it is not disabled and accepts at least one payment method (cart order is_configured). */
export function isSupplierConfigured(supplier: { disabled: boolean; enabled_payment_types: readonly string[] }): boolean {
  return !supplier.disabled && acceptedPaymentMethods([supplier.enabled_payment_types]).length > 0;
}
export const deliveryTypes = ["shipping", "to_branch", "fixed_delivery"] as const;
export type DeliveryType = (typeof deliveryTypes)[number];

/** Minutes a started checkout stays valid before the purchase must restart. */
export const CHECKOUT_MINUTES = 30;
/** A bank transfer must be paid within 1 hour. */
export const BANK_TRANSFER_MS = 60 * 60 * 1000;
/** Return and cancel path codes of redirect payment methods. */
export const RETURN_CODE = 1;
export const CANCEL_CODE = 2;

export interface CartLine {
  product_id: string;
  supplier_id: string;
  unit_price: number;
  quantity: number;
  currency: string;
}

export interface SupplierGroup<T extends CartLine> {
  supplier_id: string;
  lines: T[];
  subtotal: number;
  currency: string;
}

/** Cart orders are grouped per supplier; totals are integer minor units. */
export function groupBySupplier<T extends CartLine>(lines: T[]): SupplierGroup<T>[] {
  const groups = new Map<string, SupplierGroup<T>>();
  for (const line of lines) {
    const group = groups.get(line.supplier_id) ?? { supplier_id: line.supplier_id, lines: [], subtotal: 0, currency: line.currency };
    group.lines.push(line);
    group.subtotal += line.unit_price * line.quantity;
    groups.set(line.supplier_id, group);
  }
  return [...groups.values()];
}

/** Seconds left of a checkout countdown (never negative). */
export function secondsLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
}

/** Couriers in Mexico bill a parcel by its volume when that outweighs the scale: length × width × height (cm) / 5,000 kg. */
export const volumetricDivisorCm3PerKg = 5_000;

/**
 * The weight a courier bills for one unit of an item: its weight in grams, or its volumetric weight when its package's
 * three sides are known and it is larger (a 40 × 30 × 20 cm box of 500 g bills 4,800 g).
 */
export function billableWeightGrams(item: {
  weightGrams: number;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}) {
  if (item.lengthCm === null || item.widthCm === null || item.heightCm === null) return item.weightGrams;
  const volumetric = Math.ceil((item.lengthCm * item.widthCm * item.heightCm * 1000) / volumetricDivisorCm3PerKg);
  return Math.max(item.weightGrams, volumetric);
}
