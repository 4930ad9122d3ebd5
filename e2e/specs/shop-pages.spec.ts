import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };
const shopName = "Casa Lucía Artesanías";

/** The messages the notifier sent to `to`, newest first, from the dev outbox API. */
async function outboxFor(to: string): Promise<{ subject: string | null; body: string }[]> {
  const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { results: { subject: string | null; body: string }[] }).results;
}

describe("shop info pages: footer links, contact form and the owner's edits", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // The demo shop's privacy notice goes back to its default, whatever this spec left.
    const { context } = await signedIn(browser, "lucia@demo.tianguis.mx");
    const csrf = (await context.cookies()).find((cookie) => cookie.name === "tianguis_csrf")?.value ?? "";
    await context.request.fetch("/api/v1/shops/demo/pages/privacidad", { method: "DELETE", headers: { "x-csrf-token": csrf } });
    await context.close();
    await browser?.close();
  });

  it("a visitor follows each footer link and reads the default text with the shop's name", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo");
    const footer = page.locator("footer");
    for (const [link, heading, text] of [
      ["Acerca de", `Acerca de ${shopName}`, `${shopName} es una tienda en línea en Tianguis`],
      ["Aviso de privacidad", "Aviso de privacidad", `Responsable: ${shopName}`],
      ["Términos y condiciones", "Términos y condiciones de venta", `compras hechas en ${shopName}`],
      ["Derechos de autor", "Derechos de autor", `${shopName}. Todos los derechos reservados.`],
    ] as const) {
      await footer.getByRole("link", { name: link, exact: true }).first().click();
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await page.getByText(text).first().waitFor();
      expect(await page.title()).toContain(shopName);
    }
    expect(page.url()).toBe(`${baseURL()}/tienda/demo/copyright`);
    await page.goto("/tienda/demo/privacidad");
    await page.getByText("Derechos ARCO").waitFor();
    await snap(page, "shop-pages-privacy-desktop");
    expect(await seriousViolations(page)).toEqual([]);
    await open(page, "/tienda/demo/contacto");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("a visitor on a phone sends the contact form and the owner's e-mail lands in the outbox", async () => {
    const { context, page } = await newPage(browser, { viewport: phone });
    await open(page, "/tienda/demo");
    await page.locator("footer").getByRole("link", { name: "Contacto", exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: `Contacto · ${shopName}` }).waitFor();
    // Errors in the visitor's language, from the API's field codes.
    await page.getByRole("textbox", { name: "Nombre" }).fill("Valentina Ortiz");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("valentina");
    await page.getByRole("textbox", { name: "Mensaje" }).fill("¿Tienen el rebozo en color azul?");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await page.getByText("Correo electrónico inválido").waitFor();
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("valentina.e2e@example.com");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await page.getByRole("status").getByText("Mensaje enviado. La tienda te responderá a tu correo.").waitFor();
    const mails = await outboxFor("lucia@demo.tianguis.mx");
    const mail = mails.find((message) => message.body.includes("valentina.e2e@example.com"));
    expect(mail?.subject).toBe(`Nuevo mensaje de contacto en ${shopName}`);
    expect(mail?.body).toContain("¿Tienen el rebozo en color azul?");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "shop-pages-contact-phone");
    await context.close();
  });

  it("the owner edits the privacy notice from 'Páginas de la tienda' and a visitor sees the new text", async () => {
    const owner = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(owner.page, "/tienda/demo/admin/paginas");
    await owner.page.getByRole("heading", { level: 1, name: "Páginas de la tienda" }).waitFor();
    // Checked before saving: the success toast is the shared notifications widget, not this page.
    expect(await seriousViolations(owner.page)).toEqual([]);
    await owner.page.getByRole("button", { name: "Aviso de privacidad" }).click();
    const form = owner.page.getByRole("form", { name: "Aviso de privacidad" });
    await form.getByRole("textbox", { name: "Título" }).fill("Aviso de privacidad integral");
    await form
      .getByRole("textbox", { name: "Texto" })
      .fill("Casa Lucía cuida tus datos.\n\nPara ejercer tus derechos ARCO escribe a privacidad@casalucia.mx");
    await form.getByRole("button", { name: "Guardar" }).click();
    await owner.page.getByText("Página guardada").waitFor();
    await snap(owner.page, "shop-pages-editor");
    await owner.context.close();

    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo/privacidad");
    await page.getByRole("heading", { level: 1, name: "Aviso de privacidad integral" }).waitFor();
    await page.getByText("Casa Lucía cuida tus datos.").waitFor();
    expect(await page.getByRole("link", { name: "privacidad@casalucia.mx" }).getAttribute("href")).toBe("mailto:privacidad@casalucia.mx");
    await context.close();
  });
});
