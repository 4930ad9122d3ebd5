import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, createUser, createUserWithPassword } from "../test/harness";
import { loginLimits } from "./login-throttle";

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

  it("backs off one account after repeated wrong passwords, from any address, while its officemates still sign in", async () => {
    t = await createTestApp();
    const [ana, beto] = [await account(), await account()];
    const office = { "x-forwarded-for": "192.0.2.10" };
    for (let attempt = 0; attempt < loginLimits.perAccount.failures; attempt += 1)
      expect((await login(ana, "equivocada", office)).statusCode).toBe(401);

    const locked = await login(ana, "secreto123", office);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe("rate_limited");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(60);
    expect((await login(ana, "secreto123", { "x-forwarded-for": "192.0.2.99" })).statusCode).toBe(429);
    expect((await login(beto, "secreto123", office)).statusCode).toBe(200);

    t.clock.advance(loginLimits.perAccount.windowMs);
    expect((await login(ana, "secreto123", office)).statusCode).toBe(200);
  });

  it("does not spend the account's budget on successful logins", async () => {
    t = await createTestApp();
    const ana = await account();
    for (let attempt = 0; attempt <= loginLimits.perAccount.failures; attempt += 1)
      expect((await login(ana, "secreto123", { "x-forwarded-for": "192.0.2.20" })).statusCode).toBe(200);
  });

  it("stops every account behind one address at the address's own, higher limit", async () => {
    t = await createTestApp();
    const beto = await account();
    const office = { "x-forwarded-for": "192.0.2.30" };
    expect(loginLimits.perAddress.max).toBeGreaterThan(loginLimits.perAccount.failures * 5);
    await spendAddressBudget(() => office, loginLimits.perAddress.max - 1);
    expect((await login(beto, "secreto123", office)).statusCode).toBe(200);
    expect((await login(beto, "secreto123", office)).statusCode).toBe(429);
  });
});
