import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { addToCart, fillAddress, payWithCard, pick } from "./checkout-helpers";

/** A guest reaches the payment step with delivery arranged with the seller. */
async function toPayment(page: Page) {
  await addToCart(page, "mateo", await pick("mateo", "demo"));
  await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
  await page.getByRole("textbox", { name: "Nombre completo" }).fill("Pablo Redirección");
  await page.getByRole("textbox", { name: "Correo electrónico" }).fill("pablo@ejemplo.mx");
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("radio", { name: "Entrega acordada con el vendedor" }).check();
  await fillAddress(page, {
    "Nombre de quien recibe": "Pablo",
    "Calle y número": "Av. Álvaro Obregón 120",
    Ciudad: "Ciudad de México",
    "Código postal": "06700",
  });
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

  it("a purchase shared by its public link is paid from another browser, and its owner sees it paid", async () => {
    const { context, page } = await newPage(browser);
    await toPayment(page);
    await page.getByRole("button", { name: "Compartir compra" }).click();
    const link = await page.getByRole("textbox", { name: "Compartir compra" }).inputValue();
    expect(link).toMatch(/\/tienda\/mateo\/comprar\?compartido=[\w-]+$/);

    const friend = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await friend.page.goto(link);
    await friend.page.getByText(/Tiempo para completar tu compra/).waitFor();
    await snap(friend.page, "checkout-shared-phone");
    await payWithCard(friend.page, "4242 4242 4242 4242");
    await friend.page.waitForURL(/\/pagado\?compartido=/);
    await friend.page.getByText("¡Gracias por tu compra!").waitFor();
    await friend.context.close();

    await page.reload();
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("¡Gracias por tu compra!").waitFor();
    await context.close();
  });
});
