import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, shopHostURL, snap, waitForHydration } from "../browser";
import { apiWrite, card, open, openSearchPanel, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

describe("storefront: cards, listings, search, navigation and product pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("shows each card rule: offer block with 'Save', sold out, faded unpublished item", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo/productos");
    const offer = card(page, "Rebozo de seda de Santa María del Río");
    await offer.getByText("Oferta", { exact: true }).waitFor();
    expect(await offer.getByText("$2,350.00").evaluate((node) => getComputedStyle(node).textDecorationLine)).toBe("line-through");
    await offer.getByText("Ahorra: $460.00").waitFor();
    await offer.getByText("$1,890.00").waitFor();
    await card(page, "Sombrero de palma fina").getByText("Agotado").waitFor();
    const unpublished = card(page, "Canasta de carrizo (próximamente)");
    expect(await unpublished.getAttribute("aria-disabled")).toBe("true");
    expect(await unpublished.evaluate((node) => node.tagName)).toBe("DIV");
    expect(Number(await unpublished.locator("[data-faded]").evaluate((node) => getComputedStyle(node).opacity))).toBeLessThan(0.6);
    expect(await unpublished.evaluate((node) => getComputedStyle(node).pointerEvents)).toBe("none");
    await snap(page, "storefront-listing-desktop");
    await context.close();
  });

  it("shows 'Free', hides the price when hide_price is set, and marks a past experience as concluded", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo/digitales");
    await card(page, "Guía de colores de la talavera (PDF)").getByText("Gratis", { exact: true }).waitFor();
    await open(page, "/tienda/demo/servicios");
    const hidden = card(page, "Diseño de interiores con artesanía mexicana");
    await hidden.getByText("Precio a consultar").waitFor();
    expect(await hidden.textContent()).not.toContain("$");
    await open(page, "/tienda/demo/experiencias");
    await card(page, "Noche de Guelaguetza 2025").getByText("Concluido").waitFor();
    expect(await card(page, "Taller de barro en Coyotepec").textContent()).not.toContain("Concluido");
    await context.close();
  });

  it("shows resellers the public-price label, the 'buy by' price and the resale earning, with a remembered toggle", async () => {
    const { context, page } = await signedIn(browser, "mateo@demo.tianguis.mx");
    await open(page, "/tienda/demo/productos");
    const rebozo = card(page, "Rebozo de seda de Santa María del Río");
    await rebozo.getByText("Precio público").waitFor();
    await rebozo.getByText("Cómpralo en $1,680.00").waitFor();
    await rebozo.getByText("Gana $210.00 revendiendo").waitFor();
    await page.getByRole("switch", { name: "Mostrar ganancias de reventa" }).uncheck();
    await rebozo.getByText("Gana $210.00 revendiendo").waitFor({ state: "detached" });
    expect((await context.cookies()).find((cookie) => cookie.name === "showResaleInfo")?.value).toBe("false");
    await page.reload();
    await rebozo.getByText("Cómpralo en $1,680.00").waitFor();
    expect(await rebozo.getByText("Gana $210.00 revendiendo").count()).toBe(0);
    await context.close();

    const visitor = await newPage(browser);
    await open(visitor.page, "/tienda/demo/productos");
    const seen = await card(visitor.page, "Rebozo de seda de Santa María del Río").textContent();
    expect(seen).not.toContain("Precio público");
    expect(seen).not.toContain("Cómpralo");
    expect(await visitor.page.getByRole("switch", { name: "Mostrar ganancias de reventa" }).count()).toBe(0);
    await visitor.context.close();
  });

  it("pages the product listing 30 at a time and sorts by price", async () => {
    const { context, page } = await signedIn(browser, "sofia@demo.tianguis.mx");
    for (let index = 1; index <= 28; index += 1) {
      await apiWrite(context, "POST", "/shops/sabores/products", {
        type: "product",
        name: `Salsa de la casa ${index}`,
        list_price: 5000 + index * 100,
        stock: 5,
        category: "Salsas",
      });
    }
    await context.clearCookies();
    await open(page, "/tienda/sabores/productos");
    await page.getByText("31 artículos").waitFor();
    expect(await page.getByTestId("product-card").count()).toBe(30);
    await page
      .getByRole("navigation", { name: "Paginación" })
      .getByRole("button", { name: "2" })
      .or(page.getByRole("navigation", { name: "Paginación" }).getByRole("link", { name: "2" }))
      .first()
      .click();
    await page.waitForURL(/\/tienda\/sabores\/productos\?page=2$/);
    await page.getByText("Salsa de la casa 28").waitFor();
    expect(await page.getByTestId("product-card").count()).toBe(1);

    await page.getByLabel("Ordenar por").selectOption({ label: "Menor precio" });
    await page.waitForURL(/sort=list_price/);
    await page.getByTestId("product-card").first().getByText("$51.00").waitFor();
    expect(await page.getByTestId("product-card").first().textContent()).toContain("Salsa de la casa 1");
    await page.getByLabel("Ordenar por").selectOption({ label: "Mayor precio" });
    await page.waitForURL(/sort=-list_price/);
    await page
      .getByTestId("product-card")
      .first()
      .getByText("Cena de temporada")
      .or(page.getByTestId("product-card").first().getByText("Café de altura"))
      .first()
      .waitFor();
    await context.close();
  });

  it("autocompletes a search and opens the chosen product's page; the free-text option goes to the listing", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo");
    await openSearchPanel(page);
    const input = page.getByRole("searchbox", { name: "¿Qué estás buscando?" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "¿Qué estás buscando?");
    await input.fill("rebo");
    const option = page.getByRole("option", { name: /Rebozo de seda/ });
    await option.waitFor();
    await snap(page, "storefront-search-desktop");
    await option.click();
    await page.waitForURL(/\/tienda\/demo\/productos\/demo\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Rebozo de seda de Santa María del Río" }).waitFor();

    await page.getByRole("button", { name: "Buscar" }).click();
    await input.fill("talav");
    await page.getByRole("option", { name: 'Buscar "talav"' }).click();
    await page.waitForURL(`${baseURL()}/tienda/demo/productos?q=talav*`);
    await card(page, "Jarrón de Talavera poblana").waitFor();
    await page.getByText('Resultados para "talav*"').waitFor();
    expect(await page.getByTestId("product-card").count()).toBe(1);
    await context.close();
  });

  it("shows visitors only the flagged sections and the shop admin every section", async () => {
    const visitor = await newPage(browser);
    await open(visitor.page, "/tienda/mateo");
    const visitorNav = visitor.page.getByRole("navigation", { name: "Secciones de la tienda" });
    await visitorNav.getByRole("link", { name: "Productos", exact: true }).waitFor();
    // Mateo lists no franchises: visitors get no link to an empty page (rules/franchises.ts).
    for (const hidden of ["Servicios", "Experiencias", "Mis catálogos", "Blog", "Productos digitales", "Franquicias"]) {
      expect(await visitorNav.getByRole("link", { name: hidden, exact: true }).count(), hidden).toBe(0);
    }
    await visitor.page.getByTestId("owner-bar").getByText("Tienda de Mateo Ruiz").waitFor();
    await visitor.context.close();

    const admin = await signedIn(browser, "mateo@demo.tianguis.mx");
    await open(admin.page, "/tienda/mateo");
    const adminNav = admin.page.getByRole("navigation", { name: "Secciones de la tienda" });
    for (const shown of ["Productos", "Productos digitales", "Servicios", "Experiencias", "Mis catálogos", "Blog", "Franquicias"]) {
      await adminNav.getByRole("link", { name: shown, exact: true }).waitFor();
    }
    expect(await adminNav.getByRole("link", { name: "Contacto", exact: true }).count()).toBe(0);
    await admin.context.close();

    const franchise = await newPage(browser);
    await open(franchise.page, "/tienda/sabores");
    const franchiseNav = franchise.page.getByRole("navigation", { name: "Secciones de la tienda" });
    await franchiseNav.getByRole("link", { name: "Contacto", exact: true }).waitFor();
    await franchiseNav.getByRole("link", { name: "Franquicias", exact: true }).waitFor();
    await franchise.context.close();
  });

  it("shows the catalogue strip linking to each catalogue and 'See more' to /catalogos", async () => {
    const admin = await signedIn(browser, "lucia@demo.tianguis.mx");
    const catalogue = await apiWrite(admin.context, "POST", "/shops/demo/catalogues", { name: "Regalos de temporada" });
    await admin.context.close();
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo");
    const strip = page.getByRole("navigation", { name: "Catálogos" });
    expect(await strip.getByRole("link", { name: "Regalos de temporada" }).getAttribute("href")).toBe(
      `/tienda/demo/catalogos/${catalogue.slug}`,
    );
    expect(await strip.getByRole("link", { name: "Ver más" }).getAttribute("href")).toBe("/tienda/demo/catalogos");
    await snap(page, "storefront-home-desktop");
    await page.setViewportSize(phone);
    await snap(page, "storefront-home-phone");
    await context.close();
  });

  it("never covers the footer's last line with the floating contact buttons on a phone", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await open(page, "/tienda/demo/productos");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const buttons = await Promise.all([
      page.getByRole("link", { name: "Escríbenos por WhatsApp" }).boundingBox(),
      page.getByRole("button", { name: "Contáctanos" }).boundingBox(),
    ]);
    const lastLine = await page.locator("footer").getByText("Hecho con Tianguis").boundingBox();
    const top = Math.min(...buttons.map((box) => box?.y ?? Number.NaN));
    expect(lastLine?.y).toBeTypeOf("number");
    expect((lastLine?.y ?? 0) + (lastLine?.height ?? 0)).toBeLessThanOrEqual(top);
    await snap(page, "storefront-footer-phone");
    await context.close();
  });

  it("shows the contact modal with the office hours, and hides the header while scrolling down until scrolling up", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo/productos");
    expect(await page.getByRole("link", { name: "Escríbenos por WhatsApp" }).getAttribute("href")).toBe("https://wa.me/525512345678");
    const modal = page.getByRole("dialog", { name: "Contáctanos" });
    // Until React has hydrated a click does nothing: retry it, as an impatient visitor would.
    await expect
      .poll(async () => {
        await page
          .getByRole("button", { name: "Contáctanos" })
          .click({ timeout: 1000 })
          .catch(() => undefined);
        return modal.isVisible();
      })
      .toBe(true);
    await modal.getByText("Horario de atención: de 9am a 6pm").waitFor();
    await modal.getByRole("link", { name: "lucia@demo.tianguis.mx" }).waitFor();
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });

    const header = page.locator("header").first();
    await page.mouse.move(640, 450);
    for (let notch = 0; notch < 30 && (await header.getAttribute("data-state")) !== "unpinned"; notch += 1) await page.mouse.wheel(0, 100);
    expect(await header.getAttribute("data-state")).toBe("unpinned");
    // Well below the top, so scrolling up pins the header rather than reaching the page top (unfixed).
    for (let notch = 0; notch < 5; notch += 1) await page.mouse.wheel(0, 100);
    await page.waitForFunction(() => window.scrollY > 200);
    for (let notch = 0; notch < 10 && (await header.getAttribute("data-state")) !== "pinned"; notch += 1) await page.mouse.wheel(0, -40);
    expect(await header.getAttribute("data-state")).toBe("pinned");

    await open(page, "/tienda/demo/experiencias");
    await page.getByRole("button", { name: "Contáctanos" }).waitFor();
    expect(await page.getByRole("link", { name: "Escríbenos por WhatsApp" }).count()).toBe(0);
    await context.close();
  });

  it("serves listings and product pages under /tienda/{slug} and at the root of the shop's sub-domain", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo/productos");
    const pathHref = await card(page, "Taza de barro negro de Oaxaca").getAttribute("href");
    expect(pathHref).toMatch(/^\/tienda\/demo\/productos\/demo\/[0-9a-f-]{36}$/);

    await page.goto(`${shopHostURL("demo")}/productos`);
    await waitForHydration(page);
    const hostHref = await card(page, "Taza de barro negro de Oaxaca").getAttribute("href");
    expect(hostHref).toBe(pathHref?.replace("/tienda/demo", ""));
    await card(page, "Taza de barro negro de Oaxaca").click();
    await page.waitForURL(`${shopHostURL("demo")}${hostHref}`);
    await page.getByRole("heading", { level: 1, name: "Taza de barro negro de Oaxaca" }).waitFor();
    await page.getByText("Máximo 6 por compra").waitFor();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toBe(`${shopHostURL("demo")}${hostHref}`);
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
      /^http:\/\/demo\.localhost:\d+\/media\/.+original/,
    );
    await context.close();
  });

  it("shows the stock state, variants and return policy on the detail page, at desktop and phone widths", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo/productos");
    await card(page, "Sombrero de palma fina").click();
    await page.getByText("El producto está agotado.").waitFor();
    expect(await page.getByRole("button", { name: "Agregar al carrito" }).count()).toBe(0);
    await open(page, "/tienda/demo/productos");
    await card(page, "Rebozo de seda de Santa María del Río").click();
    await page.getByText("Política de devolución").waitFor();
    await page.getByText("Tienes 72 horas desde que lo recibes para solicitar una devolución.").waitFor();
    await page.getByRole("rowheader", { name: "Color" }).waitFor();
    await page.getByRole("button", { name: "Agregar al carrito" }).waitFor();
    await page.getByRole("region", { name: "También te puede interesar" }).getByTestId("product-card").first().waitFor();
    await snap(page, "storefront-detail-desktop");
    await page.setViewportSize(phone);
    await snap(page, "storefront-detail-phone");
    await context.close();

    const small = await newPage(browser, { viewport: phone });
    await open(small.page, "/tienda/demo/productos");
    await snap(small.page, "storefront-listing-phone");
    await small.context.close();
  });
});
