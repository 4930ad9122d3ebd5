import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, snap, waitForHydration } from "../browser";
import { type RunningServer, startServer } from "../server";
import { customer, owner, signedInPage } from "./admin-helpers";
import { pick } from "./checkout-helpers";
import { apiWrite, open } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

/** Signs `account` in on `server` (not the spec's own) through the real login endpoint. */
async function signedInOn(browser: Browser, server: RunningServer, account: typeof owner, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ locale: "es-MX", viewport, baseURL: server.baseURL });
  const response = await context.request.post("/api/v1/auth/login", { data: { username: account.username, password: account.password } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return { context, page: await context.newPage() };
}

/** The demo customer buys one unit through the checkout API and pays with the sandbox's test card. */
async function sandboxPurchase(context: BrowserContext): Promise<{ id: string; access_token: string }> {
  const item = await pick("demo", "demo");
  const purchase = (await apiWrite(context, "POST", "/shops/demo/checkout", {
    items: [{ product_id: item.id, quantity: 1 }],
    delivery_type: "to_branch",
  })) as { id: string; access_token: string };
  const token = await (
    await context.request.post("/sandbox-pay/tokens", {
      data: { number: "4242424242424242", name: "Carlos", exp_month: 12, exp_year: 2040, cvc: "123" },
    })
  ).json();
  await apiWrite(context, "POST", `/checkouts/${purchase.id}/pay?token=${purchase.access_token}`, {
    method: "str_card",
    card_token: token.token,
    return_path: "/pagado",
  });
  return purchase;
}

/** Issue #32: test money never passes for real money. */
describe("test money", () => {
  let browser: Browser;
  let production: RunningServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    production = await startServer(
      { NODE_ENV: "production", DEMO_MODE: "false", APP_SECRET: "e2e-production-secret-0123456789abcdef" },
      { seeded: inject("seededDataDir") || undefined },
    );
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), production?.stop()]);
  });

  it("a sandbox purchase shows a 'Prueba' badge in the seller's orders and a test notice on the buyer's purchase", async () => {
    const buyer = await signedInPage(browser, customer);
    const purchase = await sandboxPurchase(buyer.context);
    await open(buyer.page, `/tienda/demo/mis-compras/${purchase.id}`);
    await buyer.page.getByText("Compra de prueba: se pagó con el simulador de pagos").waitFor();
    await snap(buyer.page, "test-money-purchase-desktop");
    await buyer.context.close();

    for (const [viewport, name] of [
      [{ width: 1280, height: 900 }, "desktop"],
      [phone, "390"],
    ] as const) {
      const seller = await signedInPage(browser, owner, { viewport });
      await open(seller.page, "/tienda/demo/admin/ordenes");
      const badge = seller.page.getByTestId("test-badge").filter({ visible: true }).first();
      await badge.waitFor();
      expect(await badge.innerText()).toMatch(/prueba/i);
      await snap(seller.page, `test-money-orders-${name}`);
      await seller.context.close();
    }
  });

  it("in production a shop without a live provider shows its owner a banner, sells nothing and has no sandbox", async () => {
    for (const [viewport, name] of [
      [{ width: 1280, height: 900 }, "desktop"],
      [phone, "390"],
    ] as const) {
      const { context, page } = await signedInOn(browser, production, owner, viewport);
      await page.goto("/tienda/demo");
      await waitForHydration(page);
      const banner = page.getByRole("alert").filter({ hasText: "Tu tienda todavía no puede cobrar" });
      await banner.waitFor();
      expect(await banner.getByRole("link", { name: "Ir a Formas de pago" }).getAttribute("href")).toBe("/tienda/demo/admin/configuracion");
      await snap(page, `test-money-banner-${name}`);
      await context.close();
    }

    const visitor = await browser.newContext({ locale: "es-MX", baseURL: production.baseURL });
    const page = await visitor.newPage();
    await page.goto("/tienda/demo");
    await waitForHydration(page);
    expect(await page.getByText("Tu tienda todavía no puede cobrar").count()).toBe(0);
    const card = { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" };
    expect((await visitor.request.post("/sandbox-pay/tokens", { data: card })).status()).toBe(404);
    expect((await visitor.request.get("/sandbox-pay/card")).status()).toBe(404);
    await visitor.close();
  });
});
