import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { pick } from "./checkout-helpers";
import { passReturnWindow, phone } from "./reseller-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const mateo = "mateo@demo.tianguis.mx";
const carlos = "carlos@demo.tianguis.mx";
const lucia = "lucia@demo.tianguis.mx";

/**
 * Issue 30 §2: a reseller's commission reaches his wallet once it is available, he withdraws it to his CLABE, the
 * sandbox's bank settles the transfer (its signed webhook) and the 'transfer_ok' alert rings and opens the wallet.
 */
describe("the earnings wallet: a commission arrives, is withdrawn by SPEI and settles", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Carlos buys in Mateo's store, Lucía delivers, and after the return window the commission is in Mateo's wallet; he withdraws it and the alert arrives", async () => {
    const reseller = await signedIn(browser, mateo);
    const { page } = reseller;
    const balanceBefore = (await (await reseller.context.request.get("/api/v1/me/wallets/MXN")).json()).balance as number;

    // Carlos buys one of Lucía's items in Mateo's store (sandbox card); Lucía walks it to delivered.
    const item = await pick("mateo", "demo");
    const customer = await signedIn(browser, carlos);
    const purchase = (await apiWrite(customer.context, "POST", "/shops/mateo/checkout", {
      items: [{ product_id: item.id, quantity: 1 }],
      delivery_type: "to_branch",
    })) as { id: string; access_token: string; orders: { id: string }[] };
    const token = await (
      await customer.context.request.post("/sandbox-pay/tokens", {
        data: { number: "4242424242424242", name: "Carlos", exp_month: 12, exp_year: 2040, cvc: "123" },
      })
    ).json();
    await apiWrite(customer.context, "POST", `/checkouts/${purchase.id}/pay?token=${purchase.access_token}`, {
      method: "str_card",
      card_token: token.token,
      return_path: "/pagado",
    });
    await customer.context.close();
    const supplier = await signedIn(browser, lucia);
    const orderId = purchase.orders[0].id;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const step of [
      { from: "paid", estimated_delivery_date: tomorrow },
      { from: "confirmed" },
      { from: "in_process" },
      { from: "ready_to_deliver" },
    ]) {
      await apiWrite(supplier.context, "POST", `/shops/demo/orders/${orderId}/next`, step);
    }
    const owed = (await (await supplier.context.request.get(`/api/v1/shops/demo/orders/${orderId}/commissions`)).json()) as {
      total_owed: number;
    };
    expect(owed.total_owed).toBeGreaterThan(0);
    await passReturnWindow(supplier.context);
    await supplier.context.close();

    // The wallet: the commission is a credit and the balance grew by it.
    await open(page, "/me/wallet/MXN");
    await page.getByRole("heading", { name: "Monedero · MXN", level: 1 }).waitFor();
    const movements = page.getByTestId("wallet-movements");
    await movements.getByRole("row").filter({ hasText: "Comisión" }).first().waitFor();
    const balance = async () => Number((await page.getByTestId("wallet-balance").innerText()).replace(/[^\d.]/g, ""));
    expect(Math.round((await balance()) * 100)).toBe(balanceBefore + owed.total_owed);
    expect(await seriousViolations(page)).toEqual([]);

    // A CLABE with a wrong check digit is refused; the right one is saved and shown masked.
    const account = page.getByRole("form", { name: "Cuenta para retiros" });
    if ((await account.count()) === 0) await page.getByRole("button", { name: "Cambiar cuenta" }).click();
    await account.getByRole("textbox", { name: "CLABE (18 dígitos)" }).fill("032180000118359718");
    await account.getByRole("textbox", { name: "Titular de la cuenta" }).fill("Mateo Ruiz");
    await account.getByRole("button", { name: "Guardar cuenta" }).click();
    await account.getByText("La CLABE no es válida: revisa los dígitos (el último es de verificación)").waitFor();
    await account.getByRole("textbox", { name: "CLABE (18 dígitos)" }).fill("032180000118359719");
    await account.getByRole("textbox", { name: "Titular de la cuenta" }).fill("Mateo Ruiz");
    await account.getByRole("button", { name: "Guardar cuenta" }).click();
    await page.getByTestId("payout-account").getByText("•••• 9719").waitFor();

    // 'Retirar' $100.00: debited at once, on its way to the bank.
    const bell = page.getByRole("button", { name: /^Alertas, / });
    const pendingOf = async () => Number(/^Alertas, (\d+) pendientes$/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
    const alertsBefore = await pendingOf();
    const withdraw = page.getByRole("form", { name: "Retirar" });
    await withdraw.getByRole("textbox", { name: "Monto a retirar" }).fill("100.00");
    await withdraw.getByRole("button", { name: "Retirar" }).click();
    await withdraw.getByText("Retiro solicitado: te avisaremos cuando llegue a tu banco").waitFor();
    await page.getByTestId("wallet-in-transit").getByText("$100.00").waitFor();
    await movements.getByRole("row").filter({ hasText: "Retiro · En camino" }).first().waitFor();
    expect(Math.round((await balance()) * 100)).toBe(balanceBefore + owed.total_owed - 10_000);
    await snap(page, "wallet-withdrawn-desktop", { fullPage: true });

    // The sandbox's bank settles it (its signed webhook): the alert rings and opens the wallet.
    await apiWrite(reseller.context, "POST", "/dev/clock", { advance_ms: 5_000 });
    await apiWrite(reseller.context, "POST", "/dev/jobs/run", {});
    await expect.poll(pendingOf).toBe(alertsBefore + 1);
    await bell.click();
    const drawer = page.getByRole("dialog", { name: "Alertas" });
    const alert = drawer.getByRole("button", { name: /Tu retiro de \$100\.00 llegó a tu cuenta CLABE •••• 9719/ });
    await alert.first().waitFor();
    await alert.first().click();
    await page.waitForURL(/\/me\/wallet\/MXN$/);
    await page.getByTestId("wallet-movements").getByRole("row").filter({ hasText: "Retiro · Depositado" }).first().waitFor();
    await reseller.context.close();

    // The same wallet on a phone.
    const small = await signedIn(browser, mateo, phone);
    await open(small.page, "/me/wallet/MXN?tipo=payout");
    await small.page.getByTestId("wallet-movements").getByText("Retiro · Depositado").first().waitFor();
    await snap(small.page, "wallet-phone", { fullPage: true });
    expect(await seriousViolations(small.page)).toEqual([]);
    await small.context.close();
  });
});
