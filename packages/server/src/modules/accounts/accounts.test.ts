import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, users } from "../../db/schema/accounts";
import { shopMembers } from "../../db/schema/shops";
import { advisors, platformAdmins } from "../../db/schema/support";
import os from "node:os";
import { createNotifier } from "../../adapters/notify/create-notifier";
import { loadConfig } from "../../config";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { issuePin } from "./pins";

let ipCounter = 0;
/** A distinct client address per scenario, so per-IP rate limits only bite where a test wants them to. */
function client() {
  ipCounter += 1;
  return { "x-forwarded-for": `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` };
}

function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

/** Every JSON body any test saw: scanned at the end for password and PIN hashes. */
const bodies: string[] = [];

describe("accounts API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function call(method: "GET" | "POST" | "PUT", url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const response = await t.app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers });
    bodies.push(response.body);
    return response;
  }

  async function lastPin(to: string): Promise<string> {
    const outbox = await call("GET", `/dev/outbox?to=${encodeURIComponent(to)}`);
    const body: string = outbox.json().results[0].body;
    return body.match(/\b(\d{6})\b/)![1];
  }

  let emailCount = 0;
  async function registerByEmail(extra: Record<string, unknown> = {}, headers = client()) {
    emailCount += 1;
    const email = `ana${emailCount}@ejemplo.mx`;
    const response = await call(
      "POST",
      "/auth/register",
      { type: "email", email: ` ${email} `, full_name: "Ana Pérez", password: "secreto123", tac: true, ...extra },
      headers,
    );
    return { email, response };
  }

  /** Activates with the PIN from the outbox and returns the signed-in headers (session + CSRF). */
  async function activateWithOutbox(code: string, to: string, headers = client()) {
    const pin = await lastPin(to);
    const response = await call("POST", "/activate/pin/", { code, type: "email", pin }, headers);
    const cookies = cookiesOf(response);
    const csrf = cookies.tianguis_csrf;
    return { response, headers: { cookie: `tianguis_session=${cookies.tianguis_session}; tianguis_csrf=${csrf}`, "x-csrf-token": csrf } };
  }

  it("signs up by e-mail: inactive user, PIN in the outbox, activation signs in", async () => {
    const { email, response } = await registerByEmail();
    expect(response.statusCode).toBe(200);
    const { code, can_skip_pin, target } = response.json();
    expect(can_skip_pin).toBe(false);
    expect(target).toBe(email);
    expect((await call("POST", "/auth/login", { username: email, password: "secreto123" }, client())).statusCode).toBe(401);
    const outbox = (await call("GET", "/dev/outbox")).json().results[0];
    expect(outbox).toMatchObject({ channel: "email", to: email });
    const activation = await activateWithOutbox(code, email);
    expect(activation.response.statusCode).toBe(200);
    expect(activation.response.json().user).toMatchObject({ username: email, full_name: "Ana Pérez", user_level: 0, shop_slug: null });
    const me = await call("GET", "/auth/me", undefined, activation.headers);
    expect(me.json().username).toBe(email);
    expect((await call("POST", "/users/exist", { username: email.toUpperCase() }, client())).json()).toEqual({ exists: true });
  });

  it("signs up by phone with an SMS PIN and answers 'user already exists' on the phone field the second time", async () => {
    const payload = {
      type: "phone",
      phone: "55 1234 5678",
      country: "MX",
      country_code: "52",
      full_name: "Beto",
      password: "secreto123",
      tac: true,
    };
    const first = await call("POST", "/auth/register", payload, client());
    expect(first.statusCode).toBe(200);
    expect(first.json().target).toBe("+525512345678");
    const pin = await lastPin("+525512345678");
    expect((await call("POST", "/activate/pin/", { code: first.json().code, type: "phone", pin }, client())).statusCode).toBe(200);
    const again = await call("POST", "/auth/register", payload, client());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "existing_user", message: "El usuario ya existe", field_codes: { phone: "existing_user" } });
    const login = await call("POST", "/auth/login", { username: "+52 55 1234 5678", password: "secreto123" }, client());
    expect(login.statusCode).toBe(200);
  });

  it("puts 'user already exists' on the username field in the e-mail flow, in English too", async () => {
    const { email, response } = await registerByEmail();
    await activateWithOutbox(response.json().code, email);
    const again = await call(
      "POST",
      "/auth/register",
      { type: "email", email, full_name: "X", password: "secreto123", tac: true },
      { ...client(), "x-locale": "en" },
    );
    expect(again.json()).toMatchObject({
      code: "existing_user",
      message: "user already exists",
      fields: { username: "user already exists" },
    });
  });

  it("validates the phone flow (exactly 10 digits) and requires the terms", async () => {
    const bad = await call(
      "POST",
      "/auth/register",
      { type: "phone", phone: "12345", country: "MX", country_code: "52", full_name: "B", password: "secreto123", tac: true },
      client(),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field_codes.phone).toBe("invalid_number");
    const noTerms = await call(
      "POST",
      "/auth/register",
      { type: "email", email: "z@z.mx", full_name: "Z", password: "secreto123", tac: false },
      client(),
    );
    expect(noTerms.json().field_codes.tac).toBe("terms_required");
    const ineligible = await call(
      "POST",
      "/auth/register",
      { type: "phone", phone: "5512345678", country: "JP", country_code: "81", full_name: "B", password: "secreto123", tac: true },
      client(),
    );
    expect(ineligible.json().code).toBe("not_eligible");
  });

  it("refuses the 6th try even with the right PIN (at most 5 wrong tries per code)", async () => {
    const { email, response } = await registerByEmail();
    const code = response.json().code;
    const pin = await lastPin(email);
    const wrong = pin === "000000" ? "111111" : "000000";
    const headers = client();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await call("POST", "/activate/pin/", { code, type: "email", pin: wrong }, headers);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ code: "invalid_pin", message: "El PIN ingresado es inválido o ya expiró" });
    }
    const sixth = await call("POST", "/activate/pin/", { code, type: "email", pin }, headers);
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().code).toBe("invalid_pin");
  });

  it("expires the PIN after 5 minutes (clock) and sends a new one on resend, once a minute", async () => {
    const { email, response } = await registerByEmail();
    const code = response.json().code;
    const tooSoon = await call("POST", "/auth/pin/resend", { code }, client());
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe("pin_resend_throttled");
    const pin = await lastPin(email);
    t.clock.advance(5 * 60 * 1000 + 1);
    const late = await call("POST", "/activate/pin/", { code, type: "email", pin }, { ...client(), "x-locale": "en" });
    expect(late.json()).toMatchObject({ code: "invalid_pin", message: "The PIN entered is invalid or has already expired" });
    const resent = await call("POST", "/auth/pin/resend", { code }, client());
    expect(resent.statusCode).toBe(200);
    expect(resent.json().code).not.toBe(code);
    const activation = await activateWithOutbox(resent.json().code, email);
    expect(activation.response.statusCode).toBe(200);
    const reused = await call("POST", "/activate/pin/", { code: resent.json().code, type: "email", pin: await lastPin(email) }, client());
    expect(reused.json().code).toBe("user_already_exists");
  });

  it("moves an unfinished sign-up to a corrected e-mail when resending", async () => {
    const { response } = await registerByEmail();
    t.clock.advance(61_000);
    const resent = await call("POST", "/auth/pin/resend", { code: response.json().code, email: "corregido@ejemplo.mx" }, client());
    expect(resent.json().target).toBe("corregido@ejemplo.mx");
    const activation = await activateWithOutbox(resent.json().code, "corregido@ejemplo.mx");
    expect(activation.response.json().user.username).toBe("corregido@ejemplo.mx");
  });

  it("rate-limits login with 429 rate_limited (after 5 failures for one account from one address; see http/login-throttle.test.ts)", async () => {
    const headers = client();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      answers.push((await call("POST", "/auth/login", { username: "nadie@ejemplo.mx", password: "x" }, headers)).statusCode);
    expect(answers.every((status) => status === 401)).toBe(true);
    const limited = await call("POST", "/auth/login", { username: "nadie@ejemplo.mx", password: "x" }, headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("rate_limited");
  });

  it("rate-limits sign-up and PIN activation per client", async () => {
    const headers = client();
    let last = 0;
    for (let attempt = 0; attempt < 21; attempt += 1)
      last = (await call("POST", "/auth/register", { type: "email", email: "x", full_name: "", password: "", tac: true }, headers))
        .statusCode;
    expect(last).toBe(429);
    for (let attempt = 0; attempt < 21; attempt += 1)
      last = (await call("POST", "/activate/pin/", { code: "nope", type: "email", pin: "123456" }, headers)).statusCode;
    expect(last).toBe(429);
  });

  it("logs in and out; logout ends the session; writes need the CSRF header", async () => {
    const { email, response } = await registerByEmail();
    await activateWithOutbox(response.json().code, email);
    const login = await call("POST", "/auth/login", { username: email, password: "secreto123" }, client());
    expect(login.statusCode).toBe(200);
    const { tianguis_session: session, tianguis_csrf: csrf } = cookiesOf(login);
    const headers = { cookie: `tianguis_session=${session}; tianguis_csrf=${csrf}`, "x-csrf-token": csrf };
    const noCsrf = await call("PUT", "/profile", { full_name: "Sin token" }, { cookie: headers.cookie });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe("csrf_invalid");
    expect((await call("POST", "/auth/logout", undefined, headers)).statusCode).toBe(200);
    expect((await call("GET", "/auth/me", undefined, headers)).statusCode).toBe(401);
    const wrong = await call("POST", "/auth/login", { username: email, password: "otra-clave" }, client());
    expect(wrong.json().code).toBe("invalid_credentials");
  });

  it("updates only the profile fields sent, including the password", async () => {
    const { email, response } = await registerByEmail();
    const { headers } = await activateWithOutbox(response.json().code, email);
    const updated = await call(
      "PUT",
      "/profile",
      { full_name: "Ana María", password: "nueva-clave-1", current_password: "secreto123" },
      headers,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ full_name: "Ana María", email, username: email });
    expect((await call("GET", "/profile", undefined, headers)).json().full_name).toBe("Ana María");
    expect((await call("POST", "/auth/login", { username: email, password: "nueva-clave-1" }, client())).statusCode).toBe(200);
  });

  it("keeps the language the user signs in and saves preferences in, for the order e-mails", async () => {
    const { email, response } = await registerByEmail();
    await activateWithOutbox(response.json().code, email);
    const localeOf = async () => (await t.ctx.db.select({ locale: users.locale }).from(users).where(eq(users.username, email)))[0].locale;
    expect(await localeOf()).toBe("es");

    const login = await call("POST", "/auth/login", { username: email, password: "secreto123" }, { ...client(), cookie: "locale=en" });
    expect(login.statusCode).toBe(200);
    expect(await localeOf()).toBe("en");

    const { tianguis_session: token, tianguis_csrf: csrf } = cookiesOf(login);
    const session = `tianguis_session=${token}; tianguis_csrf=${csrf}`;
    const saved = await call("PUT", "/profile", { full_name: "Ana" }, { cookie: `${session}; locale=es-AR`, "x-csrf-token": csrf });
    expect(saved.statusCode).toBe(200);
    expect(await localeOf()).toBe("es-AR");
  });

  it("checks store slugs: invalid, taken with 5 free suggestions, free", async () => {
    const { email, response } = await registerByEmail();
    const { headers } = await activateWithOutbox(response.json().code, email);
    const created = await call("POST", "/affiliate/store", { slug: "Panaderia", name: "Panadería Lupita" }, headers);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ slug: "panaderia", user_level: 2 });
    const taken = await call("POST", "/affiliate/store/slug/exists", { slug: "panaderia", name: "Panadería Lupita" }, client());
    expect(taken.json().exists).toBe(true);
    expect(taken.json().suggestions).toHaveLength(5);
    expect(taken.json().suggestions).not.toContain("panaderia");
    const invalid = await call("POST", "/affiliate/store/slug/exists", { slug: "mi tienda", n_suggestions: 3 }, client());
    expect(invalid.json()).toMatchObject({ exists: false, valid: false });
    expect(invalid.json().suggestions).toHaveLength(3);
    const free = await call("POST", "/affiliate/store/slug/exists", { slug: "libre-123" }, client());
    expect(free.json()).toEqual({ exists: false, valid: true, suggestions: [] });
    const again = await call("POST", "/affiliate/store", { slug: "panaderia", name: "Otra" }, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Este dominio no está disponible");
  });

  it("creates the store chosen at sign-up on activation: /shops/{slug} answers and the user is level 2", async () => {
    const { email, response } = await registerByEmail({ store: { slug: "tienda-de-ana", name: "La tienda de Ana" } });
    const { response: activation, headers } = await activateWithOutbox(response.json().code, email);
    expect(activation.json().user).toMatchObject({ user_level: 2, shop_slug: "tienda-de-ana" });
    const shop = await call("GET", "/shops/tienda-de-ana", undefined, headers);
    expect(shop.statusCode).toBe(200);
    expect(shop.json()).toMatchObject({ name: "La tienda de Ana", permissions: ["admin"], user_info: { user_level: 2 } });
  });

  it("gives the sign-up's store a free variant of its slug when another store took it before activation", async () => {
    const first = await registerByEmail({ store: { slug: "disputada", name: "Disputada" } });
    const second = await registerByEmail({ store: { slug: "disputada", name: "Disputada" } });
    await activateWithOutbox(second.response.json().code, second.email);
    const { response } = await activateWithOutbox(first.response.json().code, first.email);
    expect(response.json().user).toMatchObject({ user_level: 2, shop_slug: "disputada-tienda" });
  });

  it("lets the PIN be skipped when the install allows it", async () => {
    const skippable = await createTestApp({ PIN_SKIPPABLE: "true" });
    try {
      const registered = await skippable.app.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        payload: { type: "email", email: "skip@ejemplo.mx", full_name: "S", password: "secreto123", tac: true },
      });
      expect(registered.json().can_skip_pin).toBe(true);
      const activated = await skippable.app.inject({
        method: "POST",
        url: "/api/v1/activate/pin/",
        payload: { code: registered.json().code, type: "email" },
      });
      expect(activated.statusCode).toBe(200);
      bodies.push(registered.body, activated.body);
    } finally {
      await skippable.close();
    }
  });

  it("answers email_server_failure when the SMTP server cannot be reached, keeping the message in the outbox", async () => {
    const smtp = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      const registered = await smtp.app.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        payload: { type: "email", email: "smtp@ejemplo.mx", full_name: "S", password: "secreto123", tac: true },
      });
      expect(registered.statusCode).toBe(503);
      expect(registered.json()).toMatchObject({
        code: "email_server_failure",
        message: "No se pudo enviar el correo de activación, intenta más tarde",
      });
      const outbox = await smtp.app.inject({ method: "GET", url: "/api/v1/dev/outbox?to=smtp@ejemplo.mx" });
      expect(outbox.json().results).toHaveLength(1);
      bodies.push(registered.body);
    } finally {
      await smtp.close();
    }
  });

  /** An activated e-mail account and the signed-in headers of its first session. */
  async function activatedAccount() {
    const { email, response } = await registerByEmail();
    const { headers } = await activateWithOutbox(response.json().code, email);
    return { email, headers };
  }

  async function signInWith(username: string, password: string) {
    const response = await call("POST", "/auth/login", { username, password }, client());
    return { status: response.statusCode, cookie: `tianguis_session=${cookiesOf(response).tianguis_session}` };
  }

  /** Sends a sign-up PIN through the notifier a server with `env` would build (no second app: that is slow). */
  async function pinMessageUnder(env: Record<string, string>, to: string) {
    const config = loadConfig({
      ...env,
      APP_SECRET: "a-test-secret-of-enough-length-for-production",
      DATA_DIR: os.tmpdir(),
      SEED_DEMO: "false",
    });
    const ctx = { ...t.ctx, notifier: createNotifier(config, t.ctx.db, t.clock) };
    const user = await createUser(t.ctx, { username: to, isActive: false });
    await issuePin(ctx, { userId: user.id, channel: "email", target: to, locale: "es" });
    const [stored] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
    return stored.body;
  }

  it("keeps no readable PIN in a production outbox, and a readable one in development and in a demo", async () => {
    const production = await pinMessageUnder({ NODE_ENV: "production", DEMO_MODE: "false" }, "prod@ejemplo.mx");
    expect(production).toBe("Tu PIN de Tianguis es ••••••. Expira en 5 minutos.");
    expect(await pinMessageUnder({ NODE_ENV: "development" }, "dev@ejemplo.mx")).toMatch(/es \d{6}\. Expira/);
    expect(await pinMessageUnder({ NODE_ENV: "production", DEMO_MODE: "true" }, "demo@ejemplo.mx")).toMatch(/es \d{6}\. Expira/);
  });

  it("sends a password-reset PIN and answers an unknown username exactly the same", async () => {
    const { email } = await activatedAccount();
    const known = await call("POST", "/auth/password/forgot", { username: email.toUpperCase() }, client());
    const unknown = await call("POST", "/auth/password/forgot", { username: "nadie-aqui@ejemplo.mx" }, client());
    const unfinished = await registerByEmail();
    const inactive = await call("POST", "/auth/password/forgot", { username: unfinished.email }, client());
    expect(known.statusCode).toBe(200);
    for (const answer of [unknown, inactive]) {
      expect(answer.statusCode).toBe(known.statusCode);
      expect(answer.body).toBe(known.body);
    }
    const sent = (await call("GET", `/dev/outbox?to=${encodeURIComponent(email)}`)).json().results[0];
    expect(sent.subject).toBe("Cambia tu contraseña de Tianguis");
    expect(sent.body).toMatch(/cambiar tu contraseña de Tianguis es \d{6}\. Expira en 5 minutos/);
    expect((await call("GET", "/dev/outbox?to=nadie-aqui@ejemplo.mx")).json().results).toEqual([]);
  });

  it("refuses a wrong reset PIN and an expired one (clock), and a sign-up code never resets a password", async () => {
    const { email } = await activatedAccount();
    await call("POST", "/auth/password/forgot", { username: email }, client());
    const pin = await lastPin(email);
    const wrong = await call(
      "POST",
      "/auth/password/reset",
      { username: email, pin: pin === "000000" ? "111111" : "000000", password: "otra-clave-9" },
      client(),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: "invalid_pin", message: "El PIN ingresado es inválido o ya expiró" });
    t.clock.advance(5 * 60 * 1000 + 1);
    const late = await call("POST", "/auth/password/reset", { username: email, pin, password: "otra-clave-9" }, client());
    expect(late.json().code).toBe("invalid_pin");
    expect((await signInWith(email, "otra-clave-9")).status).toBe(401);
    expect((await signInWith(email, "secreto123")).status).toBe(200);
    const unfinished = await registerByEmail();
    const signupPin = await lastPin(unfinished.email);
    const withSignupPin = await call(
      "POST",
      "/auth/password/reset",
      { username: unfinished.email, pin: signupPin, password: "otra-clave-9" },
      client(),
    );
    expect(withSignupPin.json().code).toBe("invalid_pin");
  });

  it("stops a reset PIN after 5 wrong tries and sends at most one PIN a minute", async () => {
    const { email } = await activatedAccount();
    await call("POST", "/auth/password/forgot", { username: email }, client());
    const pin = await lastPin(email);
    const headers = client();
    for (let attempt = 0; attempt < 5; attempt += 1)
      await call(
        "POST",
        "/auth/password/reset",
        { username: email, pin: pin === "000000" ? "111111" : "000000", password: "otra-clave-9" },
        headers,
      );
    const sixth = await call("POST", "/auth/password/reset", { username: email, pin, password: "otra-clave-9" }, headers);
    expect(sixth.json().code).toBe("invalid_pin");
    await call("POST", "/auth/password/forgot", { username: email }, client());
    expect(await lastPin(email)).toBe(pin);
    t.clock.advance(61_000);
    await call("POST", "/auth/password/forgot", { username: email }, client());
    expect(await lastPin(email)).not.toBe(pin);
  });

  it("resets the password with the PIN: every old session ends, this browser is signed in, the PIN works once", async () => {
    const { email, headers: firstSession } = await activatedAccount();
    const secondSession = await signInWith(email, "secreto123");
    await call("POST", "/auth/password/forgot", { username: email }, client());
    const pin = await lastPin(email);
    const reset = await call("POST", "/auth/password/reset", { username: email, pin, password: "nueva-clave-1" }, client());
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.username).toBe(email);
    const resetSession = `tianguis_session=${cookiesOf(reset).tianguis_session}`;
    expect((await call("GET", "/auth/me", undefined, { cookie: resetSession })).statusCode).toBe(200);
    expect((await call("GET", "/auth/me", undefined, firstSession)).statusCode).toBe(401);
    expect((await call("GET", "/auth/me", undefined, { cookie: secondSession.cookie })).statusCode).toBe(401);
    expect((await signInWith(email, "secreto123")).status).toBe(401);
    expect((await signInWith(email, "nueva-clave-1")).status).toBe(200);
    const again = await call("POST", "/auth/password/reset", { username: email, pin, password: "tercera-clave" }, client());
    expect(again.json().code).toBe("invalid_pin");
  });

  it("resets a phone account's password with the PIN sent by SMS", async () => {
    const payload = {
      type: "phone",
      phone: "5522334455",
      country_code: "52",
      country: "MX",
      full_name: "Pepe",
      password: "secreto123",
      tac: true,
    };
    const registered = await call("POST", "/auth/register", payload, client());
    await call("POST", "/activate/pin/", { code: registered.json().code, type: "phone", pin: await lastPin("+525522334455") }, client());
    await call("POST", "/auth/password/forgot", { username: "+52 55 2233 4455" }, client());
    const sms = (await call("GET", "/dev/outbox?to=%2B525522334455")).json().results[0];
    expect(sms.channel).toBe("sms");
    const reset = await call(
      "POST",
      "/auth/password/reset",
      { username: "+525522334455", pin: await lastPin("+525522334455"), password: "nueva-clave-1" },
      client(),
    );
    expect(reset.statusCode).toBe(200);
  });

  it("changing the password in the profile ends the user's other sessions and keeps this one", async () => {
    const { email, headers } = await activatedAccount();
    const other = await signInWith(email, "secreto123");
    expect((await call("PUT", "/profile", { full_name: "Solo nombre" }, headers)).statusCode).toBe(200);
    expect((await call("GET", "/auth/me", undefined, { cookie: other.cookie })).statusCode).toBe(200);
    expect((await call("PUT", "/profile", { password: "nueva-clave-1", current_password: "secreto123" }, headers)).statusCode).toBe(200);
    expect((await call("GET", "/auth/me", undefined, headers)).statusCode).toBe(200);
    expect((await call("GET", "/auth/me", undefined, { cookie: other.cookie })).statusCode).toBe(401);
  });

  it("/auth/me of an owner of two shops who is also platform staff: the oldest shop and both roles; a door member owns none", async () => {
    const staffOwner = await createUser(t.ctx, { fullName: "Marta Ruiz", image: "/media/u/marta.webp", userLevel: 2 });
    await createShop(t.ctx, staffOwner.id, { createdAt: new Date("2026-03-02T00:00:00Z") });
    const oldest = await createShop(t.ctx, staffOwner.id, { createdAt: new Date("2026-03-01T00:00:00Z") });
    await t.ctx.db.insert(platformAdmins).values({ userId: staffOwner.id });
    await t.ctx.db.insert(advisors).values({ userId: staffOwner.id, name: "Marta Ruiz", phone: "5511223344", email: "marta@tianguis.mx" });
    expect((await call("GET", "/auth/me", undefined, await signIn(t.ctx, staffOwner.id))).json()).toEqual({
      id: staffOwner.id,
      username: staffOwner.username,
      full_name: "Marta Ruiz",
      image: "/media/u/marta.webp",
      user_level: 2,
      shop_slug: oldest.slug,
      platform_admin: true,
      advisor: true,
    });
    const door = await createUser(t.ctx);
    await t.ctx.db.insert(shopMembers).values({ shopId: oldest.id, userId: door.id, role: "qrreader" });
    expect((await call("GET", "/auth/me", undefined, await signIn(t.ctx, door.id))).json()).toMatchObject({
      shop_slug: null,
      platform_admin: false,
      advisor: false,
    });
  });

  it("never reveals a password hash or a PIN hash in any answer", () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) {
      expect(body).not.toMatch(/\$argon2/);
      expect(body).not.toMatch(/password_?hash|passwordHash|pin_?hash|pinHash/i);
      expect(body).not.toMatch(/\b[0-9a-f]{64}\b/);
      expect(body).not.toContain("secreto123");
      expect(body).not.toContain("nueva-clave-1");
    }
    const keys = (value: unknown): string[] =>
      value && typeof value === "object" ? Object.entries(value).flatMap(([key, inner]) => [key, ...keys(inner)]) : [];
    const successKeys = bodies
      .filter((body) => body.startsWith("{") && !body.includes('"message":'))
      .flatMap((body) => keys(JSON.parse(body)));
    expect(successKeys).toContain("username");
    expect(successKeys.filter((key) => /password|hash|^pin$/i.test(key))).toEqual([]);
  });
});
