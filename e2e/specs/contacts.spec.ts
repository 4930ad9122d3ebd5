import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { openAdminSection } from "./admin-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };
const shopName = "Casa Lucía Artesanías";

/** The messages the notifier sent to `to`, newest first, from the dev outbox API. */
async function outboxFor(to: string): Promise<{ subject: string | null; body: string }[]> {
  const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { results: { subject: string | null; body: string }[] }).results;
}

describe("contacts: a visitor writes, the seller is alerted, opens the contact and answers; the referred list filters", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a visitor's message rings the seller's bell, which opens the contact; the seller answers by e-mail", async () => {
    const stamp = Date.now().toString(36);
    const visitorName = `Sofía Contacto ${stamp}`;
    const visitorEmail = `sofia.${stamp}@example.com`;
    const visitor = await newPage(browser);
    await open(visitor.page, "/tienda/demo/contacto");
    await visitor.page.getByRole("textbox", { name: "Nombre" }).fill(visitorName);
    await visitor.page.getByRole("textbox", { name: "Correo electrónico" }).fill(visitorEmail);
    await visitor.page.getByRole("textbox", { name: "Mensaje" }).fill("¿Hacen rebozos sobre pedido?");
    await visitor.page.getByRole("button", { name: "Enviar mensaje" }).click();
    await visitor.page.getByRole("status").getByText("Mensaje enviado. La tienda te responderá a tu correo.").waitFor();
    await visitor.context.close();

    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, "/tienda/demo");
    // The admin bar counts the contacts with messages not opened yet, on its closed Marketing section and on the link.
    await page
      .getByRole("button", { name: /^Marketing \(\d+ sin leer\)$/ })
      .first()
      .waitFor();
    await openAdminSection(page, "Marketing");
    await page
      .getByRole("link", { name: /^Contactos \(\d+ sin leer\)$/ })
      .first()
      .waitFor();
    await page.getByRole("button", { name: /^Alertas, / }).click();
    const drawer = page.getByRole("dialog", { name: "Alertas" });
    const alert = drawer.getByRole("button", { name: new RegExp(`Nuevo contacto: ${visitorName} te escribió en ${shopName}`) });
    await alert.click();
    await page.waitForURL(/\/tienda\/demo\/admin\/contactos\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: visitorName }).waitFor();
    const conversation = page.getByRole("region", { name: "Conversación" });
    await conversation.getByText("¿Hacen rebozos sobre pedido?").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("textbox", { name: "Tu respuesta" }).fill("¡Claro! Cuéntanos colores y medidas.");
    await page.getByRole("button", { name: "Enviar respuesta" }).click();
    await page.getByText("Respuesta enviada").first().waitFor();
    await conversation.getByText("¡Claro! Cuéntanos colores y medidas.").waitFor();
    await conversation.getByText(/Respuesta de Lucía Hernández/).waitFor();
    const [mail] = await outboxFor(visitorEmail);
    expect(mail?.subject).toBe(`Respuesta de ${shopName}`);
    expect(mail?.body).toContain("¡Claro! Cuéntanos colores y medidas.");
    await snap(page, "contacts-detail-desktop");

    // The list: the new contact first (last interaction), found by the search; a phone sees cards, no sideways scroll.
    await page.getByRole("link", { name: "Volver a contactos" }).click();
    await page.getByRole("heading", { level: 1, name: "Contactos" }).waitFor();
    await page.getByRole("textbox", { name: "Buscar por nombre, correo o teléfono" }).fill(stamp);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.getByText("1 contacto", { exact: true }).waitFor();
    await page.getByRole("link", { name: visitorName }).first().waitFor();
    // Opened, the contact is read: no 'sin leer' marker beside it any more.
    expect(await page.getByTestId("contact-unread").count()).toBe(0);
    // The page itself: the answer's success toast (the shared notifications widget) may still be on screen.
    expect(await seriousViolations(page, "main")).toEqual([]);
    await snap(page, "contacts-list-desktop");
    await page.setViewportSize(phone);
    await open(page, "/tienda/demo/admin/contactos");
    await page.getByRole("link", { name: "Rosa Díaz" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "contacts-list-phone");
    await context.close();
  });

  it("the promoter's referred list in the referral area lists the people who signed up with his link, and filters", async () => {
    const { context, page } = await signedIn(browser, "mateo@demo.tianguis.mx");
    await open(page, "/apps/me/referral/referred");
    await page.getByRole("tab", { name: "Referidos" }).waitFor();
    await page.getByRole("heading", { name: "Mis referidos" }).waitFor();
    for (const name of ["Valeria Gómez", "Diego Ramírez", "Renata Flores"]) await page.getByRole("link", { name }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("textbox", { name: "Buscar por nombre, correo o teléfono" }).fill("diego");
    await page.getByRole("checkbox", { name: "Se registraron por campaña" }).check();
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.getByText("1 contacto", { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("registered_by_campaign")).toBe("true");
    await expect.poll(() => page.getByRole("link", { name: "Valeria Gómez" }).count()).toBe(0);
    await page.getByRole("link", { name: "Diego Ramírez" }).first().click();
    await page.waitForURL(/\/apps\/me\/crm\/clients\/detail\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Diego Ramírez" }).waitFor();
    await page.getByText("Se registró con tu enlace").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "contacts-referred-detail");
    await context.close();
  });
});
