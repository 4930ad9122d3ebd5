import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser } from "../browser";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

interface Listed {
  id: string;
  type: string;
  owner_slug: string;
  stock: number | null;
  stock_type: string;
  list_price: number;
}

/** An in-stock physical item of the demo shop priced at least `min` (minor units), not among `skip`. */
async function itemPricedFrom(min: number, skip: string[] = []): Promise<Listed> {
  const response = await fetch(`${baseURL()}/api/v1/shops/demo/products?limit=100`);
  const found = ((await response.json()) as { results: Listed[] }).results.find(
    (item) =>
      item.owner_slug === "demo" &&
      item.type === "product" &&
      item.stock_type === "onstock" &&
      (item.stock ?? 0) >= 2 &&
      item.list_price >= min &&
      !skip.includes(item.id),
  );
  if (!found) throw new Error(`no demo item priced from ${min}`);
  return found;
}

/** Carlos's purchase of one item picked up at the branch, opened at its payment step. */
async function openPurchase(context: BrowserContext, page: Page, item: Listed) {
  const purchase = (await apiWrite(context, "POST", "/shops/demo/checkout", {
    items: [{ product_id: item.id, quantity: 1 }],
    delivery_type: "to_branch",
  })) as { id: string; access_token: string };
  await open(page, `/tienda/demo/comprar?checkout=${purchase.id}&token=${encodeURIComponent(purchase.access_token)}`);
  await page.getByRole("radiogroup", { name: "Forma de pago" }).waitFor();
  return purchase;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.html.slice(0, 120)}`));
}

describe("saved cards and interest-free instalments at the checkout (issue #31)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Carlos saves his card on a phone, buys again with it in 3 MSI and reads the plan on his purchase", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    const first = await itemPricedFrom(0);
    await openPurchase(context, page, first);
    expect(await page.getByRole("radiogroup", { name: "Tus tarjetas guardadas" }).count()).toBe(0);

    const frame = page.frameLocator("iframe[src='/sandbox-pay/card']");
    await frame.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await frame.getByLabel("Nombre del titular").fill("Carlos Ramírez");
    await frame.getByLabel("Vencimiento (MM/AA)").fill("12/34");
    await frame.getByLabel("CVC").fill("123");
    await frame.getByRole("button", { name: "Usar esta tarjeta" }).click();
    await page.getByRole("status").filter({ hasText: "Tarjeta •••• 4242 lista" }).waitFor();
    await page.getByRole("checkbox", { name: "Guardar tarjeta" }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("¡Gracias por tu compra!").waitFor();

    // The next purchase, large enough for MSI, offers the saved card instead of the card frame.
    const second = await itemPricedFrom(90000, [first.id]);
    const purchase = await openPurchase(context, page, second);
    const saved = page.getByRole("radiogroup", { name: "Tus tarjetas guardadas" });
    await expect.poll(() => saved.getByRole("radio", { name: /VISA •••• 4242 · vence 12\/34/ }).isChecked()).toBe(true);
    expect(await page.locator("iframe[src='/sandbox-pay/card']").count()).toBe(0);
    const plans = page.getByRole("radiogroup", { name: "Pagos" });
    await expect.poll(() => plans.getByRole("radio", { name: "Una sola exhibición" }).isChecked()).toBe(true);
    const three = plans.getByRole("radio", { name: /^3 MSI de \$[\d,]+\.\d{2}/ });
    await three.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await three.check();
    await page.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL(/\/pagado\?/);
    await page.getByText(/Pagado a meses sin intereses: 3 MSI de \$/).waitFor();

    // Carlos's purchase page says how it was paid.
    await open(page, `/mis-compras/${purchase.id}`);
    await page.getByText(/Pagado a meses sin intereses: 3 MSI de \$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("Carlos deletes a saved card at the card step; Lucía never sees his cards", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    const token = (await (
      await context.request.post("/sandbox-pay/tokens", {
        data: { number: "5555555555554444", name: "Carlos", exp_month: 11, exp_year: 2039, cvc: "321" },
      })
    ).json()) as { token: string };
    const paid = (await apiWrite(context, "POST", "/shops/demo/checkout", {
      items: [{ product_id: (await itemPricedFrom(0)).id, quantity: 1 }],
      delivery_type: "to_branch",
    })) as { id: string };
    await apiWrite(context, "POST", `/checkouts/${paid.id}/pay`, {
      method: "str_card",
      card_token: token.token,
      save_card: true,
      return_path: "/pagado",
    });
    await openPurchase(context, page, await itemPricedFrom(0));
    const saved = page.getByRole("radiogroup", { name: "Tus tarjetas guardadas" });
    await saved.getByRole("radio", { name: /MASTERCARD •••• 4444/ }).waitFor();
    await page.getByRole("button", { name: "Eliminar MASTERCARD •••• 4444" }).click();
    await page.getByText("Tarjeta eliminada").waitFor();
    await expect.poll(() => saved.getByRole("radio", { name: /4444/ }).count()).toBe(0);

    const lucia = await signedIn(browser, "lucia@demo.tianguis.mx");
    const theirs = await lucia.context.request.get("/api/v1/me/checkout-cards");
    expect(((await theirs.json()) as { results: { last4: string }[] }).results.map((card) => card.last4)).not.toContain("4444");
    await lucia.context.close();
    await context.close();
  });
});
