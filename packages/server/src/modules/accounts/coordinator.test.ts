import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/accounts";
import { type TestApp, createTestApp, createUser, signIn } from "../../test/harness";

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
