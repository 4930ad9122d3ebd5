import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadedBytes, launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { cardPaidPurchase } from "./checkout-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

interface Listing {
  results: { id: string; owner_slug: string; sold_out: boolean }[];
}

/** Carlos buys one unit of a demo product in stock, paid by sandbox card. */
async function paidPurchase(customer: BrowserContext) {
  const listing = (await (await customer.request.get("/api/v1/shops/demo/products?type=product&limit=30")).json()) as Listing;
  const product = listing.results.find((row) => row.owner_slug === "demo" && !row.sold_out);
  if (!product) throw new Error("no demo product in stock");
  return cardPaidPurchase(customer, "demo", product.id);
}

async function download(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: file.suggestedFilename(), body: await downloadedBytes(file) };
}

describe("invoices: a customer asks for a CFDI, the seller stamps it in one click and cancels it", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Carlos asks for an invoice; Lucía invoices the order; Carlos downloads XML and PDF; Lucía cancels it", async () => {
    const customer = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    const supplier = await signedIn(browser, "lucia@demo.tianguis.mx");
    const { checkoutId, orderId } = await paidPurchase(customer.context);

    // Carlos enters his fiscal data on the purchase page.
    const { page } = customer;
    await open(page, `/tienda/demo/mis-compras/${checkoutId}`);
    await page.getByRole("button", { name: "Agregar datos de facturación" }).click();
    const form = page.getByRole("form", { name: "Datos de facturación" });
    await form.getByRole("textbox", { name: "RFC" }).fill("PEGC850101AB1");
    await form.getByRole("textbox", { name: "Nombre o razón social" }).fill("Carlos Pérez Gómez");
    await form.getByRole("textbox", { name: "Código postal fiscal" }).fill("06700");
    await form.getByRole("combobox", { name: "Régimen fiscal" }).selectOption("612");
    await form.getByRole("combobox", { name: "Uso de CFDI" }).selectOption("G03");
    await form.getByRole("button", { name: "Guardar datos de facturación" }).click();
    await page.getByText("Datos de facturación guardados").waitFor();

    // Lucía's order page: 'Facturar' stamps it with the shop's fiscal data (the demo's sandbox PAC).
    const desk = supplier.page;
    await open(desk, `/tienda/demo/admin/ordenes/${orderId}`);
    const section = desk.getByRole("region", { name: "Factura electrónica (CFDI)" });
    await section.getByRole("button", { name: "Facturar" }).click();
    const stamped = section.getByRole("article").filter({ hasText: "Vigente" });
    await stamped.waitFor();
    const number = ((await stamped.getByText(/^Factura TG-\d+$/).textContent()) ?? "").replace("Factura ", "");
    expect(number).toMatch(/^TG-\d+$/);
    await section.scrollIntoViewIfNeeded();
    await snap(desk, "invoices-order-desktop");
    expect(await seriousViolations(desk)).toEqual([]);

    // Carlos sees it on his purchase and downloads the XML and the PDF.
    await open(page, `/tienda/demo/mis-compras/${checkoutId}`);
    const mine = page.getByRole("region", { name: "Tu factura" });
    await mine.getByText(`Factura ${number}`).waitFor();
    const xml = await download(page, mine.getByRole("link", { name: `Descargar XML ${number}` }));
    expect(xml.name).toBe(`factura-${number}.xml`);
    expect(xml.body.toString("utf8")).toContain("tfd:TimbreFiscalDigital");
    expect(xml.body.toString("utf8")).toContain('Rfc="PEGC850101AB1"');
    const pdf = await download(page, mine.getByRole("link", { name: `Descargar PDF ${number}` }));
    expect(pdf.name).toBe(`factura-${number}.pdf`);
    expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
    await mine.scrollIntoViewIfNeeded();
    await snap(page, "invoices-purchase-phone");

    // /facturas lists his invoices, filtered by the number's prefix (where the invoice alert leads).
    await open(page, `/facturas?numero=${number}`);
    await page
      .getByRole("article")
      .filter({ hasText: `Factura ${number}` })
      .waitFor();
    await snap(page, "invoices-mine-phone");
    expect(await seriousViolations(page)).toEqual([]);

    // Lucía's invoices desk: the same filter, then 'Cancelar factura' with SAT's reason.
    await open(desk, `/tienda/demo/admin/facturas?numero=${number}`);
    const row = desk.getByRole("article").filter({ hasText: `Factura ${number}` });
    await row.waitFor();
    expect(await desk.getByRole("article").count()).toBe(1);
    await snap(desk, "invoices-desk-desktop");
    expect(await seriousViolations(desk)).toEqual([]);
    await row.getByRole("button", { name: "Cancelar factura" }).click();
    const dialog = desk.getByRole("dialog", { name: `Cancelar factura ${number}` });
    await dialog.getByRole("combobox", { name: "Motivo de cancelación (SAT)" }).selectOption("03");
    expect(await seriousViolations(desk, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole("button", { name: "Cancelar ante el SAT" }).click();
    await row.getByText("Cancelada").waitFor();

    await desk.setViewportSize(phone);
    await snap(desk, "invoices-desk-phone");
    await customer.context.close();
    await supplier.context.close();
  });

  it("Lucía, on her phone, replaces an invoice issued with the wrong CFDI use (reason 01): the substitute relates it and it is cancelled", async () => {
    const customer = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    const supplier = await signedIn(browser, "lucia@demo.tianguis.mx", phone);
    const { orderId } = await paidPurchase(customer.context);
    const fiscal = { rfc: "PEGC850101AB1", legal_name: "Carlos Pérez Gómez", postal_code: "06700", tax_regime: "612" };
    await apiWrite(customer.context, "PUT", `/orders/${orderId}/invoicing`, { ...fiscal, cfdi_use: "G03" });
    const original = (await apiWrite(supplier.context, "POST", `/shops/demo/orders/${orderId}/invoice`, {})) as {
      number: string;
      uuid: string;
    };
    // Carlos meant G01: he corrects his data, and the invoice must be replaced.
    await apiWrite(customer.context, "PUT", `/orders/${orderId}/invoicing`, { ...fiscal, cfdi_use: "G01" });

    const desk = supplier.page;
    await open(desk, `/tienda/demo/admin/facturas?numero=${original.number}`);
    // Exact: the number is a prefix filter, so TG-3 may list TG-30 too.
    const row = desk.getByRole("article").filter({ has: desk.getByText(`Factura ${original.number}`, { exact: true }) });
    await row.getByRole("button", { name: "Cancelar factura" }).click();
    const dialog = desk.getByRole("dialog", { name: `Cancelar factura ${original.number}` });
    await dialog.getByRole("combobox", { name: "Motivo de cancelación (SAT)" }).selectOption("01");
    await dialog.getByText("Se emitirá una factura nueva con los datos fiscales actuales del cliente").waitFor();
    expect(await seriousViolations(desk, '[role="dialog"]')).toEqual([]);
    await snap(desk, "invoices-replace-dialog-phone");
    await dialog.getByRole("button", { name: "Emitir sustituta y cancelar" }).click();
    await desk.getByText("Factura sustituida").waitFor();
    await row.getByText("Cancelada").waitFor();
    const replacedBy = ((await row.getByText(/Sustituida por TG-\d+/).textContent()) ?? "").match(/Sustituida por (TG-\d+)/)?.[1];
    expect(replacedBy).toMatch(/^TG-\d+$/);
    expect(await desk.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await open(desk, `/tienda/demo/admin/facturas?numero=${replacedBy}`);
    const substitute = desk.getByRole("article").filter({ has: desk.getByText(`Factura ${replacedBy}`, { exact: true }) });
    await substitute.getByText("Vigente").waitFor();
    await substitute.getByText(`Relacionada con ${original.uuid}`).waitFor();
    await substitute.getByText("CFDI G01").waitFor();
    await snap(desk, "invoices-replaced-phone");
    expect(await seriousViolations(desk)).toEqual([]);
    await customer.context.close();
    await supplier.context.close();
  });
});
