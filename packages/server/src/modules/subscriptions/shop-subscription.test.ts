import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../adapters/payments/sandbox";
import { users } from "../../db/schema/accounts";
import { platformAdmins } from "../../db/schema/support";
import { runDueDeliveries } from "../../events/bus";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";

/**
 * GET /platform/shops/{slug}/subscription: the platform admin's refund screen reads a shop owner's subscription and
 * charges; after a refund the charge reads 'refunded' and the subscription whose running period it paid 'expired'.
 */
describe("a shop's subscription for the platform admin", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await createUser(t.ctx, { fullName: "Elena Plataforma" });
    await t.ctx.db.insert(platformAdmins).values({ userId: staff.id });
    admin = await signIn(t.ctx, staff.id);
  });
  afterAll(async () => t.close());

  const api = (method: "GET" | "PUT" | "POST", url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const cardToken = () => t.ctx.payments.tokenizeCard({ number: sandboxCards.success, expMonth: 12, expYear: 2040, cvc: "123" })!;

  it("lists the owner's subscription and charges; a refunded month reads 'refunded' and the subscription 'expired'", async () => {
    const owner = await createUser(t.ctx, { fullName: "Lucía Suscrita" });
    await t.ctx.db.update(users).set({ userLevel: 2 }).where(eq(users.id, owner.id));
    const shop = await createShop(t.ctx, owner.id, { name: "Casa Suscrita" });
    const url = `/platform/shops/${shop.slug}/subscription`;
    expect((await api("GET", url, admin)).json()).toMatchObject({
      shop: { slug: shop.slug, name: "Casa Suscrita", owner_name: "Lucía Suscrita" },
      subscription: null,
      results: [],
      matches_estimated: 0,
    });

    const headers = await signIn(t.ctx, owner.id);
    expect((await api("PUT", "/me/subscription", headers, { plan: "tienda_en_linea" })).statusCode).toBe(200);
    expect((await api("POST", "/me/cards", headers, { token: cardToken() })).statusCode).toBe(201);
    t.clock.advance(15 * 24 * 60 * 60 * 1000);
    await runDueJobs(t.ctx);
    await runDueDeliveries(t.ctx);

    const before = (await api("GET", url, admin)).json();
    expect(before.subscription).toMatchObject({ state: "active", plan: { id: "tienda_en_linea" }, canceled_at: null });
    expect(before.matches_estimated).toBe(2);
    const monthly = before.results.find((charge: { kind: string }) => charge.kind === "recurring");
    expect(monthly).toMatchObject({ status: "succeeded", amount: 19_900, currency: "MXN", period_start: before.subscription.period_start });
    expect(before.results.find((charge: { kind: string }) => charge.kind === "validation")).toBeDefined();

    const refunded = await api("POST", `/subscriptions/charges/${monthly.id}/refund`, admin, { reason: "Cobro no reconocido" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = (await api("GET", url, admin)).json();
    expect(after.subscription.state).toBe("expired");
    expect(after.results.find((charge: { id: string }) => charge.id === monthly.id).status).toBe("refunded");

    // Paged like the owner's billing history.
    const page = (await api("GET", `${url}?offset=1&limit=1`, admin)).json();
    expect([page.results.length, page.matches_estimated]).toEqual([1, 2]);
  });

  it("answers 401 to visitors, 403 to the owner and other users, 404 for an unknown shop", async () => {
    const owner = await createUser(t.ctx);
    const shop = await createShop(t.ctx, owner.id);
    const url = `/platform/shops/${shop.slug}/subscription`;
    expect((await api("GET", url)).statusCode).toBe(401);
    for (const who of [await signIn(t.ctx, owner.id), await signIn(t.ctx, (await createUser(t.ctx)).id)])
      expect((await api("GET", url, who)).statusCode).toBe(403);
    const missing = await api("GET", "/platform/shops/no-existe-esta-tienda/subscription", admin);
    expect([missing.statusCode, missing.json().code]).toEqual([404, "shop_not_found"]);
  });
});
