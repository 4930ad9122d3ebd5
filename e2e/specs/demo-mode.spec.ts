import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, snap, waitForHydration } from "../browser";
import { type RunningServer, startServer } from "../server";

/** A page on `server` (not the spec's default one), at desktop or phone width. */
async function pageOn(browser: Browser, server: RunningServer, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: "es-MX", viewport: { width, height: 900 }, baseURL: server.baseURL });
  return { context, page: await context.newPage() };
}

async function signUp(page: Page, name: string, email: string) {
  await page.goto("/register");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await page.waitForURL(/\/register\/activate\/\?code=/);
  await waitForHydration(page);
}

/** README's `npm start` runs NODE_ENV=production on the embedded database: a new user must still reach the outbox. */
describe("demo mode: trying the product as a new user", () => {
  let browser: Browser;
  let demo: RunningServer;
  let production: RunningServer;
  beforeAll(async () => {
    // One server at a time: on a busy machine three starting together miss their start-up deadline.
    browser = await launchBrowser();
    demo = await startServer({ NODE_ENV: "production" });
    production = await startServer({
      NODE_ENV: "production",
      DEMO_MODE: "false",
      SEED_DEMO: "false",
      APP_SECRET: "e2e-production-secret-0123456789abcdef",
    });
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), demo?.stop(), production?.stop()]);
  });

  it("signs up under npm start's settings, follows the demo note to /dev/outbox and activates with the PIN", async () => {
    const { context, page } = await pageOn(browser, demo);
    await signUp(page, "Nora Demo", "nora.demo@ejemplo.mx");
    await page.getByText("Modo demostración: lee el PIN en /dev/outbox").waitFor();
    await snap(page, "signup-demo-note-desktop");
    const [outbox] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "/dev/outbox" }).click()]);
    await outbox.waitForLoadState();
    const message = outbox.getByRole("listitem", { name: "Para nora.demo@ejemplo.mx" }).first();
    const pin = (await message.innerText()).match(/\b(\d{6})\b/)?.[1];
    expect(pin).toMatch(/^\d{6}$/);
    await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).fill(pin ?? "");
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.waitForURL(/\/register\/complete\//);
    await context.close();
  });

  it("shows the note at phone width too", async () => {
    const { context, page } = await pageOn(browser, demo, 390);
    await signUp(page, "Pablo Demo", "pablo.demo@ejemplo.mx");
    await page.getByText("Modo demostración: lee el PIN en /dev/outbox").waitFor();
    await snap(page, "signup-demo-note-390");
    await context.close();
  });

  it("answers 404 at /dev/outbox in a real production deployment, with no demo note", async () => {
    const { context, page } = await pageOn(browser, production);
    const response = await page.goto("/dev/outbox");
    expect(response?.status()).toBe(404);
    expect((await context.request.get("/api/v1/dev/outbox")).status()).toBe(404);
    await signUp(page, "Olga Real", "olga.real@ejemplo.mx");
    await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).waitFor();
    expect(await page.getByText("Modo demostración", { exact: false }).count()).toBe(0);
    await context.close();
  });
});
