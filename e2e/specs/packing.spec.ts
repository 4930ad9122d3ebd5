import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { cardPaidPurchase, pick } from "./checkout-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

describe("packing on the franchise store's own order page (binpacked / notpacked, order.packed)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Sofía packs, on her phone, the order Carlos bought in her franchise store; the timeline says it is packed", async () => {
    // A Barro y Fuego item in Sofía's franchise store 'sabores', bought there by Carlos: Barro y Fuego supplies it.
    const item = await pick("barro-y-fuego", "barro-y-fuego");
    const sofia = await signedIn(browser, "sofia@demo.tianguis.mx", phone);
    await apiWrite(sofia.context, "POST", "/shops/sabores/store-products", { product_id: item.id });
    const carlos = await signedIn(browser, "carlos@demo.tianguis.mx");
    const { orderId } = await cardPaidPurchase(carlos.context, "sabores", item.id, 2);
    await carlos.context.close();

    const { page } = sofia;
    await open(page, `/tienda/sabores/admin/ordenes/${orderId}`);
    const packing = page.getByRole("region", { name: "Empaque" });
    await packing.getByText("Sin empacar").waitFor();
    await packing.getByText("Faltan 2 de 2").waitFor();
    // The order's path, cancellation and receipts stay with its supplier.
    expect(await page.getByRole("button", { name: "Cancelar pedido" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Generar recibo" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "packing-franchise-order-phone", { fullPage: true });

    await packing.getByRole("button", { name: `Empacar: ${item.name}` }).click();
    await packing.getByText("Todos los artículos están en cajas").waitFor();
    await packing.getByRole("listitem", { name: "Caja 1" }).getByText(`2 × ${item.name}`).waitFor();
    await packing.getByText("Empacado", { exact: true }).waitFor();
    const timeline = page.getByRole("region", { name: "Historial del pedido" });
    await timeline.getByText("Empacado en 1 caja").waitFor();
    await timeline
      .getByText(/^Propietario/)
      .last()
      .waitFor();
    await snap(page, "packing-franchise-packed-phone", { fullPage: true });

    // The supplier reads the same line in its own order page's timeline.
    const barro = await signedIn(browser, "barro@demo.tianguis.mx");
    await open(barro.page, `/tienda/barro-y-fuego/admin/ordenes/${orderId}`);
    await barro.page.getByRole("region", { name: "Historial del pedido" }).getByText("Empacado en 1 caja").waitFor();
    await barro.page.getByRole("region", { name: "Empaque" }).getByText("Empacado", { exact: true }).waitFor();
    expect(await seriousViolations(barro.page)).toEqual([]);
    await snap(barro.page, "packing-supplier-order-desktop", { fullPage: true });
    await barro.context.close();
    await sofia.context.close();
  });
});
