import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, downloadedBytes, launchBrowser, newPage, snap } from "../browser";
import { payWithCard } from "./checkout-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const productName = "Patrones de bordado otomí (PDF)";
const guestEmail = "ana.digital@ejemplo.mx";
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The demo shop's digital item that the seed sells for a price. */
async function digitalItem(): Promise<{ id: string; owner_slug: string }> {
  const response = await fetch(`${baseURL()}/api/v1/shops/demo/products?type=digital&limit=100`);
  const { results } = (await response.json()) as { results: { id: string; name: string; owner_slug: string }[] };
  const found = results.find((item) => item.name === productName);
  if (!found) throw new Error(`the demo seed has no '${productName}'`);
  return found;
}

/** The text of the newest e-mail with `subject` sent to `to`, read from the dev outbox API. */
async function mailTo(to: string, subject: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const { results } = (await response.json()) as { results: { subject: string | null; body: string }[] };
  const mail = results.find((message) => message.subject === subject);
  if (!mail) throw new Error(`no '${subject}' e-mail to ${to}`);
  return mail.body;
}

describe("digital products are delivered after payment", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Lucía attaches a PDF to her digital product in My products", async () => {
    const item = await digitalItem();
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, `/apps/me/products/${item.id}/edit?shop=demo`);
    const section = page.getByRole("region", { name: "Archivo descargable" });
    await section.getByText("Aún no hay archivo").waitFor();
    await section.locator('input[type="file"]').setInputFiles({ name: "patrones-otomi.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByText("Archivo guardado").waitFor();
    await section.getByTestId("digital-file-name").getByText("patrones-otomi.pdf").waitFor();
    await section.getByRole("button", { name: "Reemplazar archivo" }).waitFor();
    await section.getByRole("button", { name: "Quitar archivo" }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await snap(page, "digital-file-section-desktop");

    // A file of another type is refused in the user's language, before any upload.
    await section.locator('input[type="file"]').setInputFiles({ name: "setup.exe", mimeType: "application/octet-stream", buffer: pdf });
    await section
      .getByRole("alert")
      .getByText(/El archivo no es válido/)
      .waitFor();
    await open(page, `/apps/me/products/${item.id}/edit?shop=demo`);
    await page.getByRole("region", { name: "Archivo descargable" }).getByText("patrones-otomi.pdf").waitFor();
    await context.close();
  });

  it("a guest buys the digital product without a delivery step and downloads it from the paid page", async () => {
    const item = await digitalItem();
    const { context, page } = await newPage(browser);
    await open(page, `/tienda/demo/digitales/${item.owner_slug}/${item.id}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    const drawer = page.getByRole("dialog", { name: "Carrito" });
    await drawer.getByText(productName).waitFor();
    await drawer.getByRole("link", { name: "Pagar" }).click();
    await page.waitForURL(/\/tienda\/demo\/comprar/);
    await page.getByRole("textbox", { name: "Nombre completo" }).fill("Ana Invitada");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill(guestEmail);
    await page.getByRole("button", { name: "Continuar" }).click();

    // Straight from the contact step to payment: no delivery step, no address, no shipping cost.
    await page.getByText(/Tiempo para completar tu compra/).waitFor();
    expect(await page.getByText("Entrega", { exact: true }).count()).toBe(0);
    expect(await page.getByRole("radio", { name: "Envío a domicilio" }).count()).toBe(0);
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$120.00");
    await snap(page, "digital-checkout-payment-desktop");
    await payWithCard(page, "4242 4242 4242 4242");

    await page.waitForURL(/\/pagado\?/);
    await page.getByText("¡Gracias por tu compra!").waitFor();
    const downloads = page.getByRole("region", { name: "Tus descargas" });
    const button = downloads.getByRole("link", { name: `Descargar ${productName}` });
    await button.waitFor();
    await snap(page, "digital-paid-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await downloads.scrollIntoViewIfNeeded();
    await snap(page, "digital-paid-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe("patrones-otomi.pdf");
    expect((await downloadedBytes(download)).equals(pdf)).toBe(true);
    // The link is signed and expiring, never the file's own address.
    expect(await button.getAttribute("href")).toMatch(/^\/api\/v1\/downloads\/[\w.-]+$/);
    await context.close();
  });

  it("the guest downloads it again from the purchase page their paid e-mail links to", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo");
    await apiWrite(context, "POST", "/dev/jobs/run", {});
    const mail = await mailTo(guestEmail, "Tu pago fue confirmado");
    expect(mail).toContain(`Descargar ${productName}: `);
    // The e-mail's link names the server's configured origin; the same path opens here.
    const link = new URL(/Ver mi compra: (\S+)/.exec(mail)?.[1] ?? "");
    expect(link.pathname + link.search).toMatch(/^\/tienda\/demo\/mis-compras\/[0-9a-f-]{36}\?token=[\w-]+$/);

    await open(page, link.pathname + link.search);
    await page.getByRole("heading", { name: "Detalle de la compra" }).waitFor();
    const button = page.getByRole("region", { name: "Tus descargas" }).getByRole("link", { name: `Descargar ${productName}` });
    await button.waitFor();
    await snap(page, "digital-purchase-detail-desktop");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe("patrones-otomi.pdf");
    expect((await downloadedBytes(download)).equals(pdf)).toBe(true);
    await context.close();
  });

  it("a signed-in customer with only digital items goes from the cart straight to payment", async () => {
    const item = await digitalItem();
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    await open(page, `/tienda/demo/digitales/${item.owner_slug}/${item.id}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.waitForURL(/\/tienda\/demo\/comprar/);
    await page.getByText("Tu compra es digital: no necesita envío.", { exact: false }).waitFor();
    expect(await page.getByRole("radio", { name: "Envío a domicilio" }).count()).toBe(0);
    await snap(page, "digital-checkout-signed-in-desktop");
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await page.getByText(/Tiempo para completar tu compra/).waitFor();
    await page.getByRole("radio", { name: "Tarjeta de crédito o débito" }).waitFor();
    await context.close();
  });
});
