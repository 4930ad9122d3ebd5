import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { open } from "./storefront-helpers";

interface Item {
  id: string;
  owner_slug: string;
  type: string;
  stock: number | null;
  stock_type: string;
}

async function inStockItem(): Promise<Item> {
  const response = await fetch(`${baseURL()}/api/v1/shops/mateo/products?limit=100`);
  const found = ((await response.json()) as { results: Item[] }).results.find((item) => item.owner_slug === "demo" && item.type === "product" && item.stock_type === "onstock" && (item.stock ?? 0) >= 3);
  if (!found) throw new Error("no in-stock item in mateo");
  return found;
}

/** A guest reaches the payment step with delivery arranged with the seller. */
async function toPayment(page: Page) {
  const item = await inStockItem();
  await open(page, `/tienda/mateo/productos/${item.owner_slug}/${item.id}`);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
  await page.getByRole("textbox", { name: "Nombre completo" }).fill("Pablo Redirección");
  await page.getByRole("textbox", { name: "Correo electrónico" }).fill("pablo@ejemplo.mx");
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("radio", { name: "Entrega acordada con el vendedor" }).check();
  await page.getByRole("textbox", { name: "Nombre de quien recibe" }).fill("Pablo");
  await page.getByRole("textbox", { name: "Calle y número" }).fill("Av. Álvaro Obregón 120");
  await page.getByRole("textbox", { name: "Ciudad" }).fill("Ciudad de México");
  await page.getByRole("textbox", { name: "Código postal" }).fill("06700");
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByText(/Tiempo para completar tu compra/).waitFor();
}

describe("redirect payment methods", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("a PayPal payment cancelled at the gateway returns with code 2, and approving the retry pays", async () => {
    const { context, page } = await newPage(browser);
    await toPayment(page);
    await page.getByRole("radio", { name: "PayPal" }).check();
    await page.getByText("Te llevaremos a PayPal para aprobar el pago.").waitFor();
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL(/\/sandbox-pay\/approve/);
    await page.getByRole("button", { name: "Cancelar" }).click();
    await page.waitForURL(/\/pagado\?.*code=2/);
    await page.getByText("Cancelaste el pago. Puedes intentarlo de nuevo.").waitFor();
    await snap(page, "checkout-redirect-canceled-desktop");
    await page.getByRole("link", { name: "Intentar pagar de nuevo" }).click();
    await page.getByRole("radio", { name: "PayPal" }).check();
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL(/\/sandbox-pay\/approve/);
    await page.getByRole("button", { name: "Aprobar" }).click();
    await page.waitForURL(/\/pagado\?.*code=1/);
    await page.getByText("¡Gracias por tu compra!").waitFor();
    await context.close();
  });

  it("cash at a store gives a reference to pay with (phone width)", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await toPayment(page);
    await page.getByRole("radio", { name: "Efectivo en tienda de conveniencia" }).check();
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("Tu pedido está reservado").waitFor();
    await page.getByText(/con la referencia/).waitFor();
    await snap(page, "checkout-store-cash-phone");
    await context.close();
  });
});
