import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PAYOUT_SIGNATURE, sandboxClabes } from "../../adapters/payouts/sandbox";
import { type OpenpayPayoutsFake, startOpenpayPayoutsFake } from "../../adapters/payouts/openpay-fake";
import { payoutSandbox } from "../../adapters/payouts/registry";
import { sandboxCards } from "../../adapters/payments/sandbox";
import { alerts } from "../../db/schema/alerts";
import { storeProducts } from "../../db/schema/catalog";
import { commissions } from "../../db/schema/commissions";
import { walletEntries, walletPayouts, wallets } from "../../db/schema/wallet";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { createShopWithRoles, type ShopWithRoles } from "../../test/shop-with-roles";
import { ensureReferralCode, recordReferredUser } from "../referral/service";
import { creditAvailableCommissions } from "./service";

const HOUR = 60 * 60 * 1000;
const CLABE = "032180000118359719";
const guest = { full_name: "Ana López", email: "ana@example.com" };

describe("wallet: commissions credited, CLABE payouts by SPEI settled by a signed webhook, never overdrawn", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  let supplier: { id: string; slug: string };
  let resellerStore: { id: string; slug: string };
  let reseller: Record<string, string>;
  let resellerId: string;

  beforeAll(async () => {
    t = await createTestApp({ PIN_SKIPPABLE: "true" });
    cast = await createShopWithRoles(t, { owner: { fullName: "Lucía Proveedora" } });
    supplier = cast.shop;
    const user = await createUser(t.ctx, { fullName: "Mateo Revende", userLevel: 2 });
    resellerId = user.id;
    resellerStore = await createShop(t.ctx, user.id, { name: "Tienda Mateo", storeType: "affiliate" });
    reseller = await signIn(t.ctx, user.id);
  });
  afterAll(async () => t.close());

  const api = (method: "GET" | "PUT" | "POST", url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  /** A reseller's sale of `margin` × 1 delivered, paid and past the return window: its commission becomes available. */
  async function earn(margin: number) {
    const item = await createProduct(t.ctx, supplier.id, {
      type: "digital",
      listPrice: margin * 3,
      isDropshipping: true,
      contributionMargin: margin,
    });
    await t.ctx.db.insert(storeProducts).values({ shopId: resellerStore.id, productId: item.id });
    const created = await api(
      "POST",
      `/shops/${resellerStore.slug}/checkout`,
      {},
      {
        items: [{ product_id: item.id, quantity: 1 }],
        contact: guest,
        delivery_type: "to_branch",
      },
    );
    const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
    const started = await api(
      "POST",
      `/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      {},
      { method: "mobbex", return_path: "/pagado" },
    );
    const paymentId = new URL(started.json().approval_url, "http://local").searchParams.get("payment") as string;
    const signed = t.ctx.payments.signWebhook({ id: `evt_${paymentId}`, type: "payment.succeeded", payment_id: paymentId, ref: "ref" });
    await t.app.inject({
      method: "POST",
      url: "/api/v1/payments/webhooks/sandbox",
      headers: { "content-type": "application/json", "x-sandbox-signature": signed.signature },
      payload: signed.body,
    });
    const orderId = purchase.orders[0].id;
    // A digital item is delivered by the seller's one next step.
    const delivered = await api("POST", `/shops/${supplier.slug}/orders/${orderId}/next`, cast.as.owner, { from: "paid" });
    expect(delivered.json().state).toBe("delivered");
    t.clock.advance(73 * HOUR);
    await runDueJobs(t.ctx);
    return orderId;
  }

  const wallet = async (headers = reseller) => (await api("GET", "/me/wallets/MXN", headers)).json();
  const ledgerSum = async (userId: string) => {
    const [row] = await t.ctx.db
      .select({ sum: sql<number>`coalesce(sum(${walletEntries.amount}), 0)`.mapWith(Number), balance: wallets.balance })
      .from(wallets)
      .leftJoin(walletEntries, eq(walletEntries.walletId, wallets.id))
      .where(and(eq(wallets.userId, userId), eq(wallets.currency, "MXN")))
      .groupBy(wallets.balance);
    return row;
  };
  const payout = (amount: number, requestId = randomUUID(), headers = reseller) =>
    api("POST", "/me/wallets/MXN/payouts", headers, { amount, request_id: requestId });
  const settleSandbox = async () => {
    t.clock.advance(5_000);
    await runDueJobs(t.ctx);
  };

  it("credits a commission once it is available, and the supplier no longer owes it by hand", async () => {
    const orderId = await earn(60_000);
    const [row] = await t.ctx.db.select().from(commissions).where(eq(commissions.orderId, orderId));
    expect(row).toMatchObject({ state: "paid", paidVia: "wallet", amount: 30_000 });
    expect(await wallet()).toMatchObject({
      wallet_type_id: "MXN",
      balance: 30_000,
      in_transit: 0,
      min_payout: 10_000,
      payout_account: null,
    });
    const entries = (await api("GET", "/me/wallets/MXN/entries", reseller)).json();
    expect(entries.results[0]).toMatchObject({ kind: "commission", amount: 30_000, balance_after: 30_000, commission_id: row.id });
    const owed = (await api("GET", `/shops/${supplier.slug}/commissions/owed`, cast.as.owner)).json().results;
    expect(owed.find((one: { beneficiary_id: string }) => one.beneficiary_id === resellerId)?.available ?? 0).toBe(0);
    // A replayed delivery credits nothing: the commission was handed over once.
    expect(await t.ctx.db.transaction((tx) => creditAvailableCommissions(tx, [row.id], t.clock.now()))).toBe(0);
    expect((await wallet()).balance).toBe(30_000);
  });

  it("saves a CLABE only with 18 digits and a right check digit, and shows only its last four", async () => {
    const wrong = await api("PUT", "/me/wallet-account", reseller, { clabe: "032180000118359718", holder_name: "Mateo Revende" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field_codes).toEqual({ clabe: "clabe_check_digit" });
    const short = await api("PUT", "/me/wallet-account", reseller, { clabe: "0321800001", holder_name: "Mateo Revende" });
    expect(short.json().field_codes).toEqual({ clabe: "clabe_length" });
    expect((await payout(10_000)).json().code).toBe("wallet_no_payout_account");
    const saved = await api("PUT", "/me/wallet-account", reseller, { clabe: "032 180 00011835971 9", holder_name: "Mateo Revende" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ clabe_masked: "•••• 9719", bank_code: "032", holder_name: "Mateo Revende" });
    expect(JSON.stringify(await wallet())).not.toContain(CLABE);
  });

  it("withdraws above the minimum: debited at once, sent, settled by the sandbox's signed webhook with a 'transfer_ok' alert", async () => {
    expect((await payout(9_999)).json().code).toBe("wallet_payout_minimum");
    expect((await payout(30_001)).json().code).toBe("wallet_insufficient_balance");
    const requestId = randomUUID();
    const first = await payout(12_000, requestId);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: 12_000, state: "sent", clabe_masked: "•••• 9719" });
    // The same request again (a double click, a lost answer) pays nothing more.
    const again = await payout(12_000, requestId);
    expect(again.json().id).toBe(first.json().id);
    expect((await payout(15_000, requestId)).json().code).toBe("wallet_request_reused");
    expect(await wallet()).toMatchObject({ balance: 18_000, in_transit: 12_000 });
    await settleSandbox();
    const [settled] = await t.ctx.db.select().from(walletPayouts).where(eq(walletPayouts.id, first.json().id));
    expect(settled.state).toBe("settled");
    expect(await wallet()).toMatchObject({ balance: 18_000, in_transit: 0 });
    const [alert] = await t.ctx.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.recipientId, resellerId), eq(alerts.originApp, "wallet")));
    expect(alert.params).toMatchObject({ subtype: "transfer_ok", wallet_type_id: "MXN" });
    expect(alert.messageBody.es).toBe("Tu retiro de $120.00 llegó a tu cuenta CLABE •••• 9719");
    // A replayed webhook changes nothing; a forged one is refused.
    const sandbox = payoutSandbox(t.ctx.config);
    const signed = sandbox.signWebhook({ eventId: "evt_again", payoutId: settled.id, status: "failed" }, t.clock.now());
    const replay = await t.app.inject({
      method: "POST",
      url: "/api/v1/wallet/payouts/webhooks/sandbox",
      headers: { "content-type": "application/json", [SANDBOX_PAYOUT_SIGNATURE]: signed.signature },
      payload: signed.body,
    });
    expect(replay.json()).toEqual({ received: "duplicate" });
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/v1/wallet/payouts/webhooks/sandbox",
      headers: { "content-type": "application/json", [SANDBOX_PAYOUT_SIGNATURE]: signed.signature },
      payload: signed.body.replace("failed", "settled"),
    });
    expect(forged.statusCode).toBe(400);
    expect((await wallet()).balance).toBe(18_000);
    const sums = await ledgerSum(resellerId);
    expect(sums.sum).toBe(sums.balance);
  });

  it("returns a failed payout's money to the balance, with the reason", async () => {
    await api("PUT", "/me/wallet-account", reseller, { clabe: sandboxClabes.failLater, holder_name: "Mateo Revende" });
    const sent = await payout(10_000);
    expect(sent.json().state).toBe("sent");
    expect((await wallet()).balance).toBe(8_000);
    await settleSandbox();
    const [failed] = await t.ctx.db.select().from(walletPayouts).where(eq(walletPayouts.id, sent.json().id));
    expect(failed).toMatchObject({ state: "failed", failureCode: "payout_refused" });
    expect((await wallet()).balance).toBe(18_000);
    const returned = (await api("GET", "/me/wallets/MXN/entries?kind=payout_returned", reseller)).json();
    expect(returned.results).toHaveLength(1);
    expect(returned.results[0]).toMatchObject({ amount: 10_000, reason: "wallet_reason_payout_failed", payout_state: "failed" });
    await api("PUT", "/me/wallet-account", reseller, { clabe: sandboxClabes.refuseNow, holder_name: "Mateo Revende" });
    const refused = await payout(10_000);
    expect(refused.json().state).toBe("failed");
    expect((await wallet()).balance).toBe(18_000);
    await api("PUT", "/me/wallet-account", reseller, { clabe: CLABE, holder_name: "Mateo Revende" });
  });

  it("filters movements by kind and dates", async () => {
    const all = (await api("GET", "/me/wallets/MXN/entries?limit=100", reseller)).json();
    expect(all.matches_estimated).toBe(all.results.length);
    const kinds = new Set(all.results.map((one: { kind: string }) => one.kind));
    expect(kinds).toEqual(new Set(["commission", "payout", "payout_returned"]));
    const payouts = (await api("GET", "/me/wallets/MXN/entries?kind=payout", reseller)).json();
    expect(payouts.results.every((one: { kind: string; amount: number }) => one.kind === "payout" && one.amount < 0)).toBe(true);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await api("GET", `/me/wallets/MXN/entries?from=${today}&to=${today}`, reseller)).json().matches_estimated).toBeGreaterThan(0);
    expect((await api("GET", "/me/wallets/MXN/entries?to=2000-01-01", reseller)).json().matches_estimated).toBe(0);
    expect((await api("GET", "/me/wallets/MXN/entries?from=ayer", reseller)).statusCode).toBe(400);
  });

  it("payouts at once never overdraw: as many go as the balance covers, the others find it spent", async () => {
    await earn(40_000);
    const before = (await wallet()).balance;
    expect(before).toBe(38_000);
    const share = Math.max(10_000, Math.floor(before / 2 / 100) * 100);
    const answers = await Promise.all([payout(share), payout(share), payout(share), payout(share)]);
    const fits = Math.floor(before / share);
    expect(answers.filter((one) => one.statusCode === 201)).toHaveLength(fits);
    expect(answers.filter((one) => one.statusCode === 422).map((one) => one.json().code)).toEqual(
      Array(4 - fits).fill("wallet_insufficient_balance"),
    );
    expect((await wallet()).balance).toBe(before - fits * share);
    const sums = await ledgerSum(resellerId);
    expect(sums.sum).toBe(sums.balance);
    expect(sums.balance).toBeGreaterThanOrEqual(0);
  });

  it("refuses a balance below zero in the database itself (the check constraint)", async () => {
    const [row] = await t.ctx.db.select().from(wallets).where(eq(wallets.userId, resellerId));
    expect(row).toBeDefined();
    await expect(t.ctx.db.update(wallets).set({ balance: -1 }).where(eq(wallets.id, row.id))).rejects.toThrow();
  });

  it("wallets need an account; the shop view shows the owner's wallet to the owner and accountants only", async () => {
    expect((await api("GET", "/me/wallets/MXN")).statusCode).toBe(401);
    expect((await api("GET", "/me/wallets/MXN/entries")).statusCode).toBe(401);
    expect((await api("POST", "/me/wallets/MXN/payouts", {}, { amount: 10_000, request_id: randomUUID() })).statusCode).toBe(401);
    expect((await api("PUT", "/me/wallet-account", {}, { clabe: CLABE, holder_name: "X" })).statusCode).toBe(401);
    expect((await api("GET", "/me/wallets/pesos", reseller)).json().code).toBe("wallet_not_found");
    expect((await api("GET", "/me/wallets/123", reseller)).statusCode).toBe(404);
    const expected = {
      owner: 200,
      accountant: 200,
      admin: 403,
      dispatcher: 403,
      qrreader: 403,
      otherOwner: 403,
      customer: 403,
      anonymous: 401,
    };
    for (const [persona, status] of Object.entries(expected)) {
      const headers = cast.as[persona as keyof typeof cast.as];
      expect([persona, (await api("GET", `/shops/${supplier.slug}/wallets/MXN`, headers)).statusCode]).toEqual([persona, status]);
      expect([persona, (await api("GET", `/shops/${supplier.slug}/wallets/MXN/entries`, headers)).statusCode]).toEqual([persona, status]);
    }
    // The owner's own wallet, not the reseller's: a stranger's balance never shows.
    expect((await api("GET", `/shops/${resellerStore.slug}/wallets/MXN`, reseller)).json().balance).toBe((await wallet()).balance);
    expect((await api("GET", `/shops/${supplier.slug}/wallets/MXN`, cast.as.owner)).json().balance).toBe(0);
  });

  it("pays a promoter 15 % of each paid membership period bought by someone who arrived with their code, into the wallet", async () => {
    const promoter = await createUser(t.ctx, { fullName: "Paula Promotora" });
    const promoterHeaders = await signIn(t.ctx, promoter.id);
    const code = await ensureReferralCode(t.ctx.db, promoter.id);
    const member = await createUser(t.ctx);
    await recordReferredUser(t.ctx.db, member.id, code, t.clock.now());
    const memberHeaders = await signIn(t.ctx, member.id);
    const stranger = await createUser(t.ctx);
    const strangerHeaders = await signIn(t.ctx, stranger.id);
    const cardToken = t.ctx.payments.tokenizeCard({ number: sandboxCards.success, expMonth: 12, expYear: 2040, cvc: "123" })!;
    async function buyPackage(headers: Record<string, string>) {
      const token = (await api("PUT", "/packages/paquete_mensual/purchase", headers)).json().payment_token;
      const paid = await api("POST", `/packages/purchases/${token}/pay`, headers, { card_token: cardToken });
      expect(paid.statusCode).toBe(200);
    }
    await buyPackage(memberHeaders);
    await buyPackage(memberHeaders);
    await buyPackage(strangerHeaders);
    const rows = await t.ctx.db.select().from(commissions).where(eq(commissions.beneficiaryId, promoter.id));
    expect(rows).toHaveLength(2);
    // 15 % of $199.00 = $29.85, available at once and credited to the wallet.
    expect(rows.map((row) => [row.source, row.amount, row.state, row.paidVia, row.membershipSource])).toEqual([
      ["membership", 2_985, "paid", "wallet", "package"],
      ["membership", 2_985, "paid", "wallet", "package"],
    ]);
    expect((await wallet(promoterHeaders)).balance).toBe(5_970);
    const earnings = (await api("GET", "/me/commissions", promoterHeaders)).json();
    expect(earnings.results[0]).toMatchObject({ source: "membership", order_id: null, product_name: "Plan profesional", amount: 2_985 });
  });
});

describe("wallet with Openpay's payouts API (its local fake): sent, then settled by Openpay's webhook", () => {
  let t: TestApp;
  let fake: OpenpayPayoutsFake;
  beforeAll(async () => {
    fake = await startOpenpayPayoutsFake();
    t = await createTestApp({
      WALLET_PAYOUT_PROVIDER: "openpay",
      WALLET_OPENPAY_MERCHANT_ID: fake.merchantId,
      WALLET_OPENPAY_SECRET_KEY: fake.secretKey,
      WALLET_OPENPAY_WEBHOOK_AUTH: fake.webhookAuth,
      OPENPAY_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("withdraws a promoter's membership commissions to a CLABE and applies Openpay's webhook once", async () => {
    const promoter = await createUser(t.ctx);
    const headers = await signIn(t.ctx, promoter.id);
    const member = await createUser(t.ctx);
    await recordReferredUser(t.ctx.db, member.id, await ensureReferralCode(t.ctx.db, promoter.id), t.clock.now());
    const memberHeaders = await signIn(t.ctx, member.id);
    const cardToken = t.ctx.payments.tokenizeCard({ number: sandboxCards.success, expMonth: 12, expYear: 2040, cvc: "123" })!;
    for (const pkg of ["paquete_anual", "paquete_anual"]) {
      const token = (await t.app.inject({ method: "PUT", url: `/api/v1/packages/${pkg}/purchase`, headers: memberHeaders })).json()
        .payment_token;
      await t.app.inject({
        method: "POST",
        url: `/api/v1/packages/purchases/${token}/pay`,
        headers: memberHeaders,
        payload: { card_token: cardToken },
      });
    }
    const api = (method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    const balance = (await api("GET", "/me/wallets/MXN")).json().balance as number;
    expect(balance).toBeGreaterThanOrEqual(10_000);
    await api("PUT", "/me/wallet-account", { clabe: CLABE, holder_name: "Paula Promotora" });
    const sent = (await api("POST", "/me/wallets/MXN/payouts", { amount: 10_000, request_id: randomUUID() })).json();
    expect(sent.state).toBe("sent");
    const [row] = await t.ctx.db.select().from(walletPayouts).where(eq(walletPayouts.id, sent.id));
    expect(row).toMatchObject({ provider: "openpay", providerRef: expect.stringMatching(/^tr/) });
    expect(fake.requests.at(-1)?.body).toMatchObject({ order_id: sent.id, amount: 100, bank_account: { clabe: CLABE } });
    const delivery = fake.finish(row.providerRef as string, "completed");
    const post = () =>
      t.app.inject({ method: "POST", url: "/api/v1/wallet/payouts/webhooks/openpay", headers: delivery.headers, payload: delivery.body });
    expect((await post()).json()).toEqual({ received: "applied" });
    expect((await post()).json()).toEqual({ received: "duplicate" });
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/v1/wallet/payouts/webhooks/openpay",
      headers: { ...delivery.headers, authorization: "Basic eDp5" },
      payload: delivery.body,
    });
    expect(forged.statusCode).toBe(400);
    // The sandbox's webhook is not this install's provider.
    expect((await t.app.inject({ method: "POST", url: "/api/v1/wallet/payouts/webhooks/sandbox", payload: "{}" })).statusCode).toBe(404);
    const [settled] = await t.ctx.db.select().from(walletPayouts).where(eq(walletPayouts.id, sent.id));
    expect(settled.state).toBe("settled");
    expect((await api("GET", "/me/wallets/MXN")).json()).toMatchObject({ balance: balance - 10_000, in_transit: 0 });
  });
});
