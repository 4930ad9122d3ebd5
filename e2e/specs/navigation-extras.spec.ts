import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { adminBar, openAdminSection, toast } from "./admin-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

/**
 * Issue 31: the admin bar's sections with submenus (the app-module side bar), the storefront's invitation banners, the
 * subscription prompt's floating widget, the level-two coordinator modal, the registration-needs-apps flag and the
 * marketplace's public catalogues.
 */
const short = { width: 1280, height: 700 };
const phone = { width: 390, height: 844 };
const sections = ["Ventas", "Catálogo", "Marketing", "Dinero", "Tienda"];
const settingUp = "Estamos terminando de configurar tu cuenta, este proceso puede tardar algunos minutos";

/** The bar is wholly inside the window and does not scroll. */
async function fitsWindow(page: Page, height: number) {
  const box = await adminBar(page).boundingBox();
  if (!box) throw new Error("no admin bar");
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(await adminBar(page).evaluate((bar) => bar.scrollHeight <= bar.clientHeight)).toBe(true);
}

/** Every page the bar leads to, section by section. */
async function destinations(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const section of sections) {
    await openAdminSection(page, section);
    for (const link of await adminBar(page).getByRole("link").all()) found.add((await link.getAttribute("href")) ?? "");
  }
  return [...found].sort();
}

