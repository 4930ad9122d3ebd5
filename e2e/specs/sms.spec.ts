import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { pick } from "./checkout-helpers";
import { phone } from "./reseller-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const mateo = "mateo@demo.tianguis.mx";
const lucia = "lucia@demo.tianguis.mx";
/** The demo's customer known only by her phone: every notice to her is an SMS. */
const ana = "+525587650000";

/** Ana buys one item in Mateo's store; the notice job runs (her 'received' SMS is Mateo's shop's to pay). */
async function anaOrdersFromMateo(browser: Browser) {
  const item = await pick("mateo", "demo");
  const customer = await signedIn(browser, ana);
  await apiWrite(customer.context, "POST", "/shops/mateo/checkout", {
    items: [{ product_id: item.id, quantity: 1 }],
    delivery_type: "to_branch",
  });
  await apiWrite(customer.context, "POST", "/dev/jobs/run", {});
  await customer.context.close();
}

const smsBalance = async (context: BrowserContext, slug: string) =>
  (await (await context.request.get(`/api/v1/shops/${slug}/sms`)).json()).balance as number;

/**
 * Issue 30 §3: a shop without SMS credits does not text its customers and its owner hears 'sms_runout', which opens
 * /me/sms/packages; he buys a package with the sandbox card, sees the balance, and the next order's SMS spends a credit.
 */
describe("SMS credits: a shop runs out, buys a package and its customers' SMS spend credits", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Lucía's shop shows its credits and their use (the demo seed), on a phone too", async () => {
    const owner = await signedIn(browser, lucia);
    await open(owner.page, "/me/sms/packages");
    await owner.page.getByRole("heading", { name: "Paquetes de SMS", level: 1 }).waitFor();
    await owner.page.getByTestId("sms-balance").getByText("497 SMS disponibles").waitFor();
    expect(await owner.page.getByTestId("sms-history").getByText("SMS enviado").count()).toBe(3);
    await owner.page.getByTestId("sms-history").getByText("Compra de paquete").waitFor();
    await snap(owner.page, "sms-balance-desktop", { fullPage: true });
    await owner.context.close();

    const small = await signedIn(browser, lucia, phone);
    await open(small.page, "/me/sms/packages");
    await small.page.getByTestId("sms-balance").getByText("497 SMS disponibles").waitFor();
    const overflow = await small.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(small.page, "sms-balance-phone", { fullPage: true });
    expect(await seriousViolations(small.page)).toEqual([]);
    await small.context.close();
  });

  it("Mateo's store has no credits: Ana's SMS is skipped, the alert opens the packages page, he buys 100 SMS and the next SMS spends one", async () => {
    const owner = await signedIn(browser, mateo);
    const { page } = owner;
    await open(page, "/me/sms/packages");
    await page.getByTestId("sms-balance").getByText("0 SMS disponibles").waitFor();
    await page.getByText("Te quedaste sin SMS: tus clientes no reciben avisos por SMS hasta que compres un paquete.").waitFor();
    const bell = page.getByRole("button", { name: /^Alertas, / });
    const pendingOf = async () => Number(/^Alertas, (\d+) pendientes$/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
    const alertsBefore = await pendingOf();

    // Ana orders: no credits, so no SMS; the owner hears of it once.
    await anaOrdersFromMateo(browser);
    await expect.poll(pendingOf).toBe(alertsBefore + 1);
    await bell.click();
    const drawer = page.getByRole("dialog", { name: "Alertas" });
    const alert = drawer.getByRole("button", { name: /Reventa Mateo se quedó sin SMS/ });
    await alert.first().waitFor();
    await alert.first().click();
    await page.waitForURL(/\/me\/sms\/packages$/);
    await page.getByTestId("sms-balance").getByText("0 SMS disponibles").waitFor();
    expect(await smsBalance(owner.context, "mateo")).toBe(0);

    // A second order while still out: no second alert for the same run-out.
    await anaOrdersFromMateo(browser);
    await open(page, "/me/sms/packages");
    await page.getByTestId("sms-balance").getByText("0 SMS disponibles").waitFor();
    await bell.click();
    await drawer
      .getByRole("button", { name: /Reventa Mateo se quedó sin SMS/ })
      .first()
      .waitFor();
    expect(await drawer.getByRole("button", { name: /Reventa Mateo se quedó sin SMS/ }).count()).toBe(1);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    // 'Comprar 100 SMS', then the sandbox card.
    await page.getByRole("button", { name: "Comprar 100 SMS" }).click();
    await page.getByRole("heading", { name: "Pagar 100 SMS" }).waitFor();
    const frame = page.frameLocator("iframe[src='/sandbox-pay/card']");
    await frame.getByLabel("Número de tarjeta").fill("4242424242424242");
    await frame.getByLabel("Nombre del titular").fill("Mateo Ruiz");
    await frame.getByLabel("Vencimiento (MM/AA)").fill("12/34");
    await frame.getByLabel("CVC").fill("123");
    await frame.getByRole("button", { name: "Usar esta tarjeta" }).click();
    await page.getByRole("button", { name: /^Pagar \$99\.00/ }).click();
    await page.getByText("¡Listo! Tus SMS ya están disponibles").waitFor();
    await page.getByTestId("sms-balance").getByText("100 SMS disponibles").waitFor();
    await snap(page, "sms-paid-desktop", { fullPage: true });

    // Ana orders again: her SMS goes out and spends one credit.
    await anaOrdersFromMateo(browser);
    await open(page, "/me/sms/packages");
    await page.getByTestId("sms-balance").getByText("99 SMS disponibles").waitFor();
    const history = page.getByTestId("sms-history");
    await history.getByText("SMS enviado").first().waitFor();
    await history.getByText("a ••••0000").first().waitFor();
    await history.getByText("Compra de paquete").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await owner.context.close();

    const small = await signedIn(browser, mateo, phone);
    await open(small.page, "/me/sms/packages");
    await small.page.getByTestId("sms-balance").getByText("99 SMS disponibles").waitFor();
    await snap(small.page, "sms-after-phone", { fullPage: true });
    await small.context.close();
  });
});
