import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, createUser, createUserWithPassword, signIn } from "../test/harness";

function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

/** Attack test: cross-site writes with the visitor's cookies, and a CSRF cookie planted from another session. */
describe("cookie-authenticated writes", () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp({ BASE_DOMAIN: "tianguis.test" });
    userId = (await createUser(t.ctx)).id;
  });
  afterAll(async () => t.close());

  const saveProfile = (headers: Record<string, string>) =>
    t.app.inject({ method: "PUT", url: "/api/v1/profile", payload: { full_name: "Ana" }, headers: { host: "tianguis.test", ...headers } });

  it("refuses a CSRF token that belongs to another session, even when cookie and header agree", async () => {
    const mine = await signIn(t.ctx, userId);
    const theirs = await signIn(t.ctx, (await createUser(t.ctx)).id);
    const session = mine.cookie.split(";")[0];
    for (const planted of ["planted-token", theirs["x-csrf-token"]]) {
      const answer = await saveProfile({ cookie: `${session}; tianguis_csrf=${planted}`, "x-csrf-token": planted });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe("csrf_invalid");
    }
    expect((await saveProfile(mine)).statusCode).toBe(200);
  });

  it("refuses writes another site's page sends with the visitor's cookies", async () => {
    const headers = await signIn(t.ctx, userId);
    const crossSites: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { origin: "https://tianguis.test.evil.example" },
      { origin: "null" },
    ];
    for (const crossSite of crossSites) {
      const answer = await saveProfile({ ...headers, ...crossSite });
      expect(answer.statusCode, JSON.stringify(crossSite)).toBe(403);
      expect(answer.json().code).toBe("csrf_invalid");
    }
  });

  it("accepts writes from the marketplace, its shops' sub-domains, the request's own host, and clients without either header", async () => {
    const headers = await signIn(t.ctx, userId);
    const sameSites: Record<string, string>[] = [
      {},
      { origin: "https://tianguis.test", "sec-fetch-site": "same-origin" },
      { origin: "https://mi-tienda.tianguis.test", "sec-fetch-site": "same-site" },
      { origin: "https://tienda-propia.example", host: "tienda-propia.example" },
    ];
    for (const sameSite of sameSites) {
      expect((await saveProfile({ ...headers, ...sameSite })).statusCode, JSON.stringify(sameSite)).toBe(200);
    }
  });

  it("gives the session's CSRF token on login, Secure when the trusted proxy says https", async () => {
    const username = (await createUserWithPassword(t.ctx, "secreto123")).username;
    const login = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { username, password: "secreto123" }, headers });

    const plain = await login({ "x-forwarded-for": "192.0.2.40" });
    expect(cookieOf(plain, "tianguis_csrf")?.secure).toBeFalsy();
    const secure = await login({ "x-forwarded-for": "192.0.2.40", "x-forwarded-proto": "https" });
    const csrf = cookieOf(secure, "tianguis_csrf")!;
    expect(csrf.secure).toBe(true);
    const session = cookieOf(secure, "tianguis_session")!.value;
    const headers = { cookie: `tianguis_session=${session}; tianguis_csrf=${csrf.value}`, "x-csrf-token": csrf.value };
    expect((await saveProfile(headers)).statusCode).toBe(200);
  });

  it("hands a signed-in browser holding an older token the session's one", async () => {
    const session = (await signIn(t.ctx, userId)).cookie.split(";")[0];
    const me = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: { cookie: `${session}; tianguis_csrf=old` } });
    const fresh = cookieOf(me, "tianguis_csrf")!.value;
    expect((await saveProfile({ cookie: `${session}; tianguis_csrf=${fresh}`, "x-csrf-token": fresh })).statusCode).toBe(200);
  });
});

describe("the CSRF cookie without a trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "false" });
  });
  afterAll(async () => t.close());

  it("is not Secure when an untrusted client claims https", async () => {
    const answer = await t.app.inject({ method: "GET", url: "/api/v1/health", headers: { "x-forwarded-proto": "https" } });
    expect(cookieOf(answer, "tianguis_csrf")?.secure).toBeFalsy();
  });
});
