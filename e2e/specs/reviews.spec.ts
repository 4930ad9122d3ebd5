import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, snap } from "../browser";
import { transitionsEnded } from "./a11y-helpers";
import { deliveredPurchase } from "./checkout-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

interface Listing {
  results: { id: string; name: string; owner_slug: string; type: string; sold_out: boolean }[];
}

/** The demo supplier's first product nobody reviewed yet (the seed reviews the molcajete). */
async function unreviewedProduct(context: BrowserContext) {
  const listing = (await (await context.request.get("/api/v1/shops/demo/products?type=product&limit=30")).json()) as Listing;
  for (const item of listing.results.filter((row) => row.owner_slug === "demo" && !row.sold_out)) {
    const reviews = await (await context.request.get(`/api/v1/products/${item.id}/reviews`)).json();
    if (reviews.summary.count === 0) return item;
  }
  throw new Error("every demo product has reviews");
}

describe("reviews: a delivered product is rated, shown on its page with the average, and answered by its supplier", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Carlos rates what he received with a photo; the product page shows it; Lucía answers", async () => {
    const customer = await signedIn(browser, "carlos@demo.tianguis.mx");
    const supplier = await signedIn(browser, "lucia@demo.tianguis.mx");
    const product = await unreviewedProduct(customer.context);
    const { checkoutId } = await deliveredPurchase(customer.context, supplier.context, product.id);

    // The purchase page offers 'Calificar' on the delivered line.
    const { page } = customer;
    await open(page, `/mis-compras/${checkoutId}`);
    await page.getByRole("button", { name: `Calificar «${product.name}»` }).click();
    const form = page.getByRole("dialog", { name: `Calificar «${product.name}»` });
    await form.waitFor();
    await transitionsEnded(page);
    // Stars are a radio group: a click on the fifth star picks 5; the arrow keys move the choice like any radio group.
    // Clicked again only if a click did not take: in two of about six full CI runs under load the first click left
    // the group unchecked (never when run alone); the choice itself is what is checked.
    const five = form.getByRole("radio", { name: "5 estrellas" });
    await expect
      .poll(async () => {
        if (!(await five.isChecked())) await form.locator("label").filter({ hasText: "5 estrellas" }).click();
        return five.isChecked();
      })
      .toBe(true);
    await form.getByRole("radio", { name: "5 estrellas" }).focus();
    await page.keyboard.press("ArrowLeft");
    expect(await form.getByRole("radio", { name: "4 estrellas" }).isChecked()).toBe(true);
    await form.getByRole("textbox", { name: "Título" }).fill("Hermoso y bien hecho");
    await form.getByRole("textbox", { name: "Tu opinión" }).fill("Llegó a tiempo; los colores son más vivos que en la foto.");
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2f855a" } })
      .jpeg()
      .toBuffer();
    const chooser = page.waitForEvent("filechooser");
    await form.getByRole("button", { name: "Agregar fotos" }).click();
    await (await chooser).setFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: photo });
    await form.getByRole("img", { name: "Fotos (hasta 5) 1" }).waitFor();
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await snap(page, "reviews-form");
    // A failure the API does not explain (here: the server down for a moment) says the spec's text and keeps the form.
    await page.route("**/api/v1/products/*/reviews", (route) => route.fulfill({ status: 503, body: "" }), { times: 1 });
    await form.getByRole("button", { name: "Publicar calificación" }).click();
    await page.getByText("Error al guardar la calificación, por favor intenta más tarde").waitFor();
    expect(await form.getByRole("textbox", { name: "Título" }).inputValue()).toBe("Hermoso y bien hecho");
    await form.getByRole("button", { name: "Publicar calificación" }).click();
    await page.getByText("Calificación guardada").waitFor();
    await page.getByText("Calificado: 4 de 5").waitFor();
    expect(await page.getByRole("button", { name: `Calificar «${product.name}»` }).count()).toBe(0);
    await page.setViewportSize(phone);
    await page.getByText("Calificado: 4 de 5").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, "reviews-purchase-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The product page shows the average, the count, the review and its photo, and the JSON-LD rating.
    await open(page, `/tienda/demo/productos/demo/${product.id}`);
    const section = page.getByRole("region", { name: "Opiniones" });
    await section.getByRole("heading", { name: "Hermoso y bien hecho" }).waitFor();
    expect(await section.getByTestId("rating-average").textContent()).toBe("4.0");
    await section.getByText("1 opinión").waitFor();
    await section.getByRole("img", { name: "Foto 1 de la opinión «Hermoso y bien hecho»" }).waitFor();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(await section.getByRole("button", { name: "Responder" }).count()).toBe(0);
    const pageAxe = await new AxeBuilder({ page }).include("#opiniones").withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(pageAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // Lucía answers from the product page, once.
    const seller = supplier.page;
    await open(seller, `/tienda/demo/productos/demo/${product.id}`);
    const sellerSection = seller.getByRole("region", { name: "Opiniones" });
    await sellerSection.getByRole("button", { name: "Responder" }).click();
    await sellerSection.getByRole("textbox", { name: "Tu respuesta" }).fill("¡Gracias, Carlos! Nos da gusto que te encantara.");
    await sellerSection.getByRole("button", { name: "Publicar respuesta" }).click();
    await seller.getByText("Respuesta publicada").waitFor();
    await sellerSection.getByText("Respuesta del vendedor").waitFor();
    expect(await sellerSection.getByRole("button", { name: "Responder" }).count()).toBe(0);

    // Carlos sees the answer; on a phone the section fits the screen.
    await page.setViewportSize(phone);
    await open(page, `/tienda/demo/productos/demo/${product.id}`);
    await section.getByText("¡Gracias, Carlos! Nos da gusto que te encantara.").waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, "reviews-product-phone");
    await customer.context.close();
    await supplier.context.close();
  });

  it("shows the supplier's reviews list under {shop}/admin/opiniones", async () => {
    const supplier = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(supplier.page, "/tienda/demo/admin/opiniones");
    await supplier.page.getByRole("heading", { name: "Opiniones de mis productos" }).waitFor();
    await supplier.page.getByRole("heading", { name: "Excelente calidad" }).waitFor();
    await snap(supplier.page, "reviews-admin");
    await supplier.context.close();
  });

  it("shows a supplier's product reviews in a reseller's store too (same product)", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    const listing = (await (await context.request.get("/api/v1/shops/mateo/products?type=product&limit=30")).json()) as Listing;
    const molcajete = listing.results.find((item) => item.name === "Molcajete de piedra volcánica");
    expect(molcajete?.owner_slug).toBe("demo");
    await open(page, `/tienda/mateo/productos/demo/${molcajete?.id}`);
    const section = page.getByRole("region", { name: "Opiniones" });
    await section.getByRole("heading", { name: "Excelente calidad" }).waitFor();
    expect(await section.getByTestId("rating-average").textContent()).toBe("5.0");
    await context.close();
  });
});
