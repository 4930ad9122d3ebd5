import type { PaymentMethod } from "@tianguis/domain/rules/checkout";

/** Shapes of the cart and checkout API (commerce-and-accounts §2 'Checkout, payments, orders'). */
export interface CartProduct {
  product_id: string;
  name: string;
  description: string | null;
  photo: string | null;
  type: string;
  unit_price: number;
  currency: string;
  quantity: number;
  available: number | null;
  stock_type: "onstock" | "ondemand";
  max_purchase_amount: number | null;
  disabled: boolean;
  problem: "out_of_stock" | "unavailable_for_sale" | null;
  total: number;
}

export interface CartOrder {
  supplier: string;
  supplier_name: string;
  supplier_slug: string;
  is_configured: boolean;
  supplier_info: { enabled_payment_types: PaymentMethod[] };
  currency: string;
  total: number;
  products: CartProduct[];
}

export interface CartView {
  orders: CartOrder[];
  total_products: number;
  total_amount: number;
}

export const emptyCart: CartView = { orders: [], total_products: 0, total_amount: 0 };

export interface CheckoutItem {
  product_id: string;
  name: string;
  photo: string | null;
  unit_price: number;
  quantity: number;
  total: number;
}

export interface CheckoutOrder {
  id: string;
  number: string | number;
  supplier: string;
  supplier_name: string;
  state: string;
  subtotal: number;
  shipping_cost: number;
  total: number;
  items: CheckoutItem[];
}

export interface PaymentView {
  method: string;
  status: string;
  failure_code: string | null;
  instructions?: { reference: string; clabe?: string; deadline?: string } | null;
}

export interface CheckoutView {
  id: string;
  access_token: string;
  state: "pending_payment" | "paid" | "expired" | string;
  expires_at: string;
  seconds_left: number;
  delivery_type: string;
  subtotal: number;
  shipping_cost: number;
  total: number;
  currency: string;
  public_slug: string | null;
  /** What every supplier of the purchase accepts. */
  payment_methods: PaymentMethod[];
  created_at?: string;
  orders: CheckoutOrder[];
  payment: PaymentView | null;
}

export interface PayResult {
  status: "paid" | "requires_action" | "redirect" | "pending" | "failed";
  code?: string;
  message?: string;
  next_action?: { redirect_to_url: { url: string } };
  approval_url?: string;
  checkout: CheckoutView;
}

export interface ShippingRate {
  id: string;
  carrier: string;
  service: "standard" | "express";
  cost: number;
  days: number;
}
