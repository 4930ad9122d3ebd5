import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, openAdminSection, signedInPage, toast } from "./admin-helpers";
import { pick } from "./checkout-helpers";
import { apiWrite, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };
const invitee = { email: `diego.${Date.now().toString(36)}@ejemplo.mx`, name: "Diego Reparto", password: "secreto123" };

async function lastMessage(to: string): Promise<{ subject: string | null; body: string }> {
  const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { results: { subject: string | null; body: string }[] }).results[0];
}

/** The invitee signs up with the invited address (PIN from the dev outbox); finishing sign-up signs in and accepts. */
async function signUp(context: BrowserContext) {
  const registered = await context.request.post("/api/v1/auth/register", {
    data: { type: "email", email: invitee.email, full_name: invitee.name, password: invitee.password, tac: true },
  });
  expect(registered.status()).toBe(200);
  const { code } = (await registered.json()) as { code: string };
  const pin = (await lastMessage(invitee.email)).body.match(/\b(\d{6})\b/)?.[1];
  const activated = await context.request.post("/api/v1/activate/pin/", { data: { code, type: "email", pin } });
  expect(activated.status()).toBe(200);
}

/** Carlos buys one unit from the demo shop and Lucía confirms it: an order waiting for the dispatcher. */
async function confirmedOrder(browser: Browser, lucia: BrowserContext): Promise<{ id: string; number: number }> {
  const carlos = await signedIn(browser, "carlos@demo.tianguis.mx");
  const item = await pick("demo", "demo");
  const purchase = (await apiWrite(carlos.context, "POST", "/shops/demo/checkout", {
    items: [{ product_id: item.id, quantity: 1 }],
    delivery_type: "to_branch",
  })) as { id: string; access_token: string; orders: { id: string; number: number }[] };
  const token = await (
    await carlos.context.request.post("/sandbox-pay/tokens", {
      data: { number: "4242424242424242", name: "Carlos", exp_month: 12, exp_year: 2040, cvc: "123" },
    })
  ).json();
  await apiWrite(carlos.context, "POST", `/checkouts/${purchase.id}/pay?token=${purchase.access_token}`, {
    method: "str_card",
    card_token: token.token,
    return_path: "/pagado",
  });
  await carlos.context.close();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await apiWrite(lucia, "POST", `/shops/demo/orders/${purchase.orders[0].id}/next`, { from: "paid", estimated_delivery_date: tomorrow });
  return purchase.orders[0];
}

const bar = (page: Page) => page.getByRole("navigation", { name: "Barra de administración" });

