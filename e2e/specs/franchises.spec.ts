import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { openAdminSection } from "./admin-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };
const franchisesNav = (page: Page) =>
  page.getByRole("navigation", { name: "Secciones de la tienda" }).getByRole("link", { name: "Franquicias", exact: true });
const cardNames = (page: Page) => page.getByTestId("franchise-card").getByRole("link").allTextContents();

describe("franchises and affinity stores: the franchise modal, the shop's list and its public page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("a visitor follows 'Franquicias' to the public stores, each linked to its store; a shop without any has no link", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/sabores");
    await franchisesNav(page).click();
    await page.waitForURL(`${baseURL()}/tienda/sabores/franquicias`);
    await page.getByRole("heading", { level: 1, name: "Franquicias" }).waitFor();
    // The closed store stays out of the public list.
    expect(await cardNames(page)).toEqual(["Café de Olla Coyoacán", "Panadería La Espiga", "Tacos El Güero"]);
    expect(await page.getByRole("link", { name: "Visitar Tacos El Güero" }).getAttribute("href")).toBe("/tienda/tacos-el-guero");
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "franchises-public-desktop");

    await open(page, "/tienda/mateo");
    await page.getByRole("navigation", { name: "Secciones de la tienda" }).getByRole("link", { name: "Productos", exact: true }).waitFor();
    expect(await franchisesNav(page).count()).toBe(0);
    await open(page, "/tienda/mateo/franquicias");
    await page.getByText("Esta tienda todavía no tiene franquicias").waitFor();
    await context.close();
  });

  it("sofia adds a store from the modal, sees it on /franquicias, undoes a removal and then removes it", async () => {
    const { context, page } = await signedIn(browser, "sofia@demo.tianguis.mx");
    // The live chat shows on the storefront and hides on the franchise shop's admin routes.
    await open(page, "/tienda/sabores");
    await page.getByRole("button", { name: "Contáctanos" }).waitFor();
    await openAdminSection(page, "Catálogo");
    await page.getByRole("navigation", { name: "Barra de administración" }).getByRole("link", { name: "Mis franquicias" }).click();
    await page.waitForURL(`${baseURL()}/tienda/sabores/admin/franquicias`);
    await page.getByRole("heading", { level: 1, name: "Mis franquicias" }).waitFor();
    expect(await page.getByRole("button", { name: "Contáctanos" }).count()).toBe(0);
    const list = page.getByRole("list", { name: "Mis franquicias" });
    await list.getByText("Antojitos La Esquina").waitFor();
    expect(await list.getByText("No pública").count()).toBe(1);
    expect(await list.getByRole("listitem").count()).toBe(4);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Agregar franquicias" }).click();
    const modal = page.getByRole("dialog", { name: "Franquicias y tiendas afines" });
    const region = modal.getByRole("region", { name: "Tiendas disponibles" });
    await modal.getByText("Tiendas encontradas: 5").waitFor();
    // Two at a time: scrolling the 250 px list brings the rest.
    await region.getByText("Café de Olla Coyoacán").waitFor();
    expect(Math.round((await region.boundingBox())?.height ?? 0)).toBe(250);
    for (let step = 0; step < 10 && (await region.getByText("Tacos El Güero").count()) === 0; step += 1) {
      await region.evaluate((element) => element.scrollBy(0, 400));
      await page.waitForTimeout(150);
    }
    await region.getByText("Tacos El Güero").waitFor();
    expect(await region.getByTestId("franchise-row").count()).toBe(5);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await modal.getByRole("searchbox", { name: "Buscar por nombre" }).fill("nieves");
    await modal.getByRole("searchbox", { name: "Buscar por nombre" }).press("Enter");
    await modal.getByText("Tiendas encontradas: 1").waitFor();
    await modal.getByRole("button", { name: "Agregar Nieves de Garrafa a mi tienda" }).click();
    await page.getByText("La franquicia se agregó a tu tienda").waitFor();
    const remove = modal.getByRole("button", { name: "Quitar Nieves de Garrafa de mi tienda" });
    await remove.waitFor();
    await snap(page, "franchises-modal-desktop");

    // Undo within the 5 seconds: nothing is sent and the store stays.
    await remove.click();
    await modal.getByText("Se quitará en 5 segundos").waitFor();
    await modal.getByRole("button", { name: "Deshacer: conservar Nieves de Garrafa" }).click();
    await remove.waitFor();
    await page.waitForTimeout(5500);
    expect(await page.getByText("La franquicia se eliminó de tu tienda").count()).toBe(0);
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
    await list.getByText("Nieves de Garrafa").waitFor();

    const visitor = await newPage(browser);
    await open(visitor.page, "/tienda/sabores/franquicias");
    expect(await cardNames(visitor.page)).toContain("Nieves de Garrafa");

    // Removed for real after the 5 seconds.
    await page.getByRole("button", { name: "Agregar franquicias" }).click();
    await modal.getByRole("searchbox", { name: "Buscar por nombre" }).fill("nieves");
    await remove.click();
    await page.getByText("La franquicia se eliminó de tu tienda").waitFor();
    await modal.getByRole("button", { name: "Agregar Nieves de Garrafa a mi tienda" }).waitFor();
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
    await expect.poll(async () => list.getByText("Nieves de Garrafa").count()).toBe(0);
    await open(visitor.page, "/tienda/sabores/franquicias");
    expect(await cardNames(visitor.page)).not.toContain("Nieves de Garrafa");
    await visitor.context.close();
    await context.close();
  });

  it("on a phone the admin list and the modal fit 390 px", async () => {
    const { context, page } = await signedIn(browser, "sofia@demo.tianguis.mx", phone);
    await open(page, "/tienda/sabores/admin/franquicias");
    await page.getByRole("heading", { level: 1, name: "Mis franquicias" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "franchises-admin-phone");
    await page.getByRole("button", { name: "Agregar franquicias" }).click();
    const modal = page.getByRole("dialog", { name: "Franquicias y tiendas afines" });
    await modal.getByRole("button", { name: "Agregar Mole de Doña Chela a mi tienda" }).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await snap(page, "franchises-modal-phone");
    await open(page, "/tienda/sabores/franquicias");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(page, "franchises-public-phone");
    await context.close();
  });
});
