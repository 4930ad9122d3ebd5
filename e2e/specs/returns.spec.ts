import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { deliveredPurchase } from "./checkout-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };
const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

interface Listing {
  results: { id: string; name: string; owner_slug: string; sold_out: boolean }[];
}

/** Carlos buys one unit of the first demo product in stock and Lucía walks the order to delivered. */
async function deliveredPurchaseOfStock(customer: BrowserContext, supplier: BrowserContext) {
  const listing = (await (await customer.request.get("/api/v1/shops/demo/products?type=product&limit=30")).json()) as Listing;
  const product = listing.results.find((row) => row.owner_slug === "demo" && !row.sold_out);
  if (!product) throw new Error("no demo product in stock");
  return { ...(await deliveredPurchase(customer, supplier, product.id)), product };
}

describe("returns: a delivered item goes back and is refunded", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Carlos returns a delivered item; Lucía accepts with a label, receives it and refunds; Carlos sees the refund", async () => {
    const customer = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    const supplier = await signedIn(browser, "lucia@demo.tianguis.mx");
    const { checkoutId, orderId, product } = await deliveredPurchaseOfStock(customer.context, supplier.context);

    // The purchase page shows the policy and 'Solicitar devolución' within the 72 hours.
    const { page } = customer;
    await open(page, `/tienda/demo/mis-compras/${checkoutId}`);
    await page.getByText("Tienes 72 horas desde que lo recibes para solicitar una devolución.").waitFor();
    await page.getByRole("button", { name: "Solicitar devolución" }).click();
    const form = page.getByRole("dialog", { name: "Solicitar devolución" });
    await form.waitFor();
    expect(await form.getByRole("textbox", { name: /Cantidad a devolver/ }).inputValue()).toBe("1");
    await form.getByRole("textbox", { name: "Motivo" }).fill("El color no es el de la foto");
    await snap(page, "returns-customer-form-phone");
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    await page.getByText("Solicitud de devolución enviada").waitFor();
    await page.getByText("Abierta", { exact: true }).waitFor();
    await page.getByText(`1 × ${product.name}`).waitFor();

    // Lucía's returns desk lists it open; she uploads the label and accepts.
    const desk = supplier.page;
    await open(desk, "/tienda/demo/admin/devoluciones");
    const card = desk.getByRole("article").filter({ hasText: "El color no es el de la foto" });
    await card.waitFor();
    const [chooser] = await Promise.all([
      desk.waitForEvent("filechooser"),
      card.getByRole("button", { name: "Archivo de la guía (PDF o imagen)" }).click(),
    ]);
    await chooser.setFiles({ name: "guia.pdf", mimeType: "application/pdf", buffer: pdf });
    expect(await seriousViolations(desk)).toEqual([]);
    const accept = card.getByRole("button", { name: "Aceptar" });
    await expect.poll(() => accept.isEnabled()).toBe(true);
    await accept.click();
    await desk.getByRole("article").filter({ hasText: "El color no es el de la foto" }).waitFor({ state: "detached" });

    // On the order page the accepted return waits for the goods; on receipt she closes it and it refunds.
    await open(desk, `/tienda/demo/admin/ordenes/${orderId}`);
    const onOrder = desk.getByRole("article").filter({ hasText: "El color no es el de la foto" });
    await onOrder.getByText("Aceptada", { exact: true }).waitFor();
    await onOrder.getByRole("button", { name: "Recibida: cerrar y reembolsar" }).click();
    await desk.getByText("Reembolso registrado").waitFor();
    await onOrder.getByText("Cerrada", { exact: true }).waitFor();
    await onOrder.getByText("Exitoso", { exact: true }).waitFor();
    await snap(desk, "returns-seller-order");

    // Carlos sees the closed return and its refund, and can no longer download a label for it.
    await open(page, `/tienda/demo/mis-compras/${checkoutId}`);
    await page.getByText("Cerrada", { exact: true }).waitFor();
    const refunds = page.getByRole("heading", { name: "Reembolsos" });
    await refunds.waitFor();
    await page.getByText("Exitoso", { exact: true }).first().waitFor();
    await snap(page, "returns-customer-refunded-phone");
    expect(await seriousViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await customer.context.close();
    await supplier.context.close();
  });

  it("Lucía refunds part of an order from its page; more than available is refused in Spanish", async () => {
    const customer = await signedIn(browser, "carlos@demo.tianguis.mx");
    const supplier = await signedIn(browser, "lucia@demo.tianguis.mx");
    const { orderId } = await deliveredPurchaseOfStock(customer.context, supplier.context);
    const desk = supplier.page;
    await open(desk, `/tienda/demo/admin/ordenes/${orderId}`);
    await desk.getByRole("button", { name: "Reembolsar" }).click();
    const dialog = desk.getByRole("dialog", { name: "Reembolsar" });
    const amount = dialog.getByRole("textbox", { name: "Monto a reembolsar" });
    await amount.fill("999999");
    await dialog.getByText("El monto a reembolsar no puede exceder el monto disponible").waitFor();
    await amount.fill("10");
    await dialog.getByRole("button", { name: "Reembolsar" }).click();
    await desk.getByText("Reembolso registrado").waitFor();
    await desk.getByText("Exitoso", { exact: true }).waitFor();
    await customer.context.close();
    await supplier.context.close();
  });
});
