import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL } from "../browser";
import { apiWrite, open } from "./storefront-helpers";

export interface Item {
  id: string;
  name: string;
  type: string;
  owner_slug: string;
  stock: number | null;
  stock_type: string;
}

async function items(shop: string): Promise<Item[]> {
  const response = await fetch(`${baseURL()}/api/v1/shops/${shop}/products?limit=100`);
  return ((await response.json()) as { results: Item[] }).results;
}

/** An in-stock physical item of `owner` sold in store `shop`, skipping names already used by other tests. */
export async function pick(shop: string, owner: string, skip: string[] = []): Promise<Item> {
  const found = (await items(shop)).find(
    (item) =>
      item.owner_slug === owner &&
      item.type === "product" &&
      item.stock_type === "onstock" &&
      (item.stock ?? 0) >= 3 &&
      !skip.includes(item.id),
  );
  if (!found) throw new Error(`no in-stock item of ${owner} in ${shop}`);
  return found;
}

export async function addToCart(page: Page, shop: string, item: Item) {
  await open(page, `/tienda/${shop}/productos/${item.owner_slug}/${item.id}`);
  await addShownItemToCart(page);
}

/** Adds the item of the product page the browser is on and waits for the cart drawer to settle. */
export async function addShownItemToCart(page: Page) {
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await page.getByRole("dialog", { name: "Carrito" }).waitFor();
  // The drawer slides in from the right: wait until it rests against the right edge, fully opaque.
  await page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return false;
    return Math.abs(dialog.getBoundingClientRect().right - window.innerWidth) < 1 && getComputedStyle(dialog).opacity === "1";
  });
}

/** The address form's fields by their Spanish labels; fields left out stay empty. */
export interface AddressEntry {
  "Nombre de quien recibe": string;
  "Teléfono de contacto"?: string;
  "Calle y número": string;
  Colonia?: string;
  Ciudad: string;
  Estado?: string;
  "Código postal": string;
}

export async function fillAddress(scope: Page | Locator, address: AddressEntry) {
  for (const [label, value] of Object.entries(address)) await scope.getByRole("textbox", { name: label, exact: true }).fill(value);
}

/** Ana's address, a courier quote and on to the payment step. */
export async function fillShipping(page: Page) {
  await fillAddress(page, {
    "Nombre de quien recibe": "Ana Invitada",
    "Teléfono de contacto": "5512345678",
    "Calle y número": "Av. Álvaro Obregón 120",
    Ciudad: "Ciudad de México",
    Estado: "CDMX",
    "Código postal": "06700",
  });
  await page.getByRole("button", { name: "Cotizar envío" }).click();
  await page.getByRole("radiogroup", { name: "Opciones de envío" }).getByRole("radio").first().waitFor();
  await page.getByRole("button", { name: "Continuar" }).click();
}

export async function payWithCard(page: Page, number: string) {
  const frame = page.frameLocator("iframe[src='/sandbox-pay/card']");
  await frame.getByLabel("Número de tarjeta").fill(number);
  await frame.getByLabel("Nombre del titular").fill("Ana Invitada");
  await frame.getByLabel("Vencimiento (MM/AA)").fill("12/34");
  await frame.getByLabel("CVC").fill("123");
  await frame.getByRole("button", { name: "Usar esta tarjeta" }).click();
  await frame.getByRole("button", { name: /Tarjeta •••• / }).waitFor();
  const pay = page.getByRole("button", { name: /^Pagar / });
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await pay.click();
}

/** The purchase's first order (a purchase from one supplier has one), read with the paid page's checkout token. */
export async function purchaseOrder(page: Page): Promise<{ id: string; number: number }> {
  const url = new URL(page.url());
  const response = await fetch(
    `${baseURL()}/api/v1/checkouts/${url.searchParams.get("checkout")}?token=${encodeURIComponent(url.searchParams.get("token") ?? "")}`,
  );
  const purchase = (await response.json()) as { orders: { id: string; number: number }[] };
  return purchase.orders[0];
}

/** A signed-in customer buys `quantity` units of a product in the store `shop` through its API (branch pickup, sandbox card). */
export async function cardPaidPurchase(
  customer: BrowserContext,
  shop: string,
  productId: string,
  quantity = 1,
): Promise<{ checkoutId: string; orderId: string }> {
  const purchase = (await apiWrite(customer, "POST", `/shops/${shop}/checkout`, {
    items: [{ product_id: productId, quantity }],
    delivery_type: "to_branch",
  })) as { id: string; access_token: string; orders: { id: string }[] };
  const token = await (
    await customer.request.post("/sandbox-pay/tokens", {
      data: { number: "4242424242424242", name: "Carlos", exp_month: 12, exp_year: 2040, cvc: "123" },
    })
  ).json();
  await apiWrite(customer, "POST", `/checkouts/${purchase.id}/pay?token=${purchase.access_token}`, {
    method: "str_card",
    card_token: token.token,
    return_path: "/pagado",
  });
  return { checkoutId: purchase.id, orderId: purchase.orders[0].id };
}

/**
 * A signed-in customer buys one unit of a demo product (branch pickup, sandbox card) through the shop's API, and the
 * supplier walks the order to delivered: what returns and reviews start from.
 */
export async function deliveredPurchase(
  customer: BrowserContext,
  supplier: BrowserContext,
  productId: string,
): Promise<{ checkoutId: string; orderId: string }> {
  const { checkoutId, orderId } = await cardPaidPurchase(customer, "demo", productId);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  for (const step of [
    { from: "paid", estimated_delivery_date: tomorrow },
    { from: "confirmed" },
    { from: "in_process" },
    { from: "ready_to_deliver" },
  ]) {
    await apiWrite(supplier, "POST", `/shops/demo/orders/${orderId}/next`, step);
  }
  return { checkoutId, orderId };
}
