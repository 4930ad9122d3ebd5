import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { advanceServerDays } from "./clock-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

/** The newest PIN the notifier sent to `to`, read from the dev outbox API. */
async function pinFor(to: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const { results } = (await response.json()) as { results: { body: string }[] };
  const match = results[0]?.body.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no PIN sent to ${to}`);
  return match[1];
}

/**
 * Issue 30 §4: a membership bought by someone who arrived through a promoter's link pays the promoter 15 % of each paid
 * period. Mateo shares his shop with his referral code; Nadia signs up for 'Negocio digital' from it, sets up a card, her
 * trial ends (first month) and the month after renews: each charge puts $29.85 in Mateo's earnings and wallet.
 */
describe("a promoter earns 15 % of a referred membership's renewal", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Nadia arrives by Mateo's link and subscribes; the first month and its renewal each pay Mateo $29.85", async () => {
    const mateo = await signedIn(browser, "mateo@demo.tianguis.mx");
    await open(mateo.page, "/apps/me/referral");
    const code = (await mateo.page.getByTestId("referral-code").innerText()).trim();
    expect(code).not.toBe("");

    // Nadia opens Mateo's shop from his link (the referral is kept for a day) and signs up for the plan.
    const { context, page } = await newPage(browser);
    await open(page, `/tienda/mateo?referral=${encodeURIComponent(code)}`);
    const email = "nadia.renueva@ejemplo.mx";
    await open(page, "/negociodigital");
    await page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill("Nadia Renueva");
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Comienza Ahora" }).click();
    await page.waitForURL(/\/register\/activate\/\?code=.*plan=negocio_digital/);
    await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).fill(await pinFor(email));
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.waitForURL(`${baseURL()}/asistentes/emprendedores`, { timeout: 30_000 });
    const card = { number: "4242424242424242", name: "Nadia Renueva", exp_month: 12, exp_year: 2039, cvc: "123" };
    const { token } = (await (await context.request.post("/sandbox-pay/tokens", { data: card })).json()) as { token: string };
    await apiWrite(context, "POST", "/me/cards", { token });

    // The trial ends: the first month is charged. A month later the subscription renews.
    await advanceServerDays(15);
    await advanceServerDays(31);
    await open(page, "/apps/me/suscripcion");
    const history = page.getByRole("region", { name: "Historial de cobros" });
    await expect.poll(() => history.getByText("Pagado").count()).toBe(2);
    await page.getByText("Activa").first().waitFor();
    await context.close();

    // Mateo's earnings: two membership commissions of $29.85 (15 % of $199.00), one per paid month.
    await open(mateo.page, "/apps/me/ganancias");
    const table = mateo.page.getByTestId("commissions-table");
    const rows = table.getByRole("row").filter({ hasText: "1 × Negocio digital" });
    await expect.poll(() => rows.count()).toBe(2);
    for (const row of await rows.all()) {
      await row.getByText("Membresía", { exact: true }).waitFor();
      await row
        .getByText(/29\.85/)
        .first()
        .waitFor();
    }
    expect(await seriousViolations(mateo.page)).toEqual([]);
    await snap(mateo.page, "promoter-renewal-earnings-desktop", { fullPage: true });

    // His wallet received both.
    await open(mateo.page, "/me/wallet/MXN");
    await expect.poll(() => mateo.page.getByTestId("wallet-balance").innerText()).toMatch(/59\.70/);
    await snap(mateo.page, "promoter-renewal-wallet-desktop");
    await mateo.context.close();

    // The same earnings on his phone.
    const small = await signedIn(browser, "mateo@demo.tianguis.mx", phone);
    await open(small.page, "/apps/me/ganancias");
    await small.page.getByText("1 × Negocio digital").first().waitFor();
    await snap(small.page, "promoter-renewal-earnings-phone", { fullPage: true });
    await small.context.close();
  });
});
