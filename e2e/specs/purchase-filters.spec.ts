import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { addToCart, pick } from "./checkout-helpers";
import { advanceUntilHidden, advanceUntilVisible } from "./clock-helpers";
import { open, signedIn } from "./storefront-helpers";

// commerce-and-accounts L175 / storefront-and-admin L205: the customer's purchase list with the seller list's filters,
// filtered by the server, the URL holding them. Carlos's demo purchases: a delivered molcajete and palm bag, an
// alebrije in process, a mug just paid, a clay workshop confirmed for pick-up at the branch.

describe("the customer's purchase list filters (/mis-compras)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("filters Carlos's purchases by state, delivery and text, keeps the filters in the URL, and clears them", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    await open(page, "/mis-compras");
    const list = page.locator("main ul").first();
    await list.getByText("Molcajete de piedra volcánica", { exact: false }).waitFor();
    await list.getByText("Alebrije de copal pintado a mano", { exact: false }).waitFor();

    await page.getByRole("combobox", { name: "Estado" }).selectOption({ label: "Entregado" });
    await page.waitForURL(/[?&]state=delivered/);
    await list.getByText("Bolsa de palma tejida", { exact: false }).waitFor();
    await list.getByText("Alebrije de copal pintado a mano", { exact: false }).waitFor({ state: "detached" });
    expect(await list.getByText("Molcajete de piedra volcánica", { exact: false }).count()).toBeGreaterThan(0);

    await page.getByRole("searchbox", { name: "Buscar por número, producto o tienda" }).fill("molcajete");
    await page.waitForURL(/[?&]text=molcajete/);
    await list.getByText("Bolsa de palma tejida", { exact: false }).waitFor({ state: "detached" });
    await snap(page, "purchase-filters-desktop");

    await page.reload();
    await list.getByText("Molcajete de piedra volcánica", { exact: false }).waitFor();
    expect(await page.getByRole("searchbox", { name: "Buscar por número, producto o tienda" }).inputValue()).toBe("molcajete");
    expect(await list.getByText("Bolsa de palma tejida", { exact: false }).count()).toBe(0);

    await page.getByRole("button", { name: "Quitar filtros" }).click();
    await page.waitForURL((url) => url.search === "");
    await page.getByRole("combobox", { name: "Tipo de entrega" }).selectOption({ label: "Recoger en sucursal" });
    await page.waitForURL(/[?&]delivery_type=to_branch/);
    await list.getByText("Taller de barro en Coyotepec", { exact: false }).waitFor();
    await list.getByText("Molcajete de piedra volcánica", { exact: false }).waitFor({ state: "detached" });

    await page.getByRole("searchbox", { name: "Buscar por número, producto o tienda" }).fill("no existe nada así");
    await page.getByText("Ningún pedido coincide con los filtros").waitFor();
    await context.close();
  });

  it("folds the filters behind 'Filtros' on a phone, inside a shop", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx", { width: 390, height: 844 });
    await open(page, "/tienda/demo/mis-compras?state=delivered");
    await page.getByText("Molcajete de piedra volcánica", { exact: false }).first().waitFor();
    expect(await page.getByRole("combobox", { name: "Estado" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Filtros" }).click();
    expect(await page.getByRole("combobox", { name: "Estado" }).inputValue()).toBe("delivered");
    await snap(page, "purchase-filters-phone");
    await context.close();
  });
});

describe("the checkout error toast (commerce-and-accounts §9: 7 s for the checkout error)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("shows the refusal of a purchase as an 'Error' toast for 7 s, besides the step's alert", async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await addToCart(page, "demo", await pick("demo", "demo"));
    await page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await page.waitForURL(/\/tienda\/demo\/comprar/);
    await page.getByRole("textbox", { name: "Nombre completo" }).fill("Ana Invitada");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("ana.toast@ejemplo.mx");
    await page.getByRole("button", { name: "Continuar" }).click();
    // The stock ran out between the cart and the purchase: the server's refusal, as it answers it.
    await page.route("**/api/v1/shops/demo/checkout", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({ code: "insufficient_stock", message: "No hay existencias suficientes" }),
      }),
    );
    await page.getByRole("radio", { name: "Recoger en sucursal" }).check();
    // From here only fastForward moves the page's clock, however slowly the machine runs.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.getByRole("button", { name: "Continuar" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Error" }).filter({ hasText: "No hay existencias suficientes" });
    await page.getByText("No hay existencias suficientes").first().waitFor();
    // A toast under the pointer waits (Mantine pauses it on hover): the pointer leaves the toasts' corner.
    await page.mouse.move(10, 500);
    await advanceUntilVisible(page, toast, 60_000);
    // Its 7 s run from its showing, within the last 50 ms step: 6.85 s on it is still up, by 7.5 s it has gone.
    await page.clock.fastForward(6850);
    expect(await toast.isVisible()).toBe(true);
    await snap(page, "checkout-error-toast-desktop");
    expect(await advanceUntilHidden(page, toast)).toBeLessThanOrEqual(650);
    await page.getByText("No hay existencias suficientes").waitFor();
    await context.close();
  });
});