describe("navigation extras (issue 31)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("the franchise owner's 22 entries, in sections, fit a 700 px high window, collapsed and expanded, and all stay reachable", async () => {
    const { context, page } = await signedIn(browser, "sofia@demo.tianguis.mx", short);
    await open(page, "/tienda/sabores");
    await adminBar(page).waitFor();
    const base = "/tienda/sabores";
    const expected = [
      "",
      "/admin",
      "/admin/actividad",
      "/admin/banners",
      "/admin/blogs",
      "/admin/colaboradores",
      "/admin/comisiones",
      "/admin/configuracion",
      "/admin/contactos",
      "/admin/devoluciones",
      "/admin/entradas",
      "/admin/facturas",
      "/admin/franquicias",
      "/admin/inventario/cargas",
      "/admin/inventario/reportes",
      "/admin/opiniones",
      "/admin/ordenes",
      "/admin/paginas",
      "/admin/reportes/ordenes",
      "/admin/reventa",
      "/catalogos",
    ].map((path) => `${base}${path}`);
    expect(await destinations(page)).toEqual([...expected, "/apps/me/products?shop=sabores"].sort());
    // One section open at a time: opening another closes the one before.
    expect(await adminBar(page).getByRole("button", { name: "Ventas" }).getAttribute("aria-expanded")).toBe("false");
    for (const section of sections) {
      await openAdminSection(page, section);
      await fitsWindow(page, short.height);
    }
    await adminBar(page).getByRole("button", { name: "Expandir barra" }).click();
    await adminBar(page).getByRole("button", { name: "Contraer barra" }).waitFor();
    for (const section of sections) {
      await openAdminSection(page, section);
      await fitsWindow(page, short.height);
    }
    await openAdminSection(page, "Catálogo");
    expect(await seriousViolations(page, 'nav[aria-label="Barra de administración"]')).toEqual([]);
    await snap(page, "admin-bar-sections-700");
    await context.close();
  });

  it("the app-module side bar: an admin page opens its section's submenu and marks the page", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx", short);
    await open(page, "/tienda/demo/admin/reportes/ordenes");
    const money = adminBar(page).getByRole("button", { name: "Dinero" });
    expect(await money.getAttribute("aria-expanded")).toBe("true");
    const report = adminBar(page).getByRole("group", { name: "Dinero" }).getByRole("link", { name: "Reporte de órdenes" });
    expect(await report.getAttribute("aria-current")).toBe("page");
    expect(await adminBar(page).getByRole("group", { name: "Ventas" }).isVisible()).toBe(false);
    await fitsWindow(page, short.height);
    await context.close();
  });

  it("on a phone the bar opens with labelled sections whose submenus fit the screen, and a link closes it", async () => {
    const { context, page } = await signedIn(browser, "sofia@demo.tianguis.mx", phone);
    await open(page, "/tienda/sabores");
    await page.getByRole("button", { name: /^Administrar tienda/ }).click();
    await adminBar(page).waitFor();
    for (const section of sections) {
      await openAdminSection(page, section);
      await fitsWindow(page, phone.height);
    }
    await openAdminSection(page, "Catálogo");
    await adminBar(page).getByRole("group", { name: "Catálogo" }).getByText("Mis franquicias").waitFor();
    expect(await seriousViolations(page, 'nav[aria-label="Barra de administración"]')).toEqual([]);
    await snap(page, "admin-bar-sections-phone");
    await adminBar(page).getByRole("link", { name: "Mis franquicias" }).click();
    await page.waitForURL(`${baseURL()}/tienda/sabores/admin/franquicias`);
    await adminBar(page).waitFor({ state: "hidden" });
    await context.close();
  });

  it("a visitor is invited to supply and to resell the shop; its owner hides the supplier banner and sets its own sentence", async () => {
    const visitor = await newPage(browser, { viewport: phone });
    await open(visitor.page, "/tienda/demo");
    const invitations = visitor.page.getByRole("region", { name: "Invitaciones" });
    await invitations.getByText("¿Quieres ser proveedor de Casa Lucía Artesanías?").waitFor();
    await invitations.getByText("¿Quieres vender los productos de Casa Lucía Artesanías y ganar comisiones?").waitFor();
    expect(await invitations.getByRole("link", { name: "Quiero ser proveedor" }).getAttribute("href")).toBe("/proveedores");
    expect(await invitations.getByRole("link", { name: "Quiero ser emprendedor" }).getAttribute("href")).toBe("/emprendedores");
    await invitations.scrollIntoViewIfNeeded();
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await snap(visitor.page, "invitation-banners-phone");

    // The shop's owner is not invited to her own shop; an entrepreneur with a store only to supply.
    const lucia = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(lucia.page, "/tienda/demo");
    expect(await lucia.page.getByRole("region", { name: "Invitaciones" }).count()).toBe(0);
    const mateo = await signedIn(browser, "mateo@demo.tianguis.mx");
    await open(mateo.page, "/tienda/demo");
    await mateo.page.getByRole("region", { name: "Invitaciones" }).getByText("¿Quieres ser proveedor de Casa Lucía Artesanías?").waitFor();
    expect(await mateo.page.getByText(/ganar comisiones\?$/).count()).toBe(0);
    await mateo.context.close();

    await open(lucia.page, "/tienda/demo/admin/configuracion");
    const settings = lucia.page.getByRole("form", { name: "Banners de invitación" });
    await settings.getByRole("textbox", { name: "Texto de la invitación a proveedores" }).fill("¿Haces artesanías? Véndelas con nosotros");
    await settings.getByRole("button", { name: "Guardar" }).click();
    await toast(lucia.page, "Se guardaron los cambios de la tienda");
    await settings.getByRole("switch", { name: "Mostrar la invitación a emprendedores" }).uncheck();
    await expect
      .poll(async () => (await (await lucia.context.request.get("/api/v1/shops/demo")).json()).hidden_affiliate_banner)
      .toBe(true);
    await lucia.context.close();

    await open(visitor.page, "/tienda/demo");
    await invitations.getByText("¿Haces artesanías? Véndelas con nosotros").waitFor();
    expect(await visitor.page.getByText(/ganar comisiones\?$/).count()).toBe(0);
    await visitor.context.close();
  });

  it("the subscription prompt floats at the right, 6 px from the bottom, on the owner's own pages, and closes for the session", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx", short);
    await open(page, "/apps/me/colaboraciones");
    const prompt = page.getByRole("region", { name: "Haz crecer tu tienda" });
    await prompt.waitFor();
    const box = await prompt.boundingBox();
    if (!box) throw new Error("no floating prompt");
    expect(Math.round(short.height - (box.y + box.height))).toBe(6);
    expect(box.x + box.width).toBeGreaterThan(short.width - 40);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "subscription-floating-desktop");
    // Not on the subscription page, where the prompt is a block.
    await open(page, "/apps/me/suscripcion");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("region", { name: "Haz crecer tu tienda" }).waitFor();
    expect(await prompt.count()).toBe(1);
    expect(
      await page
        .getByRole("region", { name: "Haz crecer tu tienda" })
        .evaluate((region) => getComputedStyle(region.parentElement as Element).position),
    ).not.toBe("fixed");
    await open(page, "/apps/me/colaboraciones");
    await prompt.waitFor();
    await prompt.getByRole("button", { name: "Ocultar" }).click();
    await prompt.waitFor({ state: "detached" });
    await open(page, "/apps/me/referral");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await prompt.count()).toBe(0);
    await context.close();
  });

  it("Mateo (level two) opens the coordinator modal from his profile and asks; the profile then says it is under review", async () => {
    const { context, page } = await signedIn(browser, "mateo@demo.tianguis.mx", phone);
    await open(page, "/preferencias");
    await page.getByText("Emprendedor con tienda").waitFor();
    await page.getByRole("button", { name: "Quiero ser coordinador" }).click();
    const dialog = page.getByRole("dialog", { name: "Sé coordinador" });
    await dialog.waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await snap(page, "coordinator-modal-phone");
    await dialog.getByRole("button", { name: "Enviar solicitud" }).click();
    await dialog.waitFor({ state: "detached" });
    const review = "Recibimos tu solicitud para ser coordinador; te contactaremos pronto.";
    await page.getByText(review).waitFor();
    await open(page, "/preferencias");
    await page.getByText(review).waitFor();
    expect(await page.getByRole("button", { name: "Quiero ser coordinador" }).count()).toBe(0);
    await context.close();

    // Level zero is offered nothing.
    const carlos = await signedIn(browser, "carlos@demo.tianguis.mx");
    await open(carlos.page, "/preferencias");
    await carlos.page.getByText("Usuario registrado").waitFor();
    expect(await carlos.page.getByRole("region", { name: "Sé coordinador" }).count()).toBe(0);
    await carlos.context.close();
  });

  it("the marketplace lists every shop's public catalogues, heaviest first, and a card leads into its shop", async () => {
    // Lucía fills two catalogues: three items and one.
    const lucia = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(lucia.page, "/tienda/demo");
    const { results } = (await (await lucia.context.request.get("/api/v1/shops/demo/products?limit=3")).json()) as {
      results: { id: string }[];
    };
    for (const [name, items] of [
      ["Lo más vendido", 3],
      ["Novedades", 1],
    ] as const) {
      const catalogue = (await apiWrite(lucia.context, "POST", "/shops/demo/catalogues", { name })) as { id: string };
      for (const product of results.slice(0, items))
        await apiWrite(lucia.context, "POST", `/shops/demo/catalogues/${catalogue.id}/products`, { product_id: product.id });
    }
    await lucia.context.close();

    const { context, page } = await newPage(browser);
    await open(page, "/catalogos");
    await page.getByRole("heading", { level: 1, name: "Catálogos" }).waitFor();
    const list = page.getByRole("list", { name: "Catálogos" });
    const cards = list.getByRole("link");
    await cards.first().waitFor();
    const counts = await list
      .locator("li")
      .evaluateAll((items) => items.map((item) => Number(item.textContent?.match(/(\d+) productos?/)?.[1] ?? 1)));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // The demo's seeded catalogue (Barro y Fuego's eight pieces) is the heaviest; Lucía's follow by their weight.
    const texts = await list.getByRole("listitem").allInnerTexts();
    expect(texts[0]).toContain("Vajilla para la mesa");
    expect(texts[0]).toContain("Barro y Fuego");
    const at = (name: string) => texts.findIndex((text) => text.includes(name));
    expect(at("Lo más vendido")).toBeGreaterThan(0);
    expect(at("Lo más vendido")).toBeLessThan(at("Novedades"));
    await list.getByRole("listitem").filter({ hasText: "Novedades" }).getByText("Casa Lucía Artesanías").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "published-catalogues-desktop");
    const href = (await cards.first().getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/tienda\/[^/]+\/catalogos\/[^/]+$/);
    await cards.first().click();
    await page.waitForURL(`${baseURL()}${href}`);
    await context.close();
  });

  it("a sign-up with a plan lands on the assistants with the needs-apps flag on, which clears 3 s later", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tiendaenlinea");
    await page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill("Nora Apps");
    const email = `nora.apps.${Date.now()}@ejemplo.mx`;
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Comienza Ahora" }).click();
    await page.waitForURL(/\/register\/activate\/\?code=/);
    const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
    const { results } = (await response.json()) as { results: { body: string }[] };
    await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).fill(results[0].body.match(/\b(\d{6})\b/)?.[1] ?? "");
    // Time stands still from here, so the setting-up wait and the flag's 3 s are stepped, whatever the machine's load.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.getByRole("status").getByText(settingUp).waitFor();
    await page.clock.runFor(3000);
    await page.waitForURL(`${baseURL()}/asistentes/emprendedores`);
    // Landed: the flag is on until 3 s after the flow's end.
    const status = page.getByRole("main").getByRole("status").filter({ hasText: settingUp });
    await status.waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem("tianguis:registration-needs-apps"))).toBe("1");
    await page.clock.runFor(3000);
    await status.waitFor({ state: "detached" });
    expect(await page.evaluate(() => sessionStorage.getItem("tianguis:registration-needs-apps"))).toBeNull();
    await page.getByRole("heading", { name: "Crea tu tienda" }).waitFor();
    await context.close();
  });
});
