import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/accounts";
import { alerts } from "../../db/schema/alerts";
import { platformAdmins } from "../../db/schema/support";
import { runDueDeliveries } from "../../events/bus";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";

/**
 * The level-two coordinator modal (commerce-and-accounts L151 'Level two sees a coordinator modal', §3 'coordinator_request,
 * coordinator'): a level-two user asks once through POST /profile/coordinator-request; the profile answers both fields.
 */
describe("POST /profile/coordinator-request", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const ask = (headers: Record<string, string>) => t.app.inject({ method: "POST", url: "/api/v1/profile/coordinator-request", headers });
  const profile = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: "GET", url: "/api/v1/profile", headers })).json();

  it("a level-two user asks, the profile says so, and asking again keeps the first request", async () => {
    const user = await createUser(t.ctx, { userLevel: 2 });
    const headers = await signIn(t.ctx, user.id);
    expect(await profile(headers)).toMatchObject({ coordinator: false, coordinator_request: false });
    const first = await ask(headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user_level: 2, coordinator: false, coordinator_request: true });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect((await ask(headers)).statusCode).toBe(200);
    const [again] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(again.coordinatorRequestedAt).toEqual(row.coordinatorRequestedAt);
    expect(await profile(headers)).toMatchObject({ coordinator_request: true });
  });

  it("levels zero and one, and a coordinator (level 3), are refused with 422 coordinator_not_eligible", async () => {
    for (const userLevel of [0, 1, 3]) {
      const headers = await signIn(t.ctx, (await createUser(t.ctx, { userLevel })).id);
      const refused = await ask(headers);
      expect(refused.statusCode, `level ${userLevel}`).toBe(422);
      expect(refused.json()).toMatchObject({
        code: "coordinator_not_eligible",
        message: "Solo un emprendedor con tienda puede pedir ser coordinador",
      });
      expect(await profile(headers)).toMatchObject({ coordinator_request: false });
    }
  });

  it("an anonymous visitor gets 401", async () => {
    expect((await ask({})).statusCode).toBe(401);
  });
});

/**
 * The staff side (issue 31): platform admins list pending requests, grant one (the user becomes level 3, 'Coordinador') or
 * refuse it with a reason; the requester hears of it by an alert the alerts module raises from `coordinator.decided`.
 */
