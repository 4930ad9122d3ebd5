import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };
const license = "12345678";
const pixelId = "123456789012345";

/**
 * Stand-ins for the vendors' scripts (there is no internet here): each takes over its queueing stand-in the way the real
 * script does, replays what was queued, and records every call on the page for the test to read.
 */
const fakePixel = `(() => {
  const record = (...args) => (window.__pixelCalls = window.__pixelCalls || []).push(args);
  window.fbq.callMethod = record;
  for (const args of window.fbq.queue) record(...args);
  window.fbq.queue = [];
})();`;
const fakeLiveChat = `(() => {
  const record = (kind, args) => (window.__chatCalls = window.__chatCalls || []).push([kind, ...args].join(" "));
  window.__chatLicense = window.__lc.license;
  window.LiveChatWidget._h = record;
  for (const [kind, args] of window.LiveChatWidget._q) record(kind, args);
  window.LiveChatWidget._q = [];
})();`;

async function withVendorScripts(context: BrowserContext) {
  await context.route("https://connect.facebook.net/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: fakePixel }),
  );
  await context.route("https://cdn.livechatinc.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: fakeLiveChat }),
  );
}

const pixelCalls = (page: Page) => page.evaluate(() => (window as unknown as { __pixelCalls?: unknown[][] }).__pixelCalls ?? []);
const chatCalls = (page: Page) => page.evaluate(() => (window as unknown as { __chatCalls?: string[] }).__chatCalls ?? []);

/** The newest PIN the notifier sent to `to`, read from the dev outbox API. */
async function pinFor(to: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const { results } = (await response.json()) as { results: { body: string }[] };
  const match = results[0]?.body.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no PIN sent to ${to}`);
  return match[1];
}

describe("a shop's LiveChat and Facebook pixel", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Lucía sets her LiveChat licence and pixel in the settings; letters are refused with the field's message", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, "/tienda/demo/admin/configuracion");
    const form = page.getByRole("form", { name: "Chat en vivo y píxel" });
    await form.getByRole("textbox", { name: "Licencia de LiveChat" }).fill("mi-licencia");
    await form.getByRole("textbox", { name: "Píxel de Facebook" }).fill(pixelId);
    await form.getByRole("button", { name: "Guardar" }).click();
    await form.getByText("Licencia inválida: escribe solo el número").waitFor();
    // Checked before the save: the saved toast (Mantine's notification) has an unnamed close button and dimmed text.
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole("textbox", { name: "Licencia de LiveChat" }).fill(license);
    await form.getByRole("button", { name: "Guardar" }).click();
    // Saved once the shop answers them (the button is disabled while it saves, too).
    await expect
      .poll(async () => (await context.request.get("/api/v1/shops/demo")).json())
      .toMatchObject({ live_chat_license: license, fb_pixel: pixelId });
    await expect.poll(() => form.getByRole("button", { name: "Guardar" }).isDisabled()).toBe(true);
    await snap(page, "integrations-settings-desktop");
    await context.close();
  });

  it("a visitor's page views reach the pixel, the chat shows minimised, opens from the contact dialog and hides at checkout", async () => {
    const { context, page } = await newPage(browser);
    await withVendorScripts(context);
    await open(page, "/tienda/demo");
    await expect
      .poll(() => pixelCalls(page))
      .toEqual([
        ["init", pixelId],
        ["trackSingle", pixelId, "PageView"],
      ]);
    expect(await page.evaluate(() => (window as unknown as { __chatLicense?: number }).__chatLicense)).toBe(Number(license));
    await expect.poll(() => chatCalls(page)).toEqual(["call minimize"]);
    // A move inside the shop is one more page view.
    await page.getByRole("navigation").getByRole("link", { name: "Productos", exact: true }).first().click();
    await page.waitForURL(/\/tienda\/demo\/productos/);
    await expect.poll(async () => (await pixelCalls(page)).length).toBe(3);
    await page.getByRole("button", { name: "Contáctanos" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Chat en vivo" }).click();
    await expect.poll(async () => (await chatCalls(page)).at(-1)).toBe("call maximize");
    await open(page, "/tienda/demo/comprar");
    await expect.poll(() => chatCalls(page)).toEqual(["call hide"]);
    await context.close();
  });

  it("a sign-up in the shop reports CompleteRegistration: false on a wrong PIN, true once complete (phone width)", async () => {
    const { context, page } = await newPage(browser, { viewport: phone });
    await withVendorScripts(context);
    await open(page, "/tienda/demo");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("menuitem", { name: "Regístrate" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Nombre completo", exact: true }).fill("Pía Píxel");
    await dialog.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill("pia.pixel@ejemplo.mx");
    await dialog.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Crear cuenta" }).click();
    await page.waitForURL(/\/register\/activate\/\?.*pixel=123456789012345/);
    const pin = await pinFor("pia.pixel@ejemplo.mx");
    await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).fill(pin === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect
      .poll(async () => (await pixelCalls(page)).filter((call) => call[2] === "CompleteRegistration"))
      .toEqual([["trackSingle", pixelId, "CompleteRegistration", { status: false }]]);
    await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).fill(pin);
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.waitForURL(/\/register\/complete\/\?.*pixel=123456789012345/);
    await page.getByRole("heading", { name: "¡Tu cuenta está lista!" }).waitFor();
    await expect
      .poll(async () => (await pixelCalls(page)).filter((call) => call[2] === "CompleteRegistration").map((call) => call[3]))
      .toEqual([{ status: false }, { status: true }]);
    await snap(page, "integrations-register-complete-phone");
    await context.close();
  });

  it("/register/complete/ keeps the referral and click for the first purchase and offers the package it was given", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/register/complete/?username=ana%40ejemplo.mx&package_code=paquete_anual&referal_id=promo-7&click_id=clk_42");
    await page.getByText("ana@ejemplo.mx").waitFor();
    await page.getByRole("link", { name: "Ver el paquete" }).click();
    await page.waitForURL(/\/apps\/paquetes\/paquete_anual$/);
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
    expect(cookies).toMatchObject({ referralID: "promo-7", clickID: "clk_42" });
    await context.close();
  });
});
