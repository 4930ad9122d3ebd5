import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, createUser, createUserWithPassword } from "../test/harness";
import { backOffMs, loginLimits } from "./login-throttle";

describe("login back-off per account and address", () => {
  it.each([
    [4, 0],
    [5, 30_000],
    [6, 60_000],
    [7, 120_000],
    [11, 1_920_000],
    [12, 3_600_000],
    [100, 3_600_000],
  ])("waits after the %i-th wrong password %i ms", (failures, waitMs) => expect(backOffMs(failures)).toBe(waitMs));
});

/** Attack test: a client picking its own address, and an office of many people behind one address. */
describe("login throttling", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    t!.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { username, password }, headers });

  /** The address's whole budget, spent on empty bodies (400, counted, no password hashing: the machine stays fast). */
  async function spendAddressBudget(headersOf: (attempt: number) => Record<string, string>, count = loginLimits.perAddress.max) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1) {
      const answer = await t!.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: {}, headers: headersOf(attempt) });
      statuses.push(answer.statusCode);
    }
    return statuses;
  }

  async function account(password = "secreto123") {
    return (await createUserWithPassword(t!.ctx, password)).username;
  }

  it("ignores X-Forwarded-For unless TRUST_PROXY says so, so rotating it does not escape the per-address limit", async () => {
    t = await createTestApp({ TRUST_PROXY: "false" });
    const statuses = await spendAddressBudget((attempt) => ({ "x-forwarded-for": `203.0.113.${attempt % 250}` }));
    expect(statuses.every((status) => status === 400)).toBe(true);
    const last = await login("nadie@ejemplo.mx", "x", { "x-forwarded-for": "203.0.113.251" });
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe("rate_limited");
  });

  it("believes X-Forwarded-For from a configured proxy", async () => {
    t = await createTestApp({ TRUST_PROXY: "127.0.0.1" });
    await spendAddressBudget(() => ({ "x-forwarded-for": "198.51.100.7" }));
    expect((await login("otro@ejemplo.mx", "x", { "x-forwarded-for": "198.51.100.7" })).statusCode).toBe(429);
    expect((await login("otro@ejemplo.mx", "x", { "x-forwarded-for": "198.51.100.8" })).statusCode).toBe(401);
  });

  it("backs a stranger's wrong passwords off from their address, doubling each time, while the owner signs in from theirs", async () => {
    t = await createTestApp();
    const [ana, beto] = [await account(), await account()];
    const stranger = { "x-forwarded-for": "192.0.2.10" };
    for (let attempt = 0; attempt < loginLimits.perSource.freeFailures; attempt += 1)
      expect((await login(ana, "equivocada", stranger)).statusCode).toBe(401);

    const waiting = await login(ana, "secreto123", stranger);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe("rate_limited");
    expect(Number(waiting.headers["retry-after"])).toBe(30);
    // The owner at home, and the stranger's officemate on another account, are not slowed.
    expect((await login(ana, "secreto123", { "x-forwarded-for": "198.51.100.5" })).statusCode).toBe(200);
    expect((await login(beto, "secreto123", stranger)).statusCode).toBe(200);

    for (const wait of [30, 60, 120]) {
      t.clock.advance(wait * 1000);
      expect((await login(ana, "equivocada", stranger)).statusCode).toBe(401);
      const next = await login(ana, "equivocada", stranger);
      expect(next.statusCode).toBe(429);
      expect(Number(next.headers["retry-after"])).toBe(wait * 2);
    }
  });

  it("forgets an address's mistakes when a good password comes from it", async () => {
    t = await createTestApp();
    const ana = await account();
    const home = { "x-forwarded-for": "192.0.2.11" };
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < loginLimits.perSource.freeFailures - 1; attempt += 1)
        expect((await login(ana, "equivocada", home)).statusCode).toBe(401);
      expect((await login(ana, "secreto123", home)).statusCode).toBe(200);
    }
  });

  it("pauses password sign-in when guesses from many addresses reach the account's cap, alerts the owner once, and lets them in by a reset PIN", async () => {
    t = await createTestApp();
    const ana = await account();
    const { failures } = loginLimits.perAccount;
    for (let attempt = 0; attempt < failures; attempt += 1)
      expect((await login(ana, "equivocada", { "x-forwarded-for": `203.0.113.${attempt + 1}` })).statusCode).toBe(401);

    const home = { "x-forwarded-for": "198.51.100.5" };
    const locked = await login(ana, "secreto123", home);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: "login_locked", message: expect.stringContaining("¿Olvidaste tu contraseña?") });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(60);
    expect((await login(ana, "equivocada", { "x-forwarded-for": "203.0.113.250" })).statusCode).toBe(429);

    const outbox = async () =>
      (await t!.app.inject({ method: "GET", url: `/api/v1/dev/outbox?to=${encodeURIComponent(ana)}` })).json().results as {
        subject: string;
        body: string;
      }[];
    const alerts = (await outbox()).filter((message) => message.subject === "Alguien intentó entrar a tu cuenta de Tianguis");
    expect(alerts).toHaveLength(1);
    expect(alerts[0].body).toContain(`Hubo ${failures} intentos fallidos`);

    // The owner's proof: a PIN sent to their e-mail signs them in at once, with a new password.
    await t.app.inject({ method: "POST", url: "/api/v1/auth/password/forgot", payload: { username: ana }, headers: home });
    const pin = (await outbox())[0].body.match(/\b(\d{6})\b/)![1];
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/password/reset",
      payload: { username: ana, pin, password: "nueva-clave-7" },
      headers: home,
    });
    expect(reset.statusCode).toBe(200);
    expect(String(reset.headers["set-cookie"])).toContain("tianguis_session=");

    t.clock.advance(loginLimits.perAccount.windowMs);
    expect((await login(ana, "nueva-clave-7", home)).statusCode).toBe(200);
  });

  it("does not spend the account's budget on successful logins", async () => {
    t = await createTestApp();
    const ana = await account();
    for (let attempt = 0; attempt <= loginLimits.perSource.freeFailures; attempt += 1)
      expect((await login(ana, "secreto123", { "x-forwarded-for": "192.0.2.20" })).statusCode).toBe(200);
  });

  it("stops every account behind one address at the address's own, higher limit", async () => {
    t = await createTestApp();
    const beto = await account();
    const office = { "x-forwarded-for": "192.0.2.30" };
    expect(loginLimits.perAddress.max).toBeGreaterThan(loginLimits.perSource.freeFailures * 5);
    await spendAddressBudget(() => office, loginLimits.perAddress.max - 1);
    expect((await login(beto, "secreto123", office)).statusCode).toBe(200);
    expect((await login(beto, "secreto123", office)).statusCode).toBe(429);
  });
});
