import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema/accounts";
import { loginLimits } from "../../http/login-throttle";
import { type TestApp, createTestApp, createUserWithPassword, signIn } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";

/**
 * Issue 31, security first: a session alone cannot take an account. Changing the password, e-mail or phone through
 * PUT /profile asks for the current password ('Contraseña actual incorrecta'), ends the account's other sessions and
 * tells the account holder at the old address; a wrong current password spends the account's login budget.
 */
describe("profile changes that can take an account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  let count = 0;
  async function account(values: { phone?: string; countryCode?: string; email?: string | null; username?: string } = {}) {
    count += 1;
    const email = `segura${count}@ejemplo.mx`;
    const user = await createUserWithPassword(t.ctx, "secreto123", {
      username: email,
      email,
      fullName: "Ana Segura",
      phone: "5512345678",
      countryCode: "52",
      country: "MX",
      isActive: true,
      ...values,
    });
    return { user, browser: await signIn(t.ctx, user.id), other: await signIn(t.ctx, user.id) };
  }
  const put = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "PUT", url: "/api/v1/profile", headers: { ...headers, "accept-language": "es" }, payload });
  const me = async (headers: Record<string, string>) => (await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers })).statusCode;
  const login = async (username: string, password: string) =>
    (await t.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { username, password } })).statusCode;
  const outboxTo = (to: string) =>
    t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(desc(outboxMessages.createdAt));

  it("refuses a new password without the current one, or with a wrong one, in the spec's words", async () => {
    const { user, browser, other } = await account();
    for (const payload of [{ password: "nueva-clave-1" }, { password: "nueva-clave-1", current_password: "otra-cosa" }]) {
      const refused = await put(browser, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: "incorrect_current_password",
        message: "Contraseña actual incorrecta",
        field_codes: { current_password: "incorrect_current_password" },
      });
    }
    expect(await login(user.username, "nueva-clave-1")).toBe(401);
    expect(await login(user.username, "secreto123")).toBe(200);
    expect(await me(other)).toBe(200);
    expect(await outboxTo(user.username)).toEqual([]);
  });

  it("with the current password: changes it, ends the other sessions, keeps this one and e-mails the holder", async () => {
    const { user, browser, other } = await account();
    const saved = await put(browser, { password: "nueva-clave-1", current_password: "secreto123" });
    expect(saved.statusCode).toBe(200);
    expect(await me(browser)).toBe(200);
    expect(await me(other)).toBe(401);
    expect(await login(user.username, "nueva-clave-1")).toBe(200);
    const [notice] = await outboxTo(user.username);
    expect(notice).toMatchObject({ channel: "email", subject: "Cambios en tu cuenta de Tianguis" });
    expect(notice.body).toContain("se cambió la contraseña de tu cuenta");
    expect(notice.body).toContain("/password/forgot");
    expect(notice.body).not.toContain("nueva-clave-1");
  });

  it("a new e-mail or phone needs the current password too; the notice goes to the old e-mail", async () => {
    const { user, browser, other } = await account();
    expect((await put(browser, { email: "nueva@ejemplo.mx" })).json().code).toBe("incorrect_current_password");
    expect((await put(browser, { phone: "5599887766", country_code: "52" })).json().code).toBe("incorrect_current_password");
    expect(await me(other)).toBe(200);
    const saved = await put(browser, {
      email: "nueva@ejemplo.mx",
      phone: "5599887766",
      country_code: "52",
      current_password: "secreto123",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: "nueva@ejemplo.mx", phone: "5599887766" });
    expect(await me(other)).toBe(401);
    const [notice] = await outboxTo(user.username);
    expect(notice.body).toContain("se cambió el correo y el teléfono");
    expect(await outboxTo("nueva@ejemplo.mx")).toEqual([]);
  });

  it("the e-mail and phone the form sends back unchanged, and the name, need no password and end no session", async () => {
    const { user, browser, other } = await account();
    const saved = await put(browser, {
      full_name: "Ana Renombrada",
      email: user.username.toUpperCase(),
      phone: "5512345678",
      country_code: "52",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().full_name).toBe("Ana Renombrada");
    expect(await me(other)).toBe(200);
    expect(await outboxTo(user.username)).toEqual([]);
  });

  it("a phone account without an e-mail hears of the change by SMS", async () => {
    const { browser } = await account({ username: "+525511223344", email: null, phone: "5511223344" });
    expect((await put(browser, { password: "nueva-clave-1", current_password: "secreto123" })).statusCode).toBe(200);
    const [notice] = await outboxTo("+525511223344");
    expect(notice.channel).toBe("sms");
  });

  it("wrong current passwords spend the login budget like wrong sign-ins: then 429, even with the right one", async () => {
    const { user, browser } = await account();
    for (let attempt = 0; attempt < loginLimits.perSource.freeFailures; attempt += 1)
      expect((await put(browser, { password: "nueva-clave-1", current_password: `mal-${attempt}` })).statusCode).toBe(403);
    const blocked = await put(browser, { password: "nueva-clave-1", current_password: "secreto123" });
    expect(blocked.statusCode).toBe(429);
    expect(await login(user.username, "secreto123")).toBe(429);
  });

  it("authorization: anonymous 401, no CSRF 403; each role and another shop's owner change only their own account", async () => {
    const cast = await createShopWithRoles(t);
    const anonymous = await t.app.inject({ method: "PUT", url: "/api/v1/profile", payload: { password: "nueva-clave-1" } });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = cast.as.customer;
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/v1/profile", headers: { cookie }, payload: { full_name: "X" } })).statusCode,
    ).toBe(403);
    for (const persona of ["owner", "admin", "accountant", "dispatcher", "qrreader", "otherOwner", "customer"] as const) {
      const response = await put(cast.as[persona], { full_name: `Nombre ${persona}`, password: "nueva-clave-1" });
      // The harness's users have no password: nobody passes without the right current one.
      expect(response.statusCode, persona).toBe(403);
      const renamed = await put(cast.as[persona], { full_name: `Nombre ${persona}` });
      expect(renamed.statusCode, persona).toBe(200);
      expect(renamed.json().username, persona).toBe(cast.users[persona].username);
    }
  });
});
