import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedIn } from "./storefront-helpers";

/** The scripts of the page's lazily loaded parts it has requested so far, by the part's name (issue 16). */
function partsLoaded(page: Page, names: string[]): () => string[] {
  const loaded: string[] = [];
  page.on("request", (request) => {
    const name = names.find((part) => new URL(request.url()).pathname.startsWith(`/assets/${part}-`));
    if (name) loaded.push(name);
  });
  return () => loaded;
}

/** Whether keyboard focus is inside the dialog (Mantine's dialogs move it there on opening and keep it there). */
const holdsFocus = (dialog: ReturnType<Page["getByRole"]>) => dialog.evaluate((node) => node.contains(document.activeElement));

/** Waits until focus is back on the control with this name (a dialog gives it back on closing). */
const focusBackOn = (page: Page, name: string) =>
  page.waitForFunction((label) => document.activeElement?.getAttribute("aria-label") === label, name);

describe("dialogs, the cart drawer and toasts load on first use and work at once", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("the cart drawer and the contact dialog open on the first click, trap focus, close with Escape and give focus back", async () => {
    const { context, page } = await newPage(browser);
    const loaded = partsLoaded(page, ["CartDrawer", "ContactDialog", "ToastList"]);
    await open(page, "/tienda/demo");
    expect(loaded()).toEqual([]);

    await page.getByRole("button", { name: "Carrito", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Carrito" });
    await drawer.getByText("Tu carrito está vacío").waitFor();
    await expect.poll(() => holdsFocus(drawer)).toBe(true);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await focusBackOn(page, "Carrito");

    await page.getByRole("button", { name: "Contáctanos" }).click();
    const contact = page.getByRole("dialog", { name: "Contáctanos" });
    await contact.getByRole("link", { name: "Formulario de contacto" }).waitFor();
    await expect.poll(() => holdsFocus(contact)).toBe(true);
    await page.keyboard.press("Escape");
    await contact.waitFor({ state: "hidden" });
    await focusBackOn(page, "Contáctanos");
    // Opened a second time, it is the same dialog, already loaded.
    await page.keyboard.press("Enter");
    await contact.getByRole("link", { name: "Formulario de contacto" }).waitFor();
    expect(loaded()).toEqual(["CartDrawer", "ContactDialog"]);
    await context.close();
  });

  it("the first toast after a page load shows, through ui/notify and through Mantine's notifications directly", async () => {
    const { context, page } = await newPage(browser);
    const loaded = partsLoaded(page, ["ToastList"]);
    await open(page, "/tienda/demo/contacto");
    await page.getByRole("textbox", { name: "Nombre" }).fill("Valentina Ortiz");
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("valentina.toast@example.com");
    await page.getByRole("textbox", { name: "Mensaje" }).fill("¿Hacen envíos a Monterrey?");
    expect(loaded()).toEqual([]);
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    const sent = page.getByRole("alert").filter({ hasText: "Mensaje enviado" });
    await sent.waitFor();
    expect(loaded()).toEqual(["ToastList"]);
    // The toast itself passes axe: its close button is named and its message is readable (AA contrast).
    await sent.getByRole("button", { name: "Cerrar" }).waitFor();
    expect(await seriousViolations(page, ".mantine-Notifications-root")).toEqual([]);
    await context.close();

    const owner = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(owner.page, "/preferencias");
    await owner.page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill("Lucía Hernández");
    await owner.page.getByRole("button", { name: "Guardar cambios" }).click();
    await owner.page.getByRole("alert").filter({ hasText: "Perfil actualizado" }).waitFor();
    await owner.context.close();
  });
});
