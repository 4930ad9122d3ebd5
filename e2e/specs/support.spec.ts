import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

async function openAdvisor(page: Page) {
  await page.getByRole("button", { name: "Menú de cuenta" }).click();
  await page.getByRole("menuitem", { name: "Mi asesor" }).click();
  const dialog = page.getByRole("dialog", { name: "Mi asesor" });
  await dialog.waitFor();
  return dialog;
}

describe("support: 'Mi asesor' for shop owners, the shop's support modal and the support centre", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the owner's advisor shows the phone as (XXX) XXX-XXXX and goes online while the advisor has a page open", async () => {
    const owner = await signedIn(browser, "lucia@demo.tianguis.mx", phone);
    await open(owner.page, "/tienda/demo");
    let dialog = await openAdvisor(owner.page);
    await dialog.getByText("Valeria Gómez").waitFor();
    const phoneLink = dialog.getByTestId("advisor-phone");
    expect(await phoneLink.textContent()).toBe("(554) 433-2211");
    expect(await phoneLink.getAttribute("href")).toBe("tel:+525544332211");
    expect(await dialog.getByTestId("advisor-state").textContent()).toBe("Desconectado");
    expect(await dialog.getByRole("link", { name: "Escribir por WhatsApp" }).getAttribute("href")).toBe("https://wa.me/525544332211");
    expect(await dialog.getByRole("link", { name: "asesora@demo.tianguis.mx" }).getAttribute("href")).toBe(
      "mailto:asesora@demo.tianguis.mx",
    );
    expect(await dialog.getByRole("link", { name: "Chat privado con tu asesor" }).getAttribute("href")).toMatch(/^https:\/\//);
    expect(await seriousViolations(owner.page, '[role="dialog"]')).toEqual([]);
    await owner.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // The advisor opens any page: their session reports itself (the heartbeat).
    const advisor = await signedIn(browser, "asesora@demo.tianguis.mx");
    const beat = advisor.page.waitForResponse((response) => response.url().endsWith("/api/v1/advisors/me/heartbeat"));
    await open(advisor.page, "/");
    expect((await beat).status()).toBe(200);

    dialog = await openAdvisor(owner.page);
    await expect.poll(() => dialog.getByTestId("advisor-state").textContent()).toBe("En línea");
    expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(owner.page, "support-advisor-phone");
    await dialog.getByRole("link", { name: "Centro de ayuda" }).click();
    await owner.page.waitForURL(`${baseURL()}/ayuda`);
    await owner.page.getByRole("heading", { level: 1, name: "Centro de ayuda" }).waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await snap(owner.page, "support-help-center-phone");
    await advisor.context.close();
    await owner.context.close();
  });

  it("a franchise owner is sent to the franchise's own support page instead of an advisor", async () => {
    const owner = await signedIn(browser, "sofia@demo.tianguis.mx");
    await open(owner.page, "/tienda/sabores");
    const dialog = await openAdvisor(owner.page);
    await dialog.getByText("Tu franquicia tiene su propio equipo de soporte.").waitFor();
    expect(await dialog.getByTestId("advisor-phone").count()).toBe(0);
    await dialog.getByRole("link", { name: "Ir al soporte" }).click();
    await owner.page.waitForURL(`${baseURL()}/ayuda#franquicias`);
    await owner.page.getByRole("heading", { name: "Franquicias" }).waitFor();
    await owner.context.close();
  });

  it("a customer without a shop has no 'Mi asesor'", async () => {
    const customer = await signedIn(browser, "carlos@demo.tianguis.mx");
    await open(customer.page, "/tienda/demo");
    await customer.page.getByRole("button", { name: "Menú de cuenta" }).click();
    await customer.page.getByRole("menuitem", { name: "Mis compras" }).waitFor();
    expect(await customer.page.getByRole("menuitem", { name: "Mi asesor" }).count()).toBe(0);
    await customer.context.close();
  });

  it("a visitor opens the shop's support modal: WhatsApp, e-mail, phone and the contact form", async () => {
    const { context, page } = await newPage(browser, { viewport: phone });
    await open(page, "/tienda/demo");
    await page.getByRole("button", { name: "Contáctanos" }).click();
    const dialog = page.getByRole("dialog", { name: "Contáctanos" });
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "+52 (551) 234-5678" }).waitFor();
    await dialog.getByRole("link", { name: "lucia@demo.tianguis.mx" }).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await snap(page, "support-shop-contact-phone");
    await dialog.getByRole("link", { name: "Formulario de contacto" }).click();
    await page.waitForURL(`${baseURL()}/tienda/demo/contacto`);
    await page.getByRole("button", { name: "Enviar mensaje" }).waitFor();
    await context.close();
  });

  it("the alerts drawer loads 10 more when scrolled to its end (mateo gets 12 alerts from 6 disables and enables)", async () => {
    const admin = await signedIn(browser, "admin@demo.tianguis.mx");
    const csrf = (await admin.context.cookies()).find((cookie) => cookie.name === "tianguis_csrf")?.value ?? "";
    for (let round = 1; round <= 6; round += 1) {
      for (const [action, data] of [
        ["disable", { reason: `Revisión ${round}` }],
        ["enable", undefined],
      ] as const) {
        const response = await admin.context.request.fetch(`/api/v1/platform/shops/mateo/${action}`, {
          method: "POST",
          data,
          headers: { "x-csrf-token": csrf },
        });
        expect(response.status()).toBe(200);
      }
    }
    await admin.context.close();

    const owner = await signedIn(browser, "mateo@demo.tianguis.mx", { width: 390, height: 600 });
    const total = (await (await owner.context.request.get("/api/v1/me/alerts")).json()).matches_estimated as number;
    expect(total).toBeGreaterThanOrEqual(12);
    await open(owner.page, "/tienda/mateo");
    const drawer = owner.page.getByRole("dialog", { name: "Alertas" });
    // Click the bell until the drawer shows (a click on a loaded machine can land before the page settles).
    await expect
      .poll(async () => {
        if ((await drawer.count()) === 0) await owner.page.getByRole("button", { name: /^Alertas, / }).click();
        return drawer.count();
      })
      .toBe(1);
    await drawer.getByText("Tu tienda Reventa Mateo fue habilitada de nuevo").first().waitFor();
    expect(await drawer.locator("[data-alert]").count()).toBe(10);
    // Scrolled to the end, the drawer asks for the next page by itself (no click on 'Carga más').
    await drawer.locator("[data-alert]").last().scrollIntoViewIfNeeded();
    await owner.page.mouse.move(200, 400);
    await owner.page.mouse.wheel(0, 4000);
    await expect.poll(() => drawer.locator("[data-alert]").count()).toBe(Math.min(20, total));
    await owner.context.close();
  });

  it("the disabled-shop help page explains what it means for owners and buyers", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/ayuda/proveedores/deshabilitado");
    await page.getByRole("heading", { level: 1, name: "Tiendas deshabilitadas" }).waitFor();
    await page.getByRole("heading", { name: "Si es tu tienda" }).waitFor();
    await page.getByRole("heading", { name: "Si eres comprador" }).waitFor();
    expect(await page.getByRole("link", { name: "soporte@tianguis.mx" }).getAttribute("href")).toBe("mailto:soporte@tianguis.mx");
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "support-help-disabled-desktop");
    await context.close();
  });
});
