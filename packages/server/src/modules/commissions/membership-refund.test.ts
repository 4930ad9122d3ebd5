import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../adapters/payments/sandbox";
import { commissions } from "../../db/schema/commissions";
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
});
