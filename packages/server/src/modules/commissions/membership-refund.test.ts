import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../adapters/payments/sandbox";
import { users } from "../../db/schema/accounts";
import { commissions } from "../../db/schema/commissions";
import { memberships, subscriptionCharges, subscriptions } from "../../db/schema/subscriptions";
import { runDueDeliveries } from "../../events/bus";
import { runDueJobs } from "../../jobs/runner";
import { platformAdmins } from "../../db/schema/support";
import { walletEntries, wallets } from "../../db/schema/wallet";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { ensureReferralCode, recordReferredUser } from "../referral/service";

describe("the 15 % membership commission is reversed when its period is refunded (issue 30 §4)", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ PIN_SKIPPABLE: "true" });
    const staff = await createUser(t.ctx, { fullName: "Elena Plataforma" });
    await t.ctx.db.insert(platformAdmins).values({ userId: staff.id });
    admin = await signIn(t.ctx, staff.id);
  });
  afterAll(async () => t.close());

  const api = (method: "GET" | "PUT" | "POST", url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const cardToken = () => t.ctx.payments.tokenizeCard({ number: sandboxCards.success, expMonth: 12, expYear: 2040, cvc: "123" })!;

  /** A promoter and a member who arrived with the promoter's code and paid `periods` monthly packages. */
  async function referredMember(periods: number) {
    const promoter = await createUser(t.ctx, { fullName: "Paula Promotora" });
    const member = await createUser(t.ctx);
    await recordReferredUser(t.ctx.db, member.id, await ensureReferralCode(t.ctx.db, promoter.id), t.clock.now());
    const headers = await signIn(t.ctx, member.id);
    const tokens: string[] = [];
    for (let period = 0; period < periods; period += 1) {
      const token = (await api("PUT", "/packages/paquete_mensual/purchase", headers)).json().payment_token as string;
      expect((await api("POST", `/packages/purchases/${token}/pay`, headers, { card_token: cardToken() })).json().status).toBe("paid");
      tokens.push(token);
    }
    return { promoter, member, headers, tokens };
  }
  const balanceOf = async (userId: string) => (await t.ctx.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balance ?? 0;

  it("refunding a paid period reverses its commission and debits the promoter's wallet with the reason, once", async () => {
    const { promoter, tokens } = await referredMember(2);
    expect(await balanceOf(promoter.id)).toBe(5_970);

    const refund = await api("POST", `/packages/purchases/${tokens[0]}/refund`, admin, { reason: "Cobro duplicado" });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().state).toBe("refunded");
    expect(await balanceOf(promoter.id)).toBe(2_985);
    const rows = await t.ctx.db.select().from(commissions).where(eq(commissions.beneficiaryId, promoter.id));
    expect(rows.map((row) => row.state).sort()).toEqual(["paid", "reversed"]);
    const entries = await t.ctx.db
      .select({ kind: walletEntries.kind, amount: walletEntries.amount, reason: walletEntries.reason })
      .from(walletEntries)
      .innerJoin(wallets, eq(wallets.id, walletEntries.walletId))
      .where(eq(wallets.userId, promoter.id));
    expect(entries.filter((entry) => entry.kind === "reversal")).toEqual([{ kind: "reversal", amount: -2_985, reason: "Cobro duplicado" }]);
    const earnings = (await api("GET", "/me/earnings", await signIn(t.ctx, promoter.id))).json();
    expect(earnings.totals).toMatchObject({ paid: 2_985, reversed: 2_985 });

    // Refunding it again: nothing is paid back twice, nothing more is debited.
    expect((await api("POST", `/packages/purchases/${tokens[0]}/refund`, admin, { reason: "Otra vez" })).json().code).toBe(
      "package_not_refundable",
    );
    expect(await balanceOf(promoter.id)).toBe(2_985);
  });

  it("a period whose commission was withdrawn takes back only what the wallet still holds (never below zero)", async () => {
    const { promoter, tokens } = await referredMember(1);
    await t.ctx.db.update(wallets).set({ balance: 1_000 }).where(eq(wallets.userId, promoter.id));
    expect((await api("POST", `/packages/purchases/${tokens[0]}/refund`, admin, { reason: "Contracargo" })).statusCode).toBe(200);
    expect(await balanceOf(promoter.id)).toBe(0);
  });

  it("only platform admins refund: anonymous 401; the buyer, a shop owner and the promoter 403; an unpaid purchase 409", async () => {
    const { promoter, headers, tokens } = await referredMember(1);
    const owner = await createUser(t.ctx);
    await createShop(t.ctx, owner.id);
    const body = { reason: "Cobro duplicado" };
    expect((await api("POST", `/packages/purchases/${tokens[0]}/refund`, {}, body)).statusCode).toBe(401);
    for (const who of [headers, await signIn(t.ctx, owner.id), await signIn(t.ctx, promoter.id)])
      expect((await api("POST", `/packages/purchases/${tokens[0]}/refund`, who, body)).statusCode).toBe(403);
    expect(await balanceOf(promoter.id)).toBe(2_985);
    const unpaid = (await api("PUT", "/packages/paquete_anual/purchase", headers)).json().payment_token as string;
    expect((await api("POST", `/packages/purchases/${unpaid}/refund`, admin, body)).statusCode).toBe(409);
    expect((await api("POST", `/packages/purchases/${tokens[0]}/refund`, admin, { reason: "" })).statusCode).toBe(400);
  });

  it("a refunded package gives its unused time back: a stacked period's month whole, then the running one ends the membership", async () => {
    const { member, tokens } = await referredMember(2);
    const membershipOf = async () => (await t.ctx.db.select().from(memberships).where(eq(memberships.userId, member.id)))[0];
    const levelOf = async () => (await t.ctx.db.select({ level: users.userLevel }).from(users).where(eq(users.id, member.id)))[0].level;
    const paid = await membershipOf();
    expect(paid).toMatchObject({ source: "package" });
    const plan = paid.planId;
    const premiumLevel = await levelOf();
    const until = paid.validUntil!;

    // The second package starts when the first ends: refunded, its whole month comes off the end.
    expect((await api("POST", `/packages/purchases/${tokens[1]}/refund`, admin, { reason: "Compró dos por error" })).statusCode).toBe(200);
    const shortened = await membershipOf();
    expect(shortened).toMatchObject({ planId: plan, source: "package" });
    expect(shortened.validUntil!.getTime()).toBeLessThan(until.getTime());
    expect(shortened.validUntil!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await levelOf()).toBe(premiumLevel);

    // The running one, refunded: nothing of it is left, the member is back on the free plan now.
    t.clock.advance(3 * 24 * 60 * 60 * 1000);
    expect((await api("POST", `/packages/purchases/${tokens[0]}/refund`, admin, { reason: "Pidió su dinero" })).statusCode).toBe(200);
    expect(await membershipOf()).toMatchObject({ planId: "gratis", validUntil: null });
    expect(await levelOf()).toBeLessThan(premiumLevel);
  });

  it("a subscription's monthly charge refunded by a platform admin: money back, the running period ends, the commission reversed", async () => {
    const promoter = await createUser(t.ctx, { fullName: "Paula Promotora" });
    const member = await createUser(t.ctx);
    await createShop(t.ctx, member.id);
    await t.ctx.db.update(users).set({ userLevel: 2 }).where(eq(users.id, member.id));
    await recordReferredUser(t.ctx.db, member.id, await ensureReferralCode(t.ctx.db, promoter.id), t.clock.now());
    const headers = await signIn(t.ctx, member.id);
    expect((await api("PUT", "/me/subscription", headers, { plan: "tienda_en_linea" })).statusCode).toBe(200);
    expect((await api("POST", "/me/cards", headers, { token: cardToken() })).statusCode).toBe(201);
    t.clock.advance(15 * 24 * 60 * 60 * 1000);
    await runDueJobs(t.ctx);
    await runDueDeliveries(t.ctx);
    const charges = await t.ctx.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.userId, member.id));
    const recurring = charges.find((charge) => charge.kind === "recurring" && charge.status === "succeeded")!;
    const validation = charges.find((charge) => charge.kind === "validation")!;
    expect(recurring).toMatchObject({ amount: 19_900 });
    expect(await balanceOf(promoter.id)).toBe(2_985);

    const url = `/subscriptions/charges/${recurring.id}/refund`;
    const body = { reason: "Cobro no reconocido" };
    expect((await api("POST", url, {}, body)).statusCode).toBe(401);
    for (const who of [headers, await signIn(t.ctx, promoter.id)]) expect((await api("POST", url, who, body)).statusCode).toBe(403);
    expect((await api("POST", url, admin, { reason: "" })).statusCode).toBe(400);
    expect(await balanceOf(promoter.id)).toBe(2_985);

    const refunded = await api("POST", url, admin, body);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ id: recurring.id, kind: "recurring", status: "refunded" });
    await runDueDeliveries(t.ctx);
    expect(await balanceOf(promoter.id)).toBe(0);
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    expect(sub.state).toBe("expired");
    expect((await t.ctx.db.select().from(memberships).where(eq(memberships.userId, member.id)))[0]).toMatchObject({ planId: "gratis" });
    const reversal = await t.ctx.db
      .select({ amount: walletEntries.amount, reason: walletEntries.reason })
      .from(walletEntries)
      .innerJoin(wallets, eq(wallets.id, walletEntries.walletId))
      .where(eq(wallets.userId, promoter.id));
    expect(reversal).toContainEqual({ amount: -2_985, reason: "Cobro no reconocido" });

    // Once: again, a validation charge or an unknown charge are refused with their codes.
    expect((await api("POST", url, admin, body)).json().code).toBe("subscription_charge_not_refundable");
    expect((await api("POST", `/subscriptions/charges/${validation.id}/refund`, admin, body)).statusCode).toBe(409);
    const unknown = await api("POST", "/subscriptions/charges/00000000-0000-4000-8000-000000000000/refund", admin, body);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "subscription_charge_not_found"]);
    expect(await balanceOf(promoter.id)).toBe(0);
  });
});