describe("collaborators: Lucía invites a dispatcher, who works the orders until removed", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Lucía invites a dispatcher by e-mail from 'Colaboradores' in her admin bar", async () => {
    const { context, page } = await signedInPage(browser);
    await open(page, "/tienda/demo");
    await bar(page).getByRole("button", { name: "Expandir barra" }).click();
    await openAdminSection(page, "Tienda");
    await bar(page).getByRole("link", { name: "Colaboradores" }).click();
    await page.waitForURL(/\/tienda\/demo\/admin\/colaboradores$/);
    await page.getByRole("heading", { name: "Colaboradores", level: 1 }).waitFor();
    expect(await bar(page).getByRole("link", { name: "Colaboradores" }).getAttribute("aria-current")).toBe("page");
    // The demo's door keeper is already there.
    await page.getByRole("list", { name: "Colaboradores" }).getByText("puerta@demo.tianguis.mx").waitFor();
    await page.getByRole("textbox", { name: "Correo" }).fill(invitee.email);
    await page.getByRole("checkbox", { name: "Despachador" }).check();
    await page.getByRole("button", { name: "Enviar invitación" }).click();
    await toast(page, "Invitación enviada");
    const row = page.getByRole("listitem").filter({ hasText: invitee.email });
    await row.getByText("Invitación pendiente").waitFor();
    await row.getByText("Despachador").waitFor();
    // Checked once the toast has gone (it closes by itself after 5 s).
    await page.getByRole("alert").filter({ hasText: "Invitación enviada" }).waitFor({ state: "detached" });
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "collaborators-admin-desktop");
    const mail = await lastMessage(invitee.email);
    expect(mail.subject).toBe("Casa Lucía Artesanías te invita a colaborar");
    expect(mail.body).toContain("como Despachador");
    await context.close();
  });

  it("the invitee signs up with that address, finds the shop under 'Mis colaboraciones' and sees only the orders module", async () => {
    const { context, page } = await newPage(browser, { viewport: phone });
    await signUp(context);
    await open(page, "/tienda/demo");
    await page.getByRole("button", { name: "Menú de cuenta" }).click();
    const picker = page.getByRole("menuitem", { name: "Mis colaboraciones" });
    await picker.click();
    expect(await picker.getAttribute("aria-expanded")).toBe("true");
    const shopLink = page.getByRole("menuitem", { name: "Casa Lucía Artesanías" });
    await shopLink.waitFor();
    // Mantine's menu keeps a focus-trap div of its own among the items; the collaborations group is checked.
    expect(await seriousViolations(page, '[role="group"][aria-label="Mis colaboraciones"]')).toEqual([]);
    await snap(page, "collaborations-menu-phone");
    await shopLink.click();
    await page.waitForURL(/\/tienda\/demo\/admin\/ordenes$/);
    await page.getByRole("heading", { name: "Pedidos", level: 1 }).waitFor();
    await page.getByRole("button", { name: /^Administrar tienda/ }).click();
    await bar(page).waitFor();
    const links = await bar(page).getByRole("link").allInnerTexts();
    const names = await Promise.all((await bar(page).getByRole("link").all()).map((link) => link.getAttribute("aria-label")));
    expect(names.map((name) => name?.replace(/ \(.*\)$/, ""))).toEqual(["Inicio", "Pedidos", "Devoluciones"]);
    expect(links).toHaveLength(3);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "collaborator-admin-bar-phone");
    await context.close();
  });

  it("an existing account accepts its invitation from 'Mis colaboraciones', where the alert leads", async () => {
    // Carlos is already signed in when the invitation arrives (signing in afterwards would accept it by itself).
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx");
    const lucia = await signedInPage(browser);
    await apiWrite(lucia.context, "POST", "/shops/demo/collaborators", { email: "carlos@demo.tianguis.mx", profiles: ["accountant"] });
    await lucia.context.close();
    await open(page, "/apps/me/colaboraciones");
    const invitations = page.getByRole("list", { name: "Invitaciones" });
    await invitations.getByText("Casa Lucía Artesanías").waitFor();
    await invitations.getByText("Contador").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "collaborations-page-desktop");
    await invitations.getByRole("button", { name: "Aceptar" }).click();
    await toast(page, "Ahora colaboras con Casa Lucía Artesanías");
    await page.getByRole("link", { name: "Administrar Casa Lucía Artesanías" }).click();
    await page.waitForURL(/\/tienda\/demo\/admin\/ordenes$/);
    await page.getByRole("heading", { name: "Pedidos", level: 1 }).waitFor();
    await context.close();
  });

  it("the demo's door keeper (qrreader) sees only the check-in module and opens it", async () => {
    const { context, page } = await signedIn(browser, "puerta@demo.tianguis.mx");
    await open(page, "/tienda/demo");
    const names = await Promise.all((await bar(page).getByRole("link").all()).map((link) => link.getAttribute("aria-label")));
    expect(names).toEqual(["Inicio", "Registro de entradas"]);
    await bar(page).getByRole("link", { name: "Registro de entradas" }).click();
    await page.waitForURL(/\/tienda\/demo\/admin\/entradas$/);
    await page.getByRole("heading", { name: "Registro de entradas", level: 1 }).waitFor();
    expect((await page.goto("/tienda/demo/admin/ordenes"))?.status()).toBe(403);
    await context.close();
  });

  it("the dispatcher advances a confirmed order", async () => {
    const lucia = await signedInPage(browser);
    const order = await confirmedOrder(browser, lucia.context);
    await lucia.context.close();
    const { context, page } = await newPage(browser);
    await context.request.post("/api/v1/auth/login", { data: { username: invitee.email, password: invitee.password } });
    await open(page, `/tienda/demo/admin/ordenes/${order.id}`);
    await page.getByRole("heading", { name: `#${order.number}`, level: 1 }).waitFor();
    expect(await page.getByRole("button", { name: "Generar recibo" }).count()).toBe(0);
    await page.getByRole("button", { name: "Pasar a en proceso", exact: true }).click();
    // The next step is theirs too; receipts and refunds (money) are not.
    await page.getByRole("button", { name: "Listo para entregar", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Reembolsar" }).count()).toBe(0);
    await snap(page, "collaborator-order-desktop");
    await context.close();
  });

  it("Lucía removes the collaborator and their access ends at once", async () => {
    const dispatcher = await newPage(browser);
    await dispatcher.context.request.post("/api/v1/auth/login", { data: { username: invitee.email, password: invitee.password } });
    await open(dispatcher.page, "/tienda/demo/admin/ordenes");
    await dispatcher.page.getByRole("heading", { name: "Pedidos", level: 1 }).waitFor();

    // A tall window: the row's menu opens well inside the page, away from the floating share and chat buttons.
    const { context, page } = await signedInPage(browser, undefined, { viewport: { width: 1280, height: 1400 } });
    await open(page, "/tienda/demo/admin/colaboradores");
    const removeItem = page.getByRole("menuitem", { name: "Eliminar colaborador" });
    // On a loaded machine the first click can land while the page is still settling: open the menu until it shows.
    await expect
      .poll(
        async () => {
          if (!(await removeItem.isVisible())) await page.getByRole("button", { name: `Acciones de ${invitee.name}` }).click();
          return removeItem.isVisible();
        },
        { interval: 3_000 },
      )
      .toBe(true);
    await removeItem.click();
    const dialog = page.getByRole("dialog", { name: "Eliminar colaborador" });
    await dialog.getByText(`¿Eliminar a ${invitee.name}?`).waitFor();
    await dialog.getByRole("button", { name: "Eliminar colaborador" }).click();
    await toast(page, "Colaborador eliminado");
    await page.getByRole("listitem").filter({ hasText: invitee.email }).waitFor({ state: "detached" });
    await context.close();

    const refused = await dispatcher.page.goto("/tienda/demo/admin/ordenes");
    expect(refused?.status()).toBe(403);
    expect(await bar(dispatcher.page).count()).toBe(0);
    await dispatcher.context.close();
  });
});
