import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, shopHostURL, snap, waitForHydration } from "../browser";
import { seriousViolations as violations } from "./a11y-helpers";
import { addShownItemToCart, pick } from "./checkout-helpers";
import { campaignRow, createCampaign, followShortLink, guestCheckout, phone } from "./reseller-helpers";
import { open, signedIn } from "./storefront-helpers";

const mateo = "mateo@demo.tianguis.mx";

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
    const { widget, shortLink } = await createCampaign(promoter.page, campaignName);
    for (const network of ["WhatsApp", "Facebook", "X", "Correo"])
      expect(await widget.getByRole("link", { name: network }).getAttribute("href")).toContain(encodeURIComponent(shortLink));
    await snap(promoter.page, "referral-share-widget-desktop");

    // The widget is not offered in the account area.
    await open(promoter.page, "/apps/me/referral");
    await promoter.page.getByTestId("referral-code").waitFor();
    expect(await promoter.page.getByRole("button", { name: "Crea campaña y comparte" }).count()).toBe(0);

    // A new visitor follows the short link: the page opens with the tracking values, kept in cookies for a day.
    const visitor = await newPage(browser);
    const landed = await followShortLink(visitor.page, shortLink);
    expect(landed.pathname).toBe(`/tienda/mateo/productos/${item.owner_slug}/${item.id}`);
    expect(landed.searchParams.get("color")).toBe("rojo");
    expect(await visitor.page.getByRole("button", { name: "Crea campaña y comparte" }).count()).toBe(0);

    // The visitor buys the item as a guest.
    await addShownItemToCart(visitor.page);
    await guestCheckout(visitor.page, "mateo", { name: "Lucía Referida", email: "lucia.referida@ejemplo.mx" });
    await visitor.context.close();

    // Mateo's campaign list shows the click and the paid purchase.
    const row = await campaignRow(promoter.page, campaignName, { clicks: 1, purchases: 1 });
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
  it("keeps the referral pages, the share widget and the promoted list free of serious accessibility violations", async () => {
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
  });
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
