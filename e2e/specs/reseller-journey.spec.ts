import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { openAdminSection } from "./admin-helpers";
import { addShownItemToCart, pick } from "./checkout-helpers";
import {
  addWithPicker,
  campaignRow,
  commissionRow,
  createCampaign,
  deliver,
  filterToBarroCeramics,
  followShortLink,
  guestCheckout,
  marginOf,
  openPicker,
  owedCommission,
  passReturnWindow,
  phone,
  professionalCommission,
} from "./reseller-helpers";
import { card, open, signedIn } from "./storefront-helpers";

const mateo = "mateo@demo.tianguis.mx";
const supplier = { username: "barro@demo.tianguis.mx", shop: "barro-y-fuego", name: "Barro y Fuego" };

/**
 * Issue 13's journey: the demo reseller (mateo) adds two supplier products with the picker, a visitor arriving by his
 * campaign link buys one, the supplier delivers it, and his earnings page shows the commission move from pending to
 * available and, at once, paid into his wallet. Around it, the earnings page's other states: empty before the sale, paid on the phone.
 */
describe("the reseller journey: picker, campaign link, sale, delivery and commission", () => {
  let browser: Browser;
  let sale: { orderNumber: number; productName: string; amount: string } | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Mateo, with no sales yet, sees the empty earnings page", async () => {
    const { context, page } = await signedIn(browser, mateo);
    await open(page, "/");
    await page.getByRole("button", { name: "Menú de cuenta" }).click();
    await page.getByRole("menuitem", { name: "Mis ganancias" }).click();
    await page.waitForURL(/\/apps\/me\/ganancias$/);
    await page.getByRole("heading", { name: "Mis ganancias", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Aún no tienes comisiones" }).waitFor();
    await context.close();
  });

  it("mateo adds two products with the picker, a phone visitor buys one by his campaign link, the supplier delivers it, and the commission goes from pending to available", async () => {
    // Mateo adds the first two of Barro y Fuego's ceramics: a green check on each.
    const reseller = await signedIn(browser, mateo);
    const dialog = await openPicker(reseller.page);
    const [productName, other] = await filterToBarroCeramics(reseller.page, dialog);
    await addWithPicker(dialog, [productName, other]);
    const amount = professionalCommission(await marginOf(dialog, productName));
    await reseller.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // Both are on his storefront; he opens one and shares it by a new campaign.
    await open(reseller.page, `/tienda/mateo/productos?category=${encodeURIComponent("Cerámica")}`);
    await card(reseller.page, other).first().waitFor();
    await card(reseller.page, productName).first().click();
    await reseller.page.waitForURL(new RegExp(`/tienda/mateo/productos/${supplier.shop}/`));
    await reseller.page.getByRole("heading", { name: productName, level: 1 }).waitFor();
    const campaignName = `Barro de temporada ${Date.now()}`;
    const { shortLink } = await createCampaign(reseller.page, campaignName);

    // A visitor on a phone follows the short link (the tracking cookies are set) and buys the item as a guest.
    const visitor = await newPage(browser, { viewport: phone });
    const landed = await followShortLink(visitor.page, shortLink);
    expect(landed.pathname).toMatch(new RegExp(`^/tienda/mateo/productos/${supplier.shop}/`));
    await visitor.page.getByRole("heading", { name: productName, level: 1 }).waitFor();
    await addShownItemToCart(visitor.page);
    const order = await guestCheckout(visitor.page, "mateo", { name: "Sofía Visitante", email: "sofia.visitante@ejemplo.mx" });
    await snap(visitor.page, "journey-paid-phone");
    await visitor.context.close();

    // The purchase is recorded with the campaign.
    await campaignRow(reseller.page, campaignName, { clicks: 1, purchases: 1 });

    // The supplier sees on the order what it owes Mateo, then delivers it.
    const barro = await signedIn(browser, supplier.username);
    expect(await owedCommission(barro.page, supplier.shop, order.id, productName)).toBe(amount);
    await snap(barro.page, "journey-order-commissions-desktop");
    await deliver(barro.context, supplier.shop, order.id);
    await barro.context.close();

    // Mateo's earnings: pending with the exact amount (margin × 0.5), the totals and the chart by day.
    const { page } = reseller;
    await open(page, "/apps/me/ganancias");
    const row = commissionRow(page, order.number);
    await row.getByText(productName).waitFor();
    await row.getByText("Pendiente").waitFor();
    await row.getByText(/^Disponible el /).waitFor();
    expect((await row.getByRole("cell").nth(2).innerText()).trim()).toBe(amount);
    expect(await page.getByTestId("earnings-pending").innerText()).toContain(amount);
    expect(await page.getByTestId("earnings-available").innerText()).toContain("$0.00");
    await page.getByRole("heading", { name: "Ganancias por periodo" }).waitFor();
    await page.getByRole("radiogroup", { name: "Ganancias por periodo" }).getByText("Día", { exact: true }).click();
    await page.waitForURL(/periodo=day/);
    await snap(page, "earnings-pending-desktop");
    expect(await seriousViolations(page)).toEqual([]);

    // After the 72-hour return window the job makes it available, and it is paid into Mateo's wallet at once.
    await passReturnWindow(reseller.context);
    await page.reload();
    await row.getByText("Pagada", { exact: true }).waitFor();
    expect(await page.getByTestId("earnings-paid").innerText()).toContain(amount);
    expect(await page.getByTestId("earnings-pending").innerText()).toContain("$0.00");
    await snap(page, "earnings-available-desktop");
    await reseller.context.close();
    sale = { orderNumber: order.number, productName, amount };
  });

  it("the supplier owes the commission no more by hand (it went to Mateo's wallet), and Mateo's phone (dark scheme) lists it paid", async () => {
    if (!sale) throw new Error("the journey did not complete");
    const barro = await signedIn(browser, supplier.username);
    await open(barro.page, `/tienda/${supplier.shop}`);
    await openAdminSection(barro.page, "Dinero");
    await barro.page
      .getByRole("navigation", { name: "Barra de administración" })
      .getByRole("link", { name: "Comisiones por pagar" })
      .click();
    await barro.page.waitForURL(new RegExp(`/tienda/${supplier.shop}/admin/comisiones$`));
    const owedRow = barro.page.getByTestId("owed-table").getByRole("row").filter({ hasText: "Mateo Ruiz" });
    await owedRow.waitFor();
    expect(await owedRow.getByRole("button", { name: /^Marcar como pagado/ }).count()).toBe(0);
    expect(await seriousViolations(barro.page)).toEqual([]);
    await snap(barro.page, "owed-commissions-desktop");
    await barro.context.close();

    // The phone in the dark scheme: the cards stack two by two, the table becomes a list.
    const small = await signedIn(browser, mateo, phone);
    await small.context.addCookies([{ name: "theme", value: "dark", url: baseURL() }]);
    await open(small.page, "/apps/me/ganancias");
    await small.page
      .getByRole("listitem")
      .filter({ hasText: `#${sale.orderNumber}` })
      .getByText("Pagada", { exact: true })
      .waitFor();
    expect(await small.page.getByTestId("earnings-paid").innerText()).toContain(sale.amount);
    await snap(small.page, "earnings-paid-phone");
    expect(await seriousViolations(small.page)).toEqual([]);
    await small.context.close();
  });

  it("on a dropshipping item's page, Carlos (level 0) sees the premium upsell and Mateo (level 2) the earn-reselling label", async () => {
    const item = await pick("demo", "demo");
    const customer = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    await open(customer.page, `/tienda/demo/productos/demo/${item.id}`);
    await customer.page
      .getByTestId("premium-upsell")
      .getByText(/^Con el plan premium ganarías \$[\d,.]+ revendiendo este producto$/)
      .waitFor();
    await snap(customer.page, "product-premium-upsell-phone");
    await customer.context.close();
    const reseller = await signedIn(browser, mateo);
    await open(reseller.page, `/tienda/mateo/productos/demo/${item.id}`);
    await reseller.page
      .getByText(/^Gana \$[\d,.]+ revendiendo$/)
      .first()
      .waitFor();
    await reseller.page
      .getByText(/^Cómpralo en \$/)
      .first()
      .waitFor();
    expect(await reseller.page.getByTestId("premium-upsell").count()).toBe(0);
    await reseller.context.close();
  });
});
