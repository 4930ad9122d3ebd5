import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";
import { notifyAlert } from "./service";

/**
 * Opening the bell clears its badge (storefront-and-admin L68, issue 31): POST /me/alerts/seen takes the caller's pending
 * alerts off the count, and only the caller's; they stay unvisited (styled as pending) until opened; new ones count again.
 */
describe("opening the alerts bell", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("clears the caller's pending count, keeps the alerts unvisited, and counts the next one", async () => {
    const cast = await createShopWithRoles(t);
    const ring = (userId: string) =>
      notifyAlert(t.ctx.db, { recipientId: userId, originApp: "system", params: {}, message: { code: "alerts_empty" } });
    for (const persona of ["owner", "owner", "customer"] as const) await ring(cast.ids[persona]);
    const pending = async (persona: "owner" | "customer") =>
      (await t.app.inject({ method: "GET", url: "/api/v1/me/alerts/pending", headers: cast.as[persona] })).json().pending;
    const seen = (headers: Record<string, string>) => t.app.inject({ method: "POST", url: "/api/v1/me/alerts/seen", headers });
    expect(await pending("owner")).toBe(2);

    const cleared = await seen(cast.as.owner);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ pending: 0 });
    expect(await pending("owner")).toBe(0);
    expect(await pending("customer")).toBe(1);
    const page = (await t.app.inject({ method: "GET", url: "/api/v1/me/alerts", headers: cast.as.owner })).json();
    expect(page.pending).toBe(0);
    expect(page.results.map((alert: { visited: boolean }) => alert.visited)).toEqual([false, false]);

    // Opening one still marks it visited; a new alert counts again.
    const visited = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/me/alerts/${page.results[0].id}`,
      headers: cast.as.owner,
      payload: { visited: true },
    });
    expect(visited.json()).toMatchObject({ visited: true, pending: 0 });
    await ring(cast.ids.owner);
    expect(await pending("owner")).toBe(1);
  });

  it("authorization: anonymous 401, no CSRF 403; every persona clears only their own badge", async () => {
    const cast = await createShopWithRoles(t);
    expect((await t.app.inject({ method: "POST", url: "/api/v1/me/alerts/seen" })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({ method: "POST", url: "/api/v1/me/alerts/seen", headers: { cookie: cast.as.owner.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    const personas = ["owner", "admin", "accountant", "dispatcher", "qrreader", "otherOwner", "customer"] as const;
    for (const persona of personas)
      await notifyAlert(t.ctx.db, { recipientId: cast.ids[persona], originApp: "system", params: {}, message: { code: "alerts_empty" } });
    for (const [index, persona] of personas.entries()) {
      const response = await t.app.inject({ method: "POST", url: "/api/v1/me/alerts/seen", headers: cast.as[persona] });
      expect(response.json(), persona).toEqual({ pending: 0 });
      for (const later of personas.slice(index + 1)) {
        const count = await t.app.inject({ method: "GET", url: "/api/v1/me/alerts/pending", headers: cast.as[later] });
        expect(count.json().pending, `${persona} cleared ${later}'s`).toBe(1);
      }
    }
  });
});