describe("platform admins answer coordinator requests", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await createUser(t.ctx, { fullName: "Elena Plataforma" });
    await t.ctx.db.insert(platformAdmins).values({ userId: staff.id });
    admin = await signIn(t.ctx, staff.id);
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "POST", url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const list = async () => (await call("GET", "/platform/coordinator-requests", admin)).json();

  /** A level-two shop owner who asked to coordinate. */
  async function requester(fullName: string) {
    const user = await createUser(t.ctx, { userLevel: 2, fullName });
    const shop = await createShop(t.ctx, user.id, { name: `Tienda de ${fullName}` });
    const headers = await signIn(t.ctx, user.id);
    expect((await call("POST", "/profile/coordinator-request", headers)).statusCode).toBe(200);
    return { user, shop, headers };
  }
  const alertsOf = async (userId: string) => {
    await runDueDeliveries(t.ctx);
    return t.ctx.db.select().from(alerts).where(eq(alerts.recipientId, userId));
  };

  it("lists pending requests oldest first with the requester's shop; granting makes a level-3 coordinator and alerts them", async () => {
    const ana = await requester("Ana Pendiente");
    t.clock.advance(60_000);
    const beto = await requester("Beto Pendiente");
    const pending = await list();
    const names = pending.results.map((one: { full_name: string }) => one.full_name);
    expect(names.indexOf("Ana Pendiente")).toBeLessThan(names.indexOf("Beto Pendiente"));
    expect(pending.results.find((one: { user_id: string }) => one.user_id === ana.user.id)).toMatchObject({
      user_level: 2,
      shop: { slug: ana.shop.slug, name: "Tienda de Ana Pendiente" },
    });

    const granted = await call("POST", `/platform/coordinator-requests/${ana.user.id}/grant`, admin);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({ user_id: ana.user.id, decision: "granted", user_level: 3, coordinator: true });
    expect((await call("GET", "/profile", ana.headers)).json()).toMatchObject({
      user_level: 3,
      coordinator: true,
      coordinator_refusal: null,
    });
    const [alert] = await alertsOf(ana.user.id);
    expect(alert).toMatchObject({ originApp: "system", params: { type: "user", subtype: "coordinator_granted" } });
    expect(alert.messageBody.es).toContain("Ya eres coordinador");
    expect(alert.messageBody["es-AR"]).toContain("Ya sos coordinador");
    expect((await list()).results.map((one: { user_id: string }) => one.user_id)).not.toContain(ana.user.id);

    // Answered once: a second answer (another admin at the same time) is refused with 409.
    const again = await call("POST", `/platform/coordinator-requests/${ana.user.id}/refuse`, admin, { reason: "Tarde" });
    expect([again.statusCode, again.json().code]).toEqual([409, "coordinator_request_not_pending"]);
    expect((await alertsOf(ana.user.id)).length).toBe(1);
    expect((await list()).results.map((one: { user_id: string }) => one.user_id)).toContain(beto.user.id);
  });

  it("refusing keeps the level, tells the reason in an alert and on the profile; asking again clears it", async () => {
    const carla = await requester("Carla Rechazada");
    const body = { reason: "Aún no tienes ventas en tu tienda" };
    const refused = await call("POST", `/platform/coordinator-requests/${carla.user.id}/refuse`, admin, body);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toEqual({ user_id: carla.user.id, decision: "refused", user_level: 2, coordinator: false });
    expect((await call("GET", "/profile", carla.headers)).json()).toMatchObject({
      user_level: 2,
      coordinator: false,
      coordinator_request: false,
      coordinator_refusal: body.reason,
    });
    const [alert] = await alertsOf(carla.user.id);
    expect(alert.params).toMatchObject({ subtype: "coordinator_refused" });
    expect(alert.messageBody.es).toBe(`Tu solicitud para ser coordinador no fue aprobada: ${body.reason}`);

    expect((await call("POST", "/profile/coordinator-request", carla.headers)).json()).toMatchObject({
      coordinator_request: true,
      coordinator_refusal: null,
    });
    expect((await list()).results.map((one: { user_id: string }) => one.user_id)).toContain(carla.user.id);
  });

  it("refuses bad input with coded 4xx: a short reason 400, an unknown user 404, a user who never asked 409", async () => {
    const dora = await requester("Dora Motivo");
    const short = await call("POST", `/platform/coordinator-requests/${dora.user.id}/refuse`, admin, { reason: "no" });
    expect(short.statusCode).toBe(400);
    const unknown = await call("POST", "/platform/coordinator-requests/00000000-0000-4000-8000-000000000000/grant", admin);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "coordinator_request_not_found"]);
    const never = await createUser(t.ctx, { userLevel: 2 });
    expect((await call("POST", `/platform/coordinator-requests/${never.id}/grant`, admin)).statusCode).toBe(409);
    expect((await call("POST", "/platform/coordinator-requests/not-a-uuid/grant", admin)).statusCode).toBe(400);
  });

  it("only platform admins: anonymous 401; the requester, a shop owner and a coordinator 403, and nothing changes", async () => {
    const eva = await requester("Eva Espera");
    const owner = await createUser(t.ctx, { userLevel: 2 });
    await createShop(t.ctx, owner.id);
    const coordinator = await createUser(t.ctx, { userLevel: 3, coordinator: true });
    const urls = [
      ["GET", "/platform/coordinator-requests"],
      ["POST", `/platform/coordinator-requests/${eva.user.id}/grant`],
      ["POST", `/platform/coordinator-requests/${eva.user.id}/refuse`],
    ] as const;
    const body = { reason: "Sin permiso" };
    for (const [method, url] of urls) {
      expect((await call(method, url, {}, method === "POST" ? body : undefined)).statusCode, url).toBe(401);
      for (const who of [eva.headers, await signIn(t.ctx, owner.id), await signIn(t.ctx, coordinator.id)])
        expect((await call(method, url, who, method === "POST" ? body : undefined)).statusCode, url).toBe(403);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, eva.user.id));
    expect(row).toMatchObject({ userLevel: 2, coordinator: false });
    expect(row.coordinatorRequestedAt).not.toBeNull();
  });
});
