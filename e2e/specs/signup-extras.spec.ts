import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { apiWrite, demoPassword, open, signedIn } from "./storefront-helpers";

const phoneWidth = { width: 390, height: 844 };
/** A shop no other spec changes: its owner's tour setting and header banner are this spec's own. */
const shop = "nieves-de-garrafa";
const owner = "nieves@demo.tianguis.mx";

/**
 * Issue 31, what a visitor or seller meets first: the header banner's sign-up button for visitors without an account,
 * the storefront sign-up modal's '¿Ya tienes una cuenta?' opening the login inside the page, the owner's first-visit
 * tour of the admin bar with its toggle ('Mostrar siempre este tutorial') in /preferencias, and the shop fetch keeping
 * gclid, fbclid and referral_slug like referral, campaign and click_id.
 */
describe("sign-up extras", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the header banner's 'Regístrate ahora' opens the sign-up modal; '¿Ya tienes una cuenta?' logs in without leaving the page", async () => {
    const seller = await signedIn(browser, owner);
    await apiWrite(seller.context, "POST", `/shops/${shop}/headers`, {
      title: "Nieves para todos",
      action_type: "signup",
      button_label: "signupnow",
    });
    await seller.context.close();

    const { context, page } = await newPage(browser, { viewport: phoneWidth });
    await open(page, `/tienda/${shop}`);
    await page.getByRole("heading", { name: "Nieves para todos" }).waitFor();
    await page.getByRole("button", { name: "Regístrate ahora" }).click();
    const signup = page.getByRole("dialog", { name: "Regístrate para continuar" });
    await signup.waitFor();
    await signup.getByRole("button", { name: "¿Ya tienes una cuenta? Inicia sesión" }).click();
    const login = page.getByRole("dialog", { name: "Inicia sesión" });
    await login.getByLabel("Correo electrónico").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/tienda/${shop}`);
    expect(await seriousViolations(page, "[role=dialog]")).toEqual([]);
    await snap(page, "signup-extras-login-modal-phone");

    await login.getByRole("button", { name: "¿No tienes cuenta? Regístrate" }).click();
    await signup.getByLabel("Nombre completo").waitFor();
    await signup.getByRole("button", { name: "¿Ya tienes una cuenta? Inicia sesión" }).click();
    await login.getByLabel("Correo electrónico").fill("carlos@demo.tianguis.mx");
    await login.getByRole("textbox", { name: "Contraseña", exact: true }).fill("no-es-esta");
    await login.getByRole("button", { name: "Entrar" }).click();
    await login.getByRole("alert").waitFor();
    await login.getByRole("textbox", { name: "Contraseña", exact: true }).fill(demoPassword);
    await login.getByRole("button", { name: "Entrar" }).click();
    await login.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe(`/tienda/${shop}`);
    // Carlos has an account: the header's sign-up button is for visitors without one.
    await page.getByRole("button", { name: "Menú de cuenta" }).first().waitFor();
    await page.getByRole("heading", { name: "Nieves para todos" }).waitFor();
    expect(await page.getByRole("button", { name: "Regístrate ahora" }).count()).toBe(0);
    await context.close();
  });

  it("the owner's first-visit tour walks the admin bar, follows the /preferencias toggle and ends for good unless kept", async () => {
    const { context, page } = await signedIn(browser, owner);
    await open(page, "/preferencias");
    const toggle = page.getByRole("switch", { name: "Mostrar siempre este tutorial" });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click({ force: true });
    await expect.poll(async () => (await context.request.get("/api/v1/profile/setup-apps")).json()).toEqual({ show_tour: true });
    expect(await seriousViolations(page)).toEqual([]);

    await open(page, `/tienda/${shop}`);
    const step = page.getByRole("dialog").filter({ hasText: "Recorrido de tu tienda" });
    await step.getByText("Comparte tu tienda").waitFor();
    const total = Number((await step.getByText(/^Recorrido de tu tienda · Paso 1 de \d$/).textContent())?.split(" de ").at(-1));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(await seriousViolations(page, "[role=dialog]")).toEqual([]);
    await snap(page, "signup-extras-tour-first-step");
    await step.getByRole("button", { name: "Siguiente" }).click();
    await step.getByText("Tus productos").waitFor();
    for (let shown = 2; shown < total; shown += 1) await step.getByRole("button", { name: "Siguiente" }).click();
    await step.getByText(`Recorrido de tu tienda · Paso ${total} de ${total}`).waitFor();
    await step.getByRole("button", { name: "Terminar" }).click();
    await step.waitFor({ state: "hidden" });
    // Finished without 'Mostrar siempre este tutorial': the next visit has no tour, and the switch says so.
    await expect.poll(async () => (await context.request.get("/api/v1/profile/setup-apps")).json()).toEqual({ show_tour: false });
    await open(page, `/tienda/${shop}`);
    await page.getByRole("navigation", { name: "Barra de administración" }).waitFor();
    expect(await step.count()).toBe(0);
    await open(page, "/preferencias");
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);

    // On a phone the tour opens the bar it points at; ticking 'always show' keeps it for the next visit.
    await apiWrite(context, "PATCH", "/profile/setup-apps", { show_tour: true });
    await page.setViewportSize(phoneWidth);
    await open(page, `/tienda/${shop}`);
    await step.getByText("Comparte tu tienda").waitFor();
    expect(await page.getByRole("navigation", { name: "Barra de administración" }).isVisible()).toBe(true);
    await snap(page, "signup-extras-tour-phone");
    await step.getByRole("checkbox", { name: "Mostrar siempre este tutorial" }).check();
    await step.getByRole("button", { name: "Omitir" }).click();
    await step.waitFor({ state: "hidden" });
    await expect.poll(async () => (await context.request.get("/api/v1/profile/setup-apps")).json()).toEqual({ show_tour: true });
    await apiWrite(context, "PATCH", "/profile/setup-apps", { show_tour: false });
    await context.close();
  });

  it("a shop URL's gclid, fbclid and referral_slug are kept in cookies for a day, like referral, campaign and click_id", async () => {
    const { context, page } = await newPage(browser);
    const gclid = `Cj0KCQiA${"x".repeat(110)}_BwE`;
    const before = Date.now() / 1000;
    await open(page, `/tienda/demo?gclid=${gclid}&fbclid=IwAR2-e2e_1&referral_slug=casa-lucia&click_id=clk_e2e`);
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect([cookies.gclid?.value, cookies.fbclid?.value, cookies.referralSlug?.value]).toEqual([gclid, "IwAR2-e2e_1", "casa-lucia"]);
    for (const name of ["gclid", "fbclid", "referralSlug", "clickID"]) {
      expect(cookies[name].expires - before).toBeGreaterThan(86400 - 120);
      expect(cookies[name].expires - before).toBeLessThanOrEqual(86400 + 120);
    }
    // An empty parameter removes its cookie, as for the others.
    await open(page, "/tienda/demo/productos?fbclid=");
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("fbclid");
    await context.close();
  });
});
