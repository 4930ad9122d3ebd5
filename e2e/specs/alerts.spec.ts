import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedInPage } from "./admin-helpers";
import { addToCart, fillShipping, payWithCard, pick, purchaseOrder } from "./checkout-helpers";

/** The bell's accessible name carries the pending count: 'Alertas, N pendientes' or 'Alertas, ninguna pendiente'. */
function pendingOf(label: string | null): number {
  const match = /^Alertas, (\d+) pendientes$/.exec(label ?? "");
  return match ? Number(match[1]) : 0;
}

describe("live alerts: a purchase paid in one browser rings the supplier's bell in another", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("the count goes up without a reload; opening the bell clears it, and opening the alert lands on the order", async () => {
    const supplier = await signedInPage(browser);
    const page = supplier.page;
    await open(page, "/tienda/demo");
    const bell = page.getByRole("button", { name: /^Alertas, / });
    // The stream's first event sets the badge.
    await expect.poll(() => bell.getAttribute("aria-label")).toMatch(/^Alertas, /);
    await page.waitForTimeout(300);
    const before = pendingOf(await bell.getAttribute("aria-label"));

    const customer = await newPage(browser);
    const item = await pick("demo", "demo");
    await addToCart(customer.page, "demo", item);
    await customer.page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await customer.page.getByRole("textbox", { name: "Nombre completo" }).fill("Ana Invitada");
    await customer.page.getByRole("textbox", { name: "Correo electrónico" }).fill("ana.alertas@ejemplo.mx");
    await customer.page.getByRole("button", { name: "Continuar" }).click();
    await fillShipping(customer.page);
    await payWithCard(customer.page, "4242 4242 4242 4242");
    await customer.page.waitForURL(/\/pagado\?/);
    const order = await purchaseOrder(customer.page);
    await customer.context.close();

    const url = page.url();
    await expect.poll(async () => pendingOf(await bell.getAttribute("aria-label"))).toBe(before + 1);
    expect(page.url()).toBe(url); // no reload, no navigation
    await page
      .getByRole("status")
      .filter({ hasText: `Alertas, ${before + 1} pendientes` })
      .waitFor({ state: "attached" });

    await bell.click();
    const drawer = page.getByRole("dialog", { name: "Alertas" });
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(280);
    const alert = drawer.getByRole("button", { name: new RegExp(`Nuevo pedido pagado #${order.number} de Ana Invitada`) });
    await alert.waitFor();
    // Opening the bell clears its count (storefront-and-admin L68); the new alert stays styled as pending until opened.
    await expect.poll(async () => bell.getAttribute("aria-label")).toBe("Alertas, ninguna pendiente");
    expect(await alert.getAttribute("data-pending")).toBe("true");
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await snap(page, "alerts-drawer");
    await alert.click();
    await page.waitForURL(new RegExp(`/tienda/demo/admin/ordenes/${order.id}$`));
    expect(await bell.getAttribute("aria-label")).toBe("Alertas, ninguna pendiente");
    await bell.click();
    await alert.waitFor();
    await expect.poll(() => alert.getAttribute("data-pending")).toBeNull();
    await supplier.context.close();
  });

  it("the drawer loads 10 at a time with 'Carga más', and fits a phone", async () => {
    const supplier = await signedInPage(browser, undefined, { viewport: { width: 390, height: 844 } });
    await open(supplier.page, "/tienda/demo");
    await supplier.page.getByRole("button", { name: /^Alertas, / }).click();
    const drawer = supplier.page.getByRole("dialog", { name: "Alertas" });
    await drawer.getByRole("button").filter({ hasText: "Nuevo pedido pagado" }).first().waitFor();
    const total = (await (await supplier.context.request.get("/api/v1/me/alerts")).json()).matches_estimated as number;
    const shown = await drawer.locator("[data-alert]").count();
    expect(shown).toBe(Math.min(10, total));
    const more = drawer.getByRole("button", { name: "Carga más" });
    if (total > 10) {
      await more.click();
      await expect.poll(() => drawer.locator("[data-alert]").count()).toBe(Math.min(20, total));
    } else {
      expect(await more.count()).toBe(0);
    }
    const box = await drawer.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await snap(supplier.page, "alerts-drawer-phone");
    await supplier.page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await supplier.context.close();
  });
});
