import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema/accounts";
import { type TestApp, createTestApp, createUser, signIn } from "../test/harness";
import { SESSION_DAYS } from "./sessions";

/**
 * Sessions remembered between requests (SESSION_CACHE_MS, on in production; issue 16): a signed-in visitor's calls
 * skip the lookup, and every successful write through the API forgets them, so signing out, a changed profile or a
 * deactivated account count from the very next request.
 */
describe("remembered sessions", () => {
  let t: TestApp;
  const previous = process.env.SESSION_CACHE_MS;
  beforeAll(async () => {
    process.env.SESSION_CACHE_MS = "60000";
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    if (previous === undefined) delete process.env.SESSION_CACHE_MS;
    else process.env.SESSION_CACHE_MS = previous;
  });

  const me = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers });
    return response.statusCode === 200 ? (response.json() as { full_name: string }).full_name : response.statusCode;
  };
  const write = (headers: Record<string, string>, method: "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers, payload });

  it("are kept until the next write through the API, whoever makes it", async () => {
    const carlos = await createUser(t.ctx, { fullName: "Carlos Cache" });
    const carlosHeaders = await signIn(t.ctx, carlos.id);
    const ana = await signIn(t.ctx, (await createUser(t.ctx, { fullName: "Ana Writer" })).id);
    expect(await me(carlosHeaders)).toBe("Carlos Cache");
    // Changed behind the API's back: the remembered session still answers.
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, carlos.id));
    expect(await me(carlosHeaders)).toBe("Carlos Cache");
    // Any successful write through the API forgets every remembered session.
    expect((await write(ana, "PUT", "/api/v1/profile", { full_name: "Ana Writer" })).statusCode).toBe(200);
    expect(await me(carlosHeaders)).toBe(401);
  });

  it("end at once when the visitor signs out", async () => {
    const headers = await signIn(t.ctx, (await createUser(t.ctx, { fullName: "Lucía Logout" })).id);
    expect(await me(headers)).toBe("Lucía Logout");
    expect((await write(headers, "POST", "/api/v1/auth/logout")).statusCode).toBe(200);
    expect(await me(headers)).toBe(401);
  });

  it("show a changed profile on the next request", async () => {
    const headers = await signIn(t.ctx, (await createUser(t.ctx, { fullName: "Mateo Antes" })).id);
    expect(await me(headers)).toBe("Mateo Antes");
    expect((await write(headers, "PUT", "/api/v1/profile", { full_name: "Mateo Después" })).statusCode).toBe(200);
    expect(await me(headers)).toBe("Mateo Después");
  });

  it("still expire with their session", async () => {
    const carlos = await createUser(t.ctx, { fullName: "Carlos Expira" });
    const headers = await signIn(t.ctx, carlos.id);
    expect(await me(headers)).toBe("Carlos Expira");
    t.clock.advance((SESSION_DAYS * 24 + 1) * 3600 * 1000);
    expect(await me(headers)).toBe(401);
    // Nothing but the clock decided it: the session row is still there.
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, carlos.id))).toHaveLength(1);
  });
});
