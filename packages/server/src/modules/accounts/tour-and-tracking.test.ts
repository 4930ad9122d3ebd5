import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/accounts";
import { signupIntents } from "../../db/schema/packages";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";

/**
 * Issue 31: the tour setting (commerce-and-accounts §2 'Tour setting update sends show_tour'; storefront-and-admin §7
 * 'GET setup-apps; PATCH same with JSON show_tour') and the sign-up keeping the shop fetch's click ids (storefront-and-admin
 * §7 'Shop fetch … gclid, fbclid, click_id, referral, campaign, referral_slug').
 */
describe("the tour setting and a sign-up's tracking", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const setupApps = "/api/v1/profile/setup-apps";
  const read = (headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: setupApps, headers });
  const write = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: "PATCH", url: setupApps, headers: { ...headers, "accept-language": "es" }, payload: payload as object });

  it("a new account starts with the tour on; its owner turns it off and on again", async () => {
    const owner = await createUser(t.ctx, { userLevel: 2 });
    await createShop(t.ctx, owner.id);
    const headers = await signIn(t.ctx, owner.id);
    expect((await read(headers)).json()).toEqual({ show_tour: true });
    const off = await write(headers, { show_tour: false });
    expect([off.statusCode, off.json()]).toEqual([200, { show_tour: false }]);
    expect((await read(headers)).json()).toEqual({ show_tour: false });
    expect((await write(headers, { show_tour: true })).json()).toEqual({ show_tour: true });
    const [row] = await t.ctx.db.select({ showTour: users.showTour }).from(users).where(eq(users.id, owner.id));
    expect(row.showTour).toBe(true);
  });

  it("each person reads and changes only their own setting: a customer, a shop's owner, another shop's owner", async () => {
    const customer = await createUser(t.ctx);
    const ownerA = await createUser(t.ctx, { userLevel: 2 });
    const ownerB = await createUser(t.ctx, { userLevel: 2 });
    await createShop(t.ctx, ownerA.id);
    await createShop(t.ctx, ownerB.id);
    const [asCustomer, asA, asB] = await Promise.all([customer, ownerA, ownerB].map((user) => signIn(t.ctx, user.id)));
    expect((await write(asCustomer, { show_tour: false })).statusCode).toBe(200);
    expect((await write(asB, { show_tour: false })).statusCode).toBe(200);
    expect((await read(asA)).json()).toEqual({ show_tour: true });
    expect((await read(asB)).json()).toEqual({ show_tour: false });
    expect((await read(asCustomer)).json()).toEqual({ show_tour: false });
  });

  it("refuses an anonymous visitor (401), a write without the CSRF header (403) and a malformed body (400)", async () => {
    const user = await createUser(t.ctx);
    const headers = await signIn(t.ctx, user.id);
    const anonymousRead = await read();
    expect([anonymousRead.statusCode, anonymousRead.json().code]).toEqual([401, "unauthorized"]);
    expect((await write({}, { show_tour: false })).statusCode).toBe(401);
    expect((await write({ cookie: headers.cookie }, { show_tour: false })).statusCode).toBe(403);
    const malformed = await write(headers, { show_tour: "sí" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await read(headers)).json()).toEqual({ show_tour: true });
  });

  let signups = 0;
  async function register(cookie: string, extra: Record<string, string> = {}) {
    signups += 1;
    const email = `rastreo${signups}@ejemplo.mx`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      headers: { cookie, "x-forwarded-for": `10.9.0.${signups}` },
      payload: { type: "email", email, full_name: "Ana Rastreo", password: "secreto123", tac: true, ...extra },
    });
    expect(response.statusCode).toBe(200);
    const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, email));
    const [intent] = await t.ctx.db.select().from(signupIntents).where(eq(signupIntents.userId, user.id));
    return intent;
  }

  it("keeps the click that brought the visitor with the sign-up: click_id, gclid, fbclid and referral_slug cookies", async () => {
    const gclid = `Cj0KCQiA${"a".repeat(120)}_BwE`;
    const intent = await register(`clickID=clk-7; gclid=${gclid}; fbclid=IwAR2-x_9; referralSlug=casa-lucia`);
    expect(intent).toMatchObject({ clickId: "clk-7", gclid, fbclid: "IwAR2-x_9", referralSlug: "casa-lucia" });
  });

  it("a landing's own click_id wins over the cookie; tampered cookies are dropped", async () => {
    const intent = await register("clickID=clk-cookie; gclid=<script>; fbclid=fb-1", { click_id: "clk-landing" });
    expect(intent).toMatchObject({ clickId: "clk-landing", gclid: null, fbclid: "fb-1", referralSlug: null });
  });
});
