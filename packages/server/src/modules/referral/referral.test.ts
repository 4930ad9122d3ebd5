import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts } from "../../db/schema/orders";
import { campaigns, referralProfiles } from "../../db/schema/referral";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { recordReferredUser, resolvePromoter } from "./service";

type Headers = Record<string, string>;

describe("referral: codes, campaigns, short links, channels, promoted", () => {
  let t: TestApp;
  let promoter: Headers;
  let promoterId: string;
  let other: Headers;
  let customer: Headers;
  let shop: { id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    const mateo = await createUser(t.ctx, { userLevel: 2, fullName: "Mateo" });
    promoterId = mateo.id;
    promoter = await signIn(t.ctx, mateo.id);
    shop = await createShop(t.ctx, mateo.id);
    other = await signIn(t.ctx, (await createUser(t.ctx, { userLevel: 1 })).id);
    customer = await signIn(t.ctx, (await createUser(t.ctx, { userLevel: 0 })).id);
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, headers: Headers = {}, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object | undefined });

  async function createCampaign(headers: Headers, body: Record<string, unknown>) {
    const response = await call("POST", "/me/campaigns", headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it("gives a promoter one stable, URL-safe referral code that names them", async () => {
    const first = await call("GET", "/me/referral", promoter);
    const second = await call("GET", "/me/referral", promoter);
    expect(first.statusCode).toBe(200);
    expect(first.json().code).toMatch(/^[a-z0-9]{8}$/);
    expect(second.json().code).toBe(first.json().code);
    expect(await resolvePromoter(t.ctx.db, first.json().code)).toEqual({ userId: promoterId });
    expect(await resolvePromoter(t.ctx.db, "nadie123")).toBeNull();
    expect(await resolvePromoter(t.ctx.db, "")).toBeNull();
  });

  it("refuses the referral area to anonymous visitors (401) and to level-zero users without a shop (403)", async () => {
    expect((await call("GET", "/me/referral")).statusCode).toBe(401);
    const denied = await call("GET", "/me/referral", customer);
    expect([denied.statusCode, denied.json().code]).toEqual([403, "forbidden"]);
  });

  it("creates a campaign active with the name cut to 100 characters and a short link", async () => {
    const campaign = await createCampaign(promoter, { name: "ñ".repeat(150), url: `/tienda/${shop.slug}/productos?orden=precio` });
    expect(campaign.name).toBe("ñ".repeat(100));
    expect(campaign.state).toBe("active");
    expect(campaign.encoded_mkt_url).toBe(`/api/v1/short-links/${campaign.code}`);
    expect([campaign.clicks, campaign.purchases]).toEqual([0, 0]);
    // Even when the client asks for another state, a campaign starts active (§4).
    const paused = await call("POST", "/me/campaigns", promoter, { name: "x", url: "/", state: "paused" });
    expect(paused.statusCode).toBe(400);
  });

  it("accepts only pages of this site as campaign URLs", async () => {
    for (const url of [
      "https://malo.example.com/",
      "//malo.example.com",
      "javascript:alert(1)",
      "/\\malo.example.com",
      "ftp://localhost/x",
    ]) {
      const response = await call("POST", "/me/campaigns", promoter, { name: "Mala", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe("validation_failed");
    }
    const subdomain = await createCampaign(promoter, { name: "Sub", url: `http://${shop.slug}.localhost:3000/productos` });
    expect(subdomain.url).toBe(`http://${shop.slug}.localhost:3000/productos`);
  });

  it("counts a click and lands on the page with referral, campaign and click_id when the short link is followed", async () => {
    const { code: referral } = (await call("GET", "/me/referral", promoter)).json();
    const campaign = await createCampaign(promoter, {
      name: "Buen Fin",
      url: `/tienda/${shop.slug}/productos?orden=precio&campaign=viejo`,
    });
    const first = await t.app.inject({ method: "GET", url: campaign.encoded_mkt_url });
    const second = await t.app.inject({ method: "GET", url: campaign.encoded_mkt_url });
    expect(first.statusCode).toBe(302);
    const landing = new URL(first.headers.location as string, "http://x");
    expect(landing.pathname).toBe(`/tienda/${shop.slug}/productos`);
    expect(landing.searchParams.get("orden")).toBe("precio");
    expect(landing.searchParams.getAll("campaign")).toEqual([campaign.code]);
    expect(landing.searchParams.get("referral")).toBe(referral);
    const clickId = landing.searchParams.get("click_id");
    expect(clickId).toMatch(/^clk_[\w-]+$/);
    expect(new URL(second.headers.location as string, "http://x").searchParams.get("click_id")).not.toBe(clickId);
    const listed = (await call("GET", `/me/campaigns?text=${encodeURIComponent("Buen Fin")}`, promoter)).json();
    expect(listed.results.map((row: { clicks: number }) => row.clicks)).toEqual([2]);
  });

  it("lands paused and finished campaigns on their page without counting or attributing", async () => {
    const campaign = await createCampaign(promoter, { name: "Pausable", url: `/tienda/${shop.slug}/` });
    const paused = await call("PATCH", `/me/campaigns/${campaign.id}`, promoter, { state: "paused" });
    expect(paused.json().state).toBe("paused");
    const follow = await t.app.inject({ method: "GET", url: campaign.encoded_mkt_url });
    expect([follow.statusCode, follow.headers.location]).toEqual([302, `/tienda/${shop.slug}/`]);
    await call("PATCH", `/me/campaigns/${campaign.id}`, promoter, { state: "finished" });
    expect((await t.app.inject({ method: "GET", url: campaign.encoded_mkt_url })).headers.location).toBe(`/tienda/${shop.slug}/`);
    const listed = (await call("GET", "/me/campaigns?text=Pausable", promoter)).json();
    expect(listed.results[0]).toMatchObject({ state: "finished", clicks: 0 });
    expect((await t.app.inject({ method: "GET", url: "/api/v1/short-links/no-existe" })).statusCode).toBe(404);
  });

  it("counts paid purchases made with the campaign cookie, not unpaid ones", async () => {
    const campaign = await createCampaign(promoter, { name: "Con compras", url: `/tienda/${shop.slug}/` });
    const follow = await t.app.inject({ method: "GET", url: campaign.encoded_mkt_url });
    const landing = new URL(follow.headers.location as string, "http://x").searchParams;
    const cookie = `referralID=${landing.get("referral")}; campaign=${landing.get("campaign")}; clickID=${landing.get("click_id")}`;
    const item = await createProduct(t.ctx, shop.id, { stock: 5 });
    const buy = () =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/shops/${shop.slug}/checkout`,
        headers: { cookie },
        payload: {
          items: [{ product_id: item.id, quantity: 1 }],
          contact: { full_name: "Ana López", email: "ana@example.com", phone: "5512345678" },
          delivery_type: "to_branch",
        },
      });
    const paid = (await buy()).json();
    const unpaid = (await buy()).json();
    const token = (
      await t.app.inject({
        method: "POST",
        url: "/sandbox-pay/tokens",
        payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
      })
    ).json().token;
    const payment = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${paid.id}/pay?token=${paid.access_token}`,
      payload: { method: "str_card", card_token: token, return_path: "/pagado" },
    });
    expect(payment.json().status).toBe("paid");
    const [row] = await t.ctx.db.select().from(checkouts).where(eq(checkouts.id, paid.id));
    expect([row.referral, row.campaign, row.clickId]).toEqual([landing.get("referral"), campaign.code, landing.get("click_id")]);
    expect(unpaid.id).not.toBe(paid.id);
    const listed = (await call("GET", "/me/campaigns?text=Con%20compras", promoter)).json();
    expect(listed.results[0]).toMatchObject({ clicks: 1, purchases: 1 });
  });

  it("drops tampered tracking cookies instead of storing them on the purchase", async () => {
    const item = await createProduct(t.ctx, shop.id, { stock: 5 });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/checkout`,
      headers: { cookie: `referralID=${"x".repeat(65)}; campaign=<script>; clickID=ok-1` },
      payload: {
        items: [{ product_id: item.id, quantity: 1 }],
        contact: { full_name: "Ana López", email: "ana@example.com", phone: "5512345678" },
        delivery_type: "to_branch",
      },
    });
    const [row] = await t.ctx.db.select().from(checkouts).where(eq(checkouts.id, response.json().id));
    expect([row.referral, row.campaign, row.clickId]).toEqual([null, null, "ok-1"]);
  });

  it("lists my campaigns with text, date range, sort and paging", async () => {
    const owner = await signIn(t.ctx, (await createUser(t.ctx, { userLevel: 1 })).id);
    const dated = async (name: string, at: string) => {
      const campaign = await createCampaign(owner, { name, url: "/a" });
      await t.ctx.db
        .update(campaigns)
        .set({ createdAt: new Date(at) })
        .where(eq(campaigns.id, campaign.id));
    };
    await dated("Alfa marzo", "2026-03-01T12:00:00Z");
    await dated("Beta abril", "2026-04-15T12:00:00Z");
    await dated("Gamma abril", "2026-04-15T13:00:00Z");
    const list = async (query: string) => (await call("GET", `/me/campaigns?${query}`, owner)).json();
    expect((await list("")).results.map((row: { name: string }) => row.name)).toEqual(["Gamma abril", "Beta abril", "Alfa marzo"]);
    expect((await list("sort=name")).results.map((row: { name: string }) => row.name)).toEqual(["Alfa marzo", "Beta abril", "Gamma abril"]);
    const april = await list("start_date=2026-04-01&end_date=2026-04-15");
    expect([april.matches_estimated, april.results.length]).toEqual([2, 2]);
    expect((await list("end_date=2026-03-01")).matches_estimated).toBe(1);
    const page = await list("limit=1&offset=1&sort=name");
    expect([page.matches_estimated, page.results[0].name]).toEqual([3, "Beta abril"]);
    expect((await list("text=abril")).matches_estimated).toBe(2);
    expect((await list("text=%25")).matches_estimated).toBe(0);
    expect((await call("GET", "/me/campaigns?start_date=ayer", owner)).statusCode).toBe(400);
    // Another promoter's list does not show them.
    expect((await call("GET", "/me/campaigns?text=abril", other)).json().matches_estimated).toBe(0);
  });

  it("lets only the owner edit or delete a campaign (401 anonymous, 403 others, 404 unknown)", async () => {
    const campaign = await createCampaign(promoter, { name: "Mía", url: "/tienda/x/" });
    const writes: ["PATCH" | "DELETE", string, unknown?][] = [
      ["PATCH", `/me/campaigns/${campaign.id}`, { name: "Robada" }],
      ["DELETE", `/me/campaigns/${campaign.id}`],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, {}, payload)).statusCode, `${method} anonymous`).toBe(401);
      const response = await call(method, url, other, payload);
      expect([response.statusCode, response.json().code], `${method} other`).toEqual([403, "forbidden"]);
      expect((await call(method, url, customer, payload)).statusCode, `${method} customer`).toBe(403);
    }
    expect((await call("POST", "/me/campaigns", {}, { name: "x", url: "/" })).statusCode).toBe(401);
    expect((await call("POST", "/me/campaigns", customer, { name: "x", url: "/" })).statusCode).toBe(403);
    expect((await call("GET", "/me/campaigns", {})).statusCode).toBe(401);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await call("PATCH", `/me/campaigns/${missing}`, promoter, { name: "x" })).statusCode).toBe(404);
    const renamed = await call("PATCH", `/me/campaigns/${campaign.id}`, promoter, { name: "r".repeat(120), url: "/tienda/y/" });
    expect(renamed.json()).toMatchObject({ name: "r".repeat(100), url: "/tienda/y/" });
    expect((await call("PATCH", `/me/campaigns/${campaign.id}`, promoter, { url: "https://otro.example/" })).statusCode).toBe(400);
    expect((await call("PATCH", `/me/campaigns/${campaign.id}`, promoter, { state: "borrada" })).statusCode).toBe(400);
    expect((await call("DELETE", `/me/campaigns/${campaign.id}`, promoter)).json()).toEqual({ id: campaign.id });
    expect((await t.app.inject({ method: "GET", url: campaign.encoded_mkt_url })).statusCode).toBe(404);
  });

  it("manages channels with budget in minor units, only for their owner", async () => {
    const created = await call("POST", "/me/channels", promoter, {
      name: "Facebook Ads",
      source_code: "fb",
      budget: 150050,
      impressions: 1200,
    });
    expect(created.statusCode).toBe(201);
    const channel = created.json();
    expect(channel).toMatchObject({ name: "Facebook Ads", state: "active", currency: "MXN", budget: 150050, impressions: 1200 });
    const updated = await call("PATCH", `/me/channels/${channel.id}`, promoter, { state: "paused", budget: 99 });
    expect(updated.json()).toMatchObject({ state: "paused", budget: 99, source_code: "fb" });
    expect((await call("PATCH", `/me/channels/${channel.id}`, promoter, {})).json().budget).toBe(99);
    expect((await call("POST", "/me/channels", promoter, { name: "x", budget: -1 })).statusCode).toBe(400);
    expect((await call("POST", "/me/channels", promoter, { name: "x", budget: 1.5 })).statusCode).toBe(400);
    expect((await call("POST", "/me/channels", promoter, { name: "x", currency: "pesos" })).statusCode).toBe(400);
    expect((await call("GET", "/me/channels", promoter)).json().results.map((row: { id: string }) => row.id)).toContain(channel.id);
    expect((await call("GET", "/me/channels", other)).json().matches_estimated).toBe(0);
    for (const [method, payload] of [
      ["PATCH", { name: "y" }],
      ["DELETE", undefined],
    ] as const) {
      expect((await call(method, `/me/channels/${channel.id}`, {}, payload)).statusCode).toBe(401);
      expect((await call(method, `/me/channels/${channel.id}`, other, payload)).statusCode).toBe(403);
    }
    expect((await call("GET", "/me/channels", customer)).statusCode).toBe(403);
    expect((await call("DELETE", `/me/channels/${channel.id}`, promoter)).statusCode).toBe(200);
    expect((await call("GET", "/me/channels", promoter)).json().matches_estimated).toBe(0);
  });

  it("makes a shop admin's catalogue short link a campaign of theirs, refused to others", async () => {
    const link = await call("POST", `/shops/${shop.slug}/short-links`, promoter, {
      name: "Catálogo",
      url: `/tienda/${shop.slug}/catalogos/x`,
    });
    expect(link.statusCode).toBe(201);
    expect(link.json()).toMatchObject({ state: "active", encoded_mkt_url: `/api/v1/short-links/${link.json().code}` });
    const mine = (await call("GET", "/me/campaigns?text=Cat%C3%A1logo", promoter)).json();
    expect(mine.results[0].code).toBe(link.json().code);
    expect((await call("POST", `/shops/${shop.slug}/short-links`, {}, { name: "x", url: "/" })).statusCode).toBe(401);
    expect((await call("POST", `/shops/${shop.slug}/short-links`, other, { name: "x", url: "/" })).statusCode).toBe(403);
  });

  it("lists the people promoted under a shop's owner, by branch, with follow state", async () => {
    const { code } = (await call("GET", "/me/referral", promoter)).json();
    const ana = await createUser(t.ctx, { fullName: "Ana" });
    const beto = await createUser(t.ctx, { fullName: "Beto" });
    expect(await recordReferredUser(t.ctx.db, ana.id, code, new Date())).toBe(true);
    expect(await recordReferredUser(t.ctx.db, ana.id, code, new Date())).toBe(false);
    expect(await recordReferredUser(t.ctx.db, promoterId, code, new Date())).toBe(false);
    const [anaProfile] = await t.ctx.db.select().from(referralProfiles).where(eq(referralProfiles.userId, ana.id));
    expect(await recordReferredUser(t.ctx.db, beto.id, anaProfile.code, new Date())).toBe(true);

    const direct = (await call("GET", `/shops/${shop.slug}/promoted`)).json();
    expect(direct.results.map((row: { name: string }) => row.name)).toEqual(["Ana"]);
    expect(direct.results[0]).toMatchObject({ children: 1, state_follow: false });
    const all = (await call("GET", `/shops/${shop.slug}/promoted?OnlyChilds=false`)).json();
    expect(all.matches_estimated).toBe(2);
    const branch = (await call("GET", `/shops/${shop.slug}/promoted?PromotedList=${ana.id}`)).json();
    expect(branch.results.map((row: { name: string }) => row.name)).toEqual(["Beto"]);
    const outsider = await createUser(t.ctx);
    expect((await call("GET", `/shops/${shop.slug}/promoted?PromotedList=${outsider.id}`)).statusCode).toBe(404);

    expect((await call("PUT", `/me/follows/${ana.id}`)).statusCode).toBe(401);
    expect((await call("PUT", `/me/follows/${ana.id}`, other)).json()).toEqual({ user_id: ana.id, state_follow: true });
    expect((await call("PUT", `/me/follows/${ana.id}`, other)).statusCode).toBe(200);
    const seen = (await call("GET", `/shops/${shop.slug}/promoted`, other)).json();
    expect(seen.results[0].state_follow).toBe(true);
    expect((await call("GET", `/shops/${shop.slug}/promoted`, promoter)).json().results[0].state_follow).toBe(false);
    expect((await call("DELETE", `/me/follows/${ana.id}`, other)).json().state_follow).toBe(false);
    expect((await call("PUT", `/me/follows/00000000-0000-4000-8000-000000000000`, other)).statusCode).toBe(404);
    const self = await call("PUT", `/me/follows/${promoterId}`, promoter);
    expect(self.statusCode).toBe(400);
  });
  it("records a new user who signs up with a promoter's referral cookie among the promoter's promoted people", async () => {
    const { code } = (await call("GET", "/me/referral", promoter)).json();
    const email = `referida${Date.now()}@ejemplo.mx`;
    const visitor = { "x-forwarded-for": "10.9.9.9", cookie: `referralID=${code}` };
    const registered = await call("POST", "/auth/register", visitor, {
      type: "email",
      email,
      full_name: "Carla Referida",
      password: "secreto123",
      tac: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const outbox = (await call("GET", `/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    const pin = (outbox.results[0].body as string).match(/\b(\d{6})\b/)![1];
    const activated = await call("POST", "/activate/pin/", visitor, { code: registered.json().code, type: "email", pin });
    expect(activated.statusCode, activated.body).toBe(200);
    const names = (await call("GET", `/shops/${shop.slug}/promoted?limit=100`)).json().results.map((row: { name: string }) => row.name);
    expect(names).toContain("Carla Referida");
  });
});
