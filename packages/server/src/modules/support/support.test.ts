import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advisors, platformAdmins } from "../../db/schema/support";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";

describe("advisor modal and heartbeat (commerce-and-accounts §2 'Advisor modal', §4 online within 5 minutes)", () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let franchise: { id: string; slug: string };
  let affiliate: { id: string; slug: string };
  let owner: Record<string, string>;
  let shopAdmin: Record<string, string>;
  let accountant: Record<string, string>;
  let otherOwner: Record<string, string>;
  let customer: Record<string, string>;
  let advisor: Record<string, string>;
  let secondAdvisorId: string;
  let platformAdmin: Record<string, string>;
  let franchiseOwner: Record<string, string>;
  let affiliateOwner: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, { shop: { name: "Casa Lucía" } });
    ({ shop } = cast);
    ({ owner, accountant, otherOwner, customer } = cast.as);
    shopAdmin = cast.as.admin;
    const advisorUser = await createUser(t.ctx, { fullName: "Valeria" });
    await t.ctx.db.insert(advisors).values({
      userId: advisorUser.id,
      name: "Valeria Gómez",
      phone: "5544332211",
      email: "valeria@tianguis.mx",
      chatUrl: "https://chat.tianguis.mx/valeria",
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    advisor = await signIn(t.ctx, advisorUser.id);
    const second = await createUser(t.ctx);
    await t.ctx.db.insert(advisors).values({
      userId: second.id,
      name: "Rodrigo Paz",
      countryCode: "52",
      phone: "3312345678",
      whatsappPhone: "3399998888",
      email: "rodrigo@tianguis.mx",
      createdAt: new Date("2026-02-01T00:00:00Z"),
    });
    secondAdvisorId = second.id;
    const staff = await createUser(t.ctx);
    await t.ctx.db.insert(platformAdmins).values({ userId: staff.id });
    platformAdmin = await signIn(t.ctx, staff.id);
    const franchiseUser = await createUser(t.ctx);
    franchise = await createShop(t.ctx, franchiseUser.id, { storeType: "franchise" });
    franchiseOwner = await signIn(t.ctx, franchiseUser.id);
    const affiliateUser = await createUser(t.ctx);
    affiliate = await createShop(t.ctx, affiliateUser.id, { storeType: "affiliate" });
    affiliateOwner = await signIn(t.ctx, affiliateUser.id);
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const support = (slug: string, headers: Record<string, string>) => call("GET", `/shops/${slug}/support`, headers);

  it("the owner and a shop admin see the advisor; an accountant, another owner, a customer and anonymous may not", async () => {
    for (const headers of [owner, shopAdmin]) expect((await support(shop.slug, headers)).statusCode).toBe(200);
    expect((await support(shop.slug, {})).statusCode).toBe(401);
    for (const headers of [accountant, otherOwner, customer]) expect((await support(shop.slug, headers)).statusCode).toBe(403);
    expect((await support("no-existe-x", owner)).statusCode).toBe(404);
  });

  it("a shop with no advisor assigned gets the platform's first advisor: phone as (XXX) XXX-XXXX, WhatsApp, e-mail, chat", async () => {
    const view = (await support(shop.slug, owner)).json();
    expect(view).toEqual({
      channel: "advisor",
      support_url: null,
      help_url: "/ayuda",
      advisor: {
        name: "Valeria Gómez",
        country_code: "52",
        phone: "5544332211",
        phone_display: "(554) 433-2211",
        whatsapp_url: "https://wa.me/525544332211",
        email: "valeria@tianguis.mx",
        chat_url: "https://chat.tianguis.mx/valeria",
        online: false,
        last_heartbeat_at: null,
      },
    });
  });

  it("only advisors send heartbeats (401 anonymous, 403 owner, customer, platform admin)", async () => {
    expect((await call("POST", "/advisors/me/heartbeat")).statusCode).toBe(401);
    for (const headers of [owner, customer, platformAdmin]) {
      const refused = await call("POST", "/advisors/me/heartbeat", headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("forbidden");
    }
  });

  it("an advisor is online for 5 minutes after their last heartbeat", async () => {
    const before = t.clock.now().getTime();
    const beat = await call("POST", "/advisors/me/heartbeat", advisor);
    expect(beat.statusCode).toBe(200);
    expect(beat.json().online).toBe(true);
    const heardAt = Date.parse(beat.json().last_heartbeat_at);
    expect(heardAt).toBeGreaterThanOrEqual(before);
    expect(heardAt).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await support(shop.slug, owner)).json().advisor.online).toBe(true);
    t.clock.advance(4 * 60_000 + 50_000);
    expect((await support(shop.slug, owner)).json().advisor.online).toBe(true);
    t.clock.advance(11_000);
    expect((await support(shop.slug, owner)).json().advisor).toMatchObject({ online: false, last_heartbeat_at: expect.any(String) });
    await call("POST", "/advisors/me/heartbeat", advisor);
    expect((await support(shop.slug, owner)).json().advisor.online).toBe(true);
  });

  it("/auth/me says who is an advisor or a platform admin", async () => {
    expect((await call("GET", "/auth/me", advisor)).json()).toMatchObject({ advisor: true, platform_admin: false });
    expect((await call("GET", "/auth/me", platformAdmin)).json()).toMatchObject({ advisor: false, platform_admin: true });
    expect((await call("GET", "/auth/me", owner)).json()).toMatchObject({ advisor: false, platform_admin: false });
  });

  it("a platform admin assigns the advisor and the franchise and affiliate support URLs; nobody else may", async () => {
    const body = { advisor_id: secondAdvisorId, franchise_support_url: null, affiliate_support_url: null };
    expect((await call("PUT", `/platform/shops/${shop.slug}/support`, {}, body)).statusCode).toBe(401);
    for (const headers of [owner, advisor, customer]) {
      expect((await call("PUT", `/platform/shops/${shop.slug}/support`, headers, body)).statusCode).toBe(403);
    }
    const saved = await call("PUT", `/platform/shops/${shop.slug}/support`, platformAdmin, body);
    expect(saved.json()).toMatchObject({ slug: shop.slug, advisor_id: secondAdvisorId });
    expect((await support(shop.slug, owner)).json().advisor).toMatchObject({
      name: "Rodrigo Paz",
      phone_display: "(331) 234-5678",
      whatsapp_url: "https://wa.me/523399998888",
      chat_url: null,
    });
    const unknown = await call("PUT", `/platform/shops/${shop.slug}/support`, platformAdmin, { ...body, advisor_id: crypto.randomUUID() });
    expect(unknown.json()).toMatchObject({ code: "advisor_not_found" });
    const badUrl = await call("PUT", `/platform/shops/${franchise.slug}/support`, platformAdmin, {
      ...body,
      franchise_support_url: "javascript:alert(1)",
    });
    expect(badUrl.json().field_codes).toEqual({ franchise_support_url: "invalid_url" });
    const advisorsList = (await call("GET", "/platform/advisors", platformAdmin)).json();
    expect(advisorsList.results.map((row: { name: string }) => row.name)).toEqual(["Valeria Gómez", "Rodrigo Paz"]);
  });

  it("franchise and affiliate stores show their own support URL instead of the advisor", async () => {
    const urls = { advisor_id: null, franchise_support_url: "https://soporte.franquicia.mx", affiliate_support_url: "/ayuda#afiliados" };
    await call("PUT", `/platform/shops/${franchise.slug}/support`, platformAdmin, urls);
    await call("PUT", `/platform/shops/${affiliate.slug}/support`, platformAdmin, urls);
    expect((await support(franchise.slug, franchiseOwner)).json()).toEqual({
      channel: "franchise",
      support_url: "https://soporte.franquicia.mx",
      advisor: null,
      help_url: "/ayuda",
    });
    expect((await support(affiliate.slug, affiliateOwner)).json()).toMatchObject({ channel: "affiliate", support_url: "/ayuda#afiliados" });
    await call("PUT", `/platform/shops/${affiliate.slug}/support`, platformAdmin, { ...urls, affiliate_support_url: "" });
    expect((await support(affiliate.slug, affiliateOwner)).json()).toMatchObject({
      channel: "advisor",
      advisor: { name: "Valeria Gómez" },
    });
  });
});
