import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { addToCart, fillAddress, payWithCard, pick } from "./checkout-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

describe("address book", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("a visitor is sent to the login page and back", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/mis-direcciones");
    await page.waitForURL(/\/login\?next=%2Fmis-direcciones/);
    await context.close();
  });

  it("a customer adds, edits and removes (with undo) saved addresses at /mis-direcciones", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    await open(page, "/");
    await page.getByRole("button", { name: "Menú de cuenta" }).click();
    await page.getByRole("menuitem", { name: "Mis direcciones" }).click();
    await page.waitForURL(/\/mis-direcciones$/);
    await page.getByText("Todavía no tienes direcciones guardadas").waitFor();

    await page.getByRole("button", { name: "Agregar dirección" }).click();
    const modal = page.getByRole("dialog", { name: "Nueva dirección" });
    await modal.getByRole("textbox", { name: "Código postal" }).fill("123");
    await modal.getByRole("button", { name: "Guardar" }).click();
    await modal.getByText("Requerido").first().waitFor();
    await modal.getByText("Código postal inválido (5 dígitos)").waitFor();
    await snap(page, "addresses-errors-desktop");
    await fillAddress(modal, {
      "Nombre de quien recibe": "Carlos Cliente",
      "Calle y número": "Av. Insurgentes Sur 1602",
      Colonia: "Crédito Constructor",
      Ciudad: "Ciudad de México",
      "Código postal": "03940",
    });
    await modal.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Dirección guardada").waitFor();
    const list = page.getByRole("list", { name: "Mis direcciones" });
    await list.getByText("Av. Insurgentes Sur 1602, Crédito Constructor, Ciudad de México, 03940").waitFor();

    await page.getByRole("button", { name: "Editar dirección: Av. Insurgentes Sur 1602" }).click();
    const editor = page.getByRole("dialog", { name: "Editar dirección" });
    await editor.getByRole("textbox", { name: "Calle y número" }).fill("Av. Insurgentes Sur 1700");
    await editor.getByRole("button", { name: "Guardar" }).click();
    await list.getByText("Av. Insurgentes Sur 1700, Crédito Constructor, Ciudad de México, 03940").waitFor();
    await editor.waitFor({ state: "hidden" });
    await snap(page, "addresses-list-desktop");

    // A reload shows what the server keeps.
    await page.reload();
    await list.getByText(/Av\. Insurgentes Sur 1700/).waitFor();
    // Removing shows 'Eliminando' with Undo for 5 s; undone, the address stays after a reload.
    await page.getByRole("button", { name: "Eliminar dirección: Av. Insurgentes Sur 1700" }).click();
    await list.getByText("Eliminando").waitFor();
    await list.getByRole("button", { name: "Deshacer" }).click();
    await page.reload();
    await list.getByText(/Av\. Insurgentes Sur 1700/).waitFor();
    await page.getByRole("button", { name: "Eliminar dirección: Av. Insurgentes Sur 1700" }).click();
    await page.getByText("Dirección eliminada").waitFor();
    await page.getByText("Todavía no tienes direcciones guardadas").waitFor();
    await context.close();
  });

  it("the first purchase keeps the address and the next one delivers to it (phone width)", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    const first = await pick("mateo", "demo");
    await addToCart(page, "mateo", first);
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.getByRole("radio", { name: "Entrega acordada con el vendedor" }).check();
    const keep = page.getByRole("checkbox", { name: "Guardar en mis direcciones" });
    expect(await keep.isChecked()).toBe(true);
    await fillAddress(page, {
      "Nombre de quien recibe": "Carlos Cliente",
      "Calle y número": "Calle Durango 250",
      Colonia: "Roma Norte",
      Ciudad: "Ciudad de México",
      "Código postal": "06700",
    });
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByText(/Tiempo para completar tu compra/).waitFor();
    await payWithCard(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/pagado\?/);
    await page.getByText("¡Gracias por tu compra!").waitFor();

    // The next purchase offers the kept address, already chosen; shipping is quoted for its postal code.
    const second = await pick("mateo", "demo", [first.id]);
    await addToCart(page, "mateo", second);
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    const deliverTo = page.getByRole("radiogroup", { name: "Entregar en" });
    const kept = deliverTo.getByRole("radio", { name: /Calle Durango 250, Roma Norte, Ciudad de México, 06700/ });
    await kept.waitFor();
    expect(await kept.isChecked()).toBe(true);
    expect(await page.getByRole("textbox", { name: "Calle y número" }).count()).toBe(0);
    await deliverTo.getByRole("radio", { name: "Nueva dirección" }).check();
    await page.getByRole("textbox", { name: "Calle y número" }).waitFor();
    await kept.check();
    await page.getByRole("button", { name: "Cotizar envío" }).click();
    await page.getByRole("radiogroup", { name: "Opciones de envío" }).getByRole("radio").first().waitFor();
    await snap(page, "checkout-saved-address-phone");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByText(/Tiempo para completar tu compra/).waitFor();

    // Paying to a saved address keeps no second copy of it.
    await open(page, "/mis-direcciones");
    expect(await page.getByRole("list", { name: "Mis direcciones" }).getByRole("listitem").count()).toBe(1);
    await snap(page, "addresses-list-phone");
    await context.close();
  });
});
