import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, shopHostURL, snap, waitForHydration } from "../browser";
import { addToCart, fillShipping, payWithCard, pick } from "./checkout-helpers";
import { open, signedIn } from "./storefront-helpers";

const mateo = "mateo@demo.tianguis.mx";
const phone = { width: 390, height: 844 };

/** Serious and critical WCAG 2.1 A/AA violations, once dialogs have finished fading in. */
async function violations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"]')].every((dialog) =>
      dialog.getAnimations({ subtree: true }).every((animation) => animation.playState !== "running"),
    ),
  );
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const colours = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const detail = colours?.contrastRatio ? ` (${colours.fgColor} on ${colours.bgColor}: ${colours.contrastRatio})` : "";
        return `${violation.id}: ${node.html.slice(0, 120)}${detail}`;
      }),
    );
}

describe("referral tracking and campaigns", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("mateo shares a product by campaign; a visitor arriving by its short link buys, and the campaign counts 1 click and 1 purchase", async () => {
    const item = await pick("mateo", "demo");
    const productPath = `/tienda/mateo/productos/${item.owner_slug}/${item.id}?color=rojo`;
    const campaignName = `Campaña e2e ${Date.now()}`;

    // Mateo creates a campaign for the page he is on (its query string included) from the share widget.
    const promoter = await signedIn(browser, mateo);
    await open(promoter.page, productPath);
    await promoter.page.getByRole("button", { name: "Crea campaña y comparte" }).click();
    const widget = promoter.page.getByRole("dialog", { name: "Crea campaña y comparte" });
    await widget.getByRole("textbox", { name: "Nombre" }).fill(campaignName);
    await widget.getByRole("button", { name: "Crear campaña" }).click();
    await promoter.page.getByText("Campaña creada").waitFor();
    const shortLink = await widget.getByRole("textbox", { name: "Enlace corto" }).inputValue();
    expect(shortLink).toMatch(/\/api\/v1\/short-links\/[a-z0-9]{8}$/);
    for (const network of ["WhatsApp", "Facebook", "X", "Correo"])
      expect(await widget.getByRole("link", { name: network }).getAttribute("href")).toContain(encodeURIComponent(shortLink));
    await snap(promoter.page, "referral-share-widget-desktop");

    // The widget is not offered in the account area.
    await open(promoter.page, "/apps/me/referral");
    await promoter.page.getByTestId("referral-code").waitFor();
    expect(await promoter.page.getByRole("button", { name: "Crea campaña y comparte" }).count()).toBe(0);

    // A new visitor follows the short link: the page opens with the tracking values, kept in cookies for a day.
    const visitor = await newPage(browser);
    await visitor.page.goto(shortLink);
    await visitor.page.waitForURL(/click_id=clk_/);
    const landed = new URL(visitor.page.url());
    expect(landed.pathname).toBe(`/tienda/mateo/productos/${item.owner_slug}/${item.id}`);
    expect(landed.searchParams.get("color")).toBe("rojo");
    const cookies = Object.fromEntries((await visitor.context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect(cookies.referralID?.value).toBe(landed.searchParams.get("referral"));
    expect(cookies.campaign?.value).toBe(landed.searchParams.get("campaign"));
    expect(cookies.clickID?.value).toBe(landed.searchParams.get("click_id"));
    const lifetime = cookies.clickID.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(86_400 - 120);
    expect(lifetime).toBeLessThanOrEqual(86_400 + 5);
    expect(await visitor.page.getByRole("button", { name: "Crea campaña y comparte" }).count()).toBe(0);

    // The visitor moves on through the shop and buys as a guest.
    await addToCart(visitor.page, "mateo", item);
    await visitor.page.getByRole("dialog", { name: "Carrito" }).getByRole("link", { name: "Pagar" }).click();
    await visitor.page.waitForURL(/\/tienda\/mateo\/comprar/);
    await visitor.page.getByRole("textbox", { name: "Nombre completo" }).fill("Lucía Referida");
    await visitor.page.getByRole("textbox", { name: "Correo electrónico" }).fill("lucia.referida@ejemplo.mx");
    await visitor.page.getByRole("button", { name: "Continuar" }).click();
    await visitor.page.getByRole("radio", { name: "Envío a domicilio" }).waitFor();
    await fillShipping(visitor.page);
    await payWithCard(visitor.page, "4242 4242 4242 4242");
    await visitor.page.waitForURL(/\/pagado\?/);
    await visitor.page.getByText("¡Gracias por tu compra!").waitFor();
    await visitor.context.close();

    // Mateo's campaign list shows the click and the paid purchase.
    await open(promoter.page, `/apps/me/referral/campaigns?text=${encodeURIComponent(campaignName)}`);
    const row = promoter.page.getByRole("listitem", { name: campaignName });
    await row.waitFor();
    expect(await row.getByTestId("campaign-clicks").innerText()).toBe("Clics: 1");
    expect(await row.getByTestId("campaign-purchases").innerText()).toBe("Compras: 1");
    expect(await row.getByText(productPath).count()).toBe(1);
    await snap(promoter.page, "referral-campaigns-desktop");
    await promoter.context.close();
  });

  it("mateo pauses, finishes and deletes a campaign and manages a channel from the campaigns page (phone layout)", async () => {
    const { context, page } = await signedIn(browser, mateo, phone);
    const name = `Temporada ${Date.now()}`;
    await open(page, "/apps/me/referral/campaigns");
    await page.getByRole("button", { name: "Nueva campaña" }).click();
    const form = page.getByRole("dialog", { name: "Nueva campaña" });
    await form.getByRole("textbox", { name: "Nombre" }).fill(name);
    await form.getByRole("textbox", { name: "Página (URL)" }).fill("https://malo.example.com/");
    await form.getByRole("button", { name: "Guardar" }).click();
    await form.getByText("URL inválida").waitFor();
    await form.getByRole("textbox", { name: "Página (URL)" }).fill("/tienda/mateo/productos");
    await form.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Campaña creada").waitFor();
    const row = page.getByRole("listitem", { name });
    await row.getByText("Activa").waitFor();

    await row.getByRole("button", { name: `Acciones de la campaña ${name}` }).click();
    await page.getByRole("menuitem", { name: "Pausar" }).click();
    await row.getByText("Pausada").waitFor();
    await row.getByRole("button", { name: `Acciones de la campaña ${name}` }).click();
    await page.getByRole("menuitem", { name: "Finalizar" }).click();
    await row.getByText("Finalizada").waitFor();
    await snap(page, "referral-campaigns-phone");
    await row.getByRole("button", { name: `Acciones de la campaña ${name}` }).click();
    await page.getByRole("menuitem", { name: "Eliminar" }).click();
    await page.getByRole("dialog", { name: "Eliminar" }).getByRole("button", { name: "Eliminar" }).click();
    await page.getByText("Campaña eliminada").waitFor();
    await expect.poll(() => page.getByRole("listitem", { name }).count()).toBe(0);

    await page.getByRole("button", { name: "Nuevo canal" }).click();
    const channelForm = page.getByRole("dialog", { name: "Nuevo canal" });
    await channelForm.getByRole("textbox", { name: "Nombre" }).fill("Volantes");
    await channelForm.getByRole("textbox", { name: "Presupuesto" }).fill("1500.50");
    await channelForm.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Canal creado").waitFor();
    await page.getByRole("cell", { name: "Volantes", exact: true }).waitFor();
    await page.getByRole("cell", { name: /1,500\.50/ }).waitFor();
    await context.close();
  });
  it(
    "keeps the referral pages, the share widget and the promoted list free of serious accessibility violations",
    { timeout: 240_000 },
    async () => {
      const { context, page } = await signedIn(browser, mateo);
      for (const path of [
        "/apps/me/referral",
        "/apps/me/referral/resale/plans",
        "/apps/me/referral/resale/catalogues",
        "/apps/me/referral/campaigns",
        "/tienda/mateo/promoted",
      ]) {
        await open(page, path);
        expect(await violations(page), path).toEqual([]);
      }
      await page.getByRole("button", { name: "Crea campaña y comparte" }).click();
      await page.getByRole("dialog", { name: "Crea campaña y comparte" }).waitFor();
      expect(await violations(page), "share widget").toEqual([]);
      // The promoted list opens a branch with PromotedList and labels it with PromotedLisLabel.
      await page.keyboard.press("Escape");
      await page.getByRole("link", { name: "2 promovidos" }).click();
      await page.getByRole("heading", { name: "Promovidos: Valeria Gómez" }).waitFor();
      expect(new URL(page.url()).searchParams.get("PromotedLisLabel")).toBe("Valeria Gómez");
      await page.getByText("Emilio Castro").waitFor();
      await context.close();
    },
  );
  it("keeps the tracking values on a shop's sub-domain too, ignoring invalid ones and removing emptied ones", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${shopHostURL("mateo")}/productos?referral=ana01&campaign=%3Cscript%3E&click_id=clk_e2e`);
    await waitForHydration(page);
    const cookies = async () =>
      Object.fromEntries((await context.cookies(shopHostURL("mateo"))).map((cookie) => [cookie.name, cookie.value]));
    expect(await cookies()).toMatchObject({ referralID: "ana01", clickID: "clk_e2e" });
    expect((await cookies()).campaign).toBeUndefined();
    // Browsing on without the parameters keeps them; an empty parameter removes its cookie.
    await page.goto(`${shopHostURL("mateo")}/`);
    expect((await cookies()).referralID).toBe("ana01");
    await page.goto(`${shopHostURL("mateo")}/?click_id=`);
    expect((await cookies()).clickID).toBeUndefined();
    expect((await cookies()).referralID).toBe("ana01");
    await context.close();
  });
});
