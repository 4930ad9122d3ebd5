import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap, waitForHydration } from "../browser";

const phoneWidth = { width: 390, height: 844 };

/** The newest PIN the notifier sent to `to`, read from the dev outbox API. */
async function pinFor(to: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const { results } = (await response.json()) as { results: { body: string }[] };
  const match = results[0]?.body.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no PIN sent to ${to}`);
  return match[1];
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function fillEmailSignup(page: Page, values: { name: string; email: string; password?: string }) {
  await page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill(values.name);
  await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(values.email);
  await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill(values.password ?? "secreto123");
  await page.getByRole("checkbox").check();
}

async function fillPhoneSignup(page: Page, values: { name: string; phone: string }) {
  await page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill(values.name);
  await page.getByText("Con teléfono", { exact: true }).click();
  await page.getByRole("textbox", { name: "Teléfono celular", exact: true }).fill(values.phone);
  await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
  await page.getByRole("checkbox").check();
}

async function enterPin(page: Page, pin: string) {
  await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).fill(pin);
  await page.getByRole("button", { name: "Confirmar" }).click();
}

describe("accounts: sign-up with PIN, login, logout, store creation, password recovery", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("signs up by e-mail, reads the PIN from the outbox, activates and lands logged in", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/register");
    await snap(page, "accounts-register-desktop");
    await fillEmailSignup(page, { name: "Ana Correo", email: "ana.correo@ejemplo.mx" });
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await page.waitForURL(/\/register\/activate\/\?code=/);
    await page.getByText("Enviamos un PIN de 6 dígitos a ana.correo@ejemplo.mx").waitFor();
    await page.getByText("El PIN expira en 5 minutos", { exact: false }).waitFor();
    await snap(page, "accounts-activate-desktop");
    await enterPin(page, await pinFor("ana.correo@ejemplo.mx"));
    await page.waitForURL(/\/register\/complete\//);
    await page.getByRole("heading", { name: "¡Tu cuenta está lista!" }).waitFor();
    await page.getByRole("button", { name: "Menú de cuenta" }).click();
    await page.getByRole("menuitem", { name: "Mis compras" }).waitFor();
    await page.getByRole("menuitem", { name: "Preferencias" }).waitFor();
    await snap(page, "accounts-avatar-menu-desktop");
    await context.close();
  });

  it("signs up by phone on a phone-sized screen, reading the PIN on /dev/outbox", async () => {
    const { context, page } = await newPage(browser, { viewport: phoneWidth });
    await open(page, "/");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("menuitem", { name: "Regístrate" }).click();
    await page.waitForURL(/\/register$/);
    await waitForHydration(page);
    await fillPhoneSignup(page, { name: "Beto Teléfono", phone: "55 1234 5678" });
    expect(await page.getByRole("textbox", { name: "Teléfono celular", exact: true }).inputValue()).toBe("5512345678");
    await snap(page, "accounts-register-phone");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await page.waitForURL(/\/register\/activate\//);
    const outbox = await context.newPage();
    await outbox.goto("/dev/outbox");
    const text = await outbox.getByRole("listitem", { name: "Para +525512345678" }).first().innerText();
    const pin = text.match(/\b(\d{6})\b/)![1];
    await snap(outbox, "accounts-dev-outbox");
    await outbox.close();
    await enterPin(page, pin);
    await page.getByRole("heading", { name: "¡Tu cuenta está lista!" }).waitFor();
    await page.getByRole("button", { name: "Menú de cuenta" }).waitFor();
    await context.close();
  });

  it("shows the spec's message for a wrong PIN and for an expired one", async () => {
    const { context, page } = await newPage(browser, { locale: "en-US" });
    await open(page, "/register");
    await page.getByRole("textbox", { name: "Full name", exact: true }).fill("Carla Expira");
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("carla.expira@example.com");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("secreto123");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/register\/activate\//);
    const pin = await pinFor("carla.expira@example.com");
    await page.getByRole("textbox", { name: "6-digit PIN", exact: true }).fill(pin === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("alert").filter({ hasText: "The PIN entered is invalid or has already expired" }).waitFor();
    const moved = await fetch(`${baseURL()}/api/v1/dev/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advance_ms: 5 * 60 * 1000 + 1000 }),
    });
    expect(moved.status).toBe(200);
    await page.getByRole("textbox", { name: "6-digit PIN", exact: true }).fill(pin);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("alert").filter({ hasText: "The PIN entered is invalid or has already expired" }).waitFor();
    expect(page.url()).toContain("/register/activate/");
    await snap(page, "accounts-activate-expired");
    // A new PIN works again.
    await page.getByRole("button", { name: "Resend PIN" }).click();
    await page.getByText("We sent you a new PIN").waitFor();
    await page.getByRole("textbox", { name: "6-digit PIN", exact: true }).fill(await pinFor("carla.expira@example.com"));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { name: "Your account is ready!" }).waitFor();
    await context.close();
  });

  it("shows 'user already exists' on the username field by e-mail and on the phone field by phone", async () => {
    const { context, page } = await newPage(browser, { locale: "en-US" });
    await open(page, "/register");
    const email = page.getByRole("textbox", { name: "E-mail", exact: true });
    await email.fill("lucia@demo.tianguis.mx");
    await email.blur();
    await page.getByText("user already exists").waitFor();
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("With phone", { exact: true }).click();
    await page.getByRole("combobox", { name: "Country" }).selectOption("MX");
    const phone = page.getByRole("textbox", { name: "Mobile phone", exact: true });
    await phone.fill("5512345678");
    await phone.blur();
    await page.getByText("user already exists").waitFor();
    expect(await phone.getAttribute("aria-invalid")).toBe("true");
    await phone.fill("55123");
    await phone.blur();
    await page.getByText("Invalid number").waitFor();
    await context.close();
  });

  it("creates a store on sign-up: slug check with suggestions, then /tienda/{slug} is reachable", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/register?tienda=1");
    await page.getByRole("textbox", { name: "Nombre completo", exact: true }).fill("Dora Tienda");
    await page.getByRole("textbox", { name: "Teléfono celular", exact: true }).fill("5598765432");
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
    await page.getByRole("textbox", { name: "Nombre de tu tienda", exact: true }).fill("Demo");
    await page.getByText("Este dominio no está disponible").waitFor();
    await page.getByRole("group", { name: "Sugerencias disponibles:" }).getByRole("button").first().waitFor();
    await page.getByRole("textbox", { name: "Dirección de tu tienda", exact: true }).fill("mi.tienda");
    await page.getByText("Slug inválido", { exact: false }).waitFor();
    await page.getByRole("textbox", { name: "Nombre de tu tienda", exact: true }).fill("Dulces Dora");
    await page.getByRole("textbox", { name: "Dirección de tu tienda", exact: true }).fill("dulces-dora");
    await page.getByText("Dominio disponible").waitFor();
    await page.getByRole("checkbox").check();
    await snap(page, "accounts-register-store");
    await page.getByRole("button", { name: "Crear tienda ahora" }).click();
    await page.waitForURL(/\/register\/activate\//);
    await enterPin(page, await pinFor("+525598765432"));
    await page.getByText("Estamos terminando de configurar tu cuenta, este proceso puede tardar algunos minutos").waitFor();
    await page.getByRole("heading", { name: "¡Tu cuenta está lista!" }).waitFor();
    await page.getByRole("link", { name: "Ir a mi tienda" }).click();
    await page.waitForURL(/\/tienda\/dulces-dora$/);
    await page.getByRole("heading", { name: "Dulces Dora" }).first().waitFor();
    await context.close();
  });

  it("opens the registration modal on a storefront; store creation asks for a phone and says 'Crear tienda ahora'", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo");
    await page.getByRole("button", { name: "Regístrate" }).click();
    const dialog = page.getByRole("dialog", { name: "Regístrate para continuar" });
    await dialog.waitFor();
    await dialog.getByRole("switch", { name: "Quiero crear mi tienda ahora" }).check();
    await dialog.getByRole("textbox", { name: "Teléfono celular", exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Crear tienda ahora" }).waitFor();
    await dialog.getByRole("switch", { name: "Quiero crear mi tienda ahora" }).uncheck();
    await dialog.getByText("Con correo", { exact: true }).click();
    await dialog.getByRole("textbox", { name: "Nombre completo", exact: true }).fill("Eva Modal");
    await dialog.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill("eva.modal@ejemplo.mx");
    await dialog.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
    await dialog.getByRole("checkbox").check();
    await snap(page, "accounts-signup-modal");
    await dialog.getByRole("button", { name: "Crear cuenta" }).click();
    await page.waitForURL(/\/register\/activate\//);
    await enterPin(page, await pinFor("eva.modal@ejemplo.mx"));
    await page.getByRole("heading", { name: "¡Tu cuenta está lista!" }).waitFor();
    await context.close();
  });

  it("logs in with the phone toggle and logs out back to `next`", async () => {
    const { context, page } = await newPage(browser);
    await open(page, "/tienda/demo");
    await page.getByRole("link", { name: "Iniciar sesión" }).first().click();
    await page.waitForURL(/\/login\?next=%2Ftienda%2Fdemo/);
    await waitForHydration(page);
    await page.getByText("Con teléfono", { exact: true }).click();
    await page.getByRole("textbox", { name: "Teléfono celular", exact: true }).fill("5598765432");
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("una-clave-mala");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("alert").filter({ hasText: "Usuario o contraseña incorrectos" }).waitFor();
    await snap(page, "accounts-login-desktop");
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("secreto123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(`${baseURL()}/tienda/demo`);
    await page.getByRole("button", { name: "Menú de cuenta" }).click();
    await page.getByRole("menuitem", { name: "Mi tienda" }).waitFor();
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
    await page.waitForURL(`${baseURL()}/tienda/demo`);
    await page.getByRole("link", { name: "Iniciar sesión" }).first().waitFor();
    const me = await context.request.get("/api/v1/auth/me");
    expect(me.status()).toBe(401);
    await context.close();
  });

  it("logs in without JavaScript: the form posts, and no password appears in any URL", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "es-MX", baseURL: baseURL() });
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await page.goto("/login?next=%2Fmis-direcciones");
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill("lucia@demo.tianguis.mx");
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("una-clave-mala");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("alert").filter({ hasText: "Usuario o contraseña incorrectos" }).waitFor();
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill("lucia@demo.tianguis.mx");
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("demo12345");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(`${baseURL()}/mis-direcciones`);
    expect((await context.request.get("/api/v1/auth/me")).status()).toBe(200);
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) expect(url).not.toMatch(/password|demo12345|una-clave-mala/);
    await context.close();
  });

  it("recovers a forgotten password with a PIN from the outbox: old sessions end and the new password signs in", async () => {
    const email = "carla.expira@example.com";
    const other = await browser.newContext({ baseURL: baseURL() });
    expect((await other.request.post("/api/v1/auth/login", { data: { username: email, password: "secreto123" } })).ok()).toBe(true);
    const { context, page } = await newPage(browser);
    await open(page, "/login");
    await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await page.waitForURL(/\/password\/forgot$/);
    await page.getByRole("heading", { name: "Recupera tu contraseña" }).waitFor();
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
    await snap(page, "accounts-password-forgot");
    await page.getByRole("button", { name: "Enviar PIN" }).click();
    await page.waitForURL(/\/password\/reset\?username=/);
    await page.getByText(`Si ${email} tiene una cuenta, le enviamos un PIN de 6 dígitos`).waitFor();
    const outbox = await context.newPage();
    await outbox.goto("/dev/outbox");
    const text = await outbox
      .getByRole("listitem", { name: `Para ${email}` })
      .first()
      .innerText();
    expect(text).toContain("cambiar tu contraseña");
    const pin = text.match(/\b(\d{6})\b/)![1];
    await outbox.close();
    await page.getByRole("textbox", { name: "PIN de 6 dígitos", exact: true }).fill(pin);
    await page.getByRole("textbox", { name: "Nueva contraseña", exact: true }).fill("clave-nueva-77");
    await snap(page, "accounts-password-reset");
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole("button", { name: "Menú de cuenta" }).waitFor();
    expect((await other.request.get("/api/v1/auth/me")).status()).toBe(401);
    const oldPassword = await other.request.post("/api/v1/auth/login", { data: { username: email, password: "secreto123" } });
    expect(oldPassword.status()).toBe(401);
    await other.close();
    await context.close();
  });

  it("updates the profile with a 'Perfil actualizado' toast", async () => {
    const { context, page } = await newPage(browser);
    const login = await context.request.post("/api/v1/auth/login", { data: { username: "ana.correo@ejemplo.mx", password: "secreto123" } });
    expect(login.ok()).toBe(true);
    await open(page, "/preferencias");
    const name = page.getByRole("textbox", { name: "Nombre completo", exact: true });
    await name.waitFor();
    await name.fill("Ana María Correo");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await page.getByText("Perfil actualizado").waitFor();
    await snap(page, "accounts-preferences-desktop");
    await page.setViewportSize(phoneWidth);
    await snap(page, "accounts-preferences-phone");
    await context.close();
  });
});
