import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertTarget } from "@tianguis/domain/rules/alert-target";
import { listOutbox } from "../../adapters/notify/notifier";
import { sandboxCards } from "../../adapters/payments/sandbox";
import { alerts } from "../../db/schema/alerts";
import { smsAccounts, smsEntries, smsPayments } from "../../db/schema/sms";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";
import { sendOrderNotice } from "../notifications/service";
import { SIGNATURE_HEADER } from "../payments/routes";
import { creditSmsPackage, settleSmsPayment } from "./service";

describe("SMS credits (issue 30 §3): packages, balance, one credit per customer SMS, run-out", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Café Olé" } });
  });
  afterAll(async () => t.close());

  const api = (method: "GET" | "PUT" | "POST", url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const cardToken = (number: string) => t.ctx.payments.tokenizeCard({ number, expMonth: 12, expYear: 2040, cvc: "123" })!;
  const pay = (headers: Record<string, string>, token: string, number: string = sandboxCards.success) =>
    api("POST", `/sms/purchases/${token}/pay`, headers, { card_token: cardToken(number) });
  async function buy(slug: string, headers: Record<string, string>, id = "sms_100") {
    const response = await api("PUT", `/shops/${slug}/sms/packages/${id}/purchase`, headers);
    expect(response.statusCode).toBe(200);
    return response.json().payment_token as string;
  }
  const balanceOf = async (shopId: string) =>
    (await t.ctx.db.select().from(smsAccounts).where(eq(smsAccounts.shopId, shopId)))[0]?.balance ?? 0;
  /** Credits as a paid package gives them (the subscriber's own step), without a card. */
  const giveCredits = (shopId: string, credits: number) =>
    t.ctx.db.transaction((tx) =>
      creditSmsPackage(tx, { purchase_id: randomUUID(), shop_id: shopId, package_id: "sms_100", credits }, t.clock.now()),
    );

  async function newShop() {
    const owner = await createUser(t.ctx);
    const shop = await createShop(t.ctx, owner.id, { name: "Tienda Luna" });
    const product = await createProduct(t.ctx, shop.id, { name: "Vela", listPrice: 10_000, stock: 50 });
    return { owner, shop, product };
  }
  let phoneCounter = 0;
  /** A customer known only by a phone number: every notice to them is an SMS. */
  async function phoneCustomer() {
    phoneCounter += 1;
    const phone = `55${String(Date.now() % 1e6).padStart(6, "0")}${String(phoneCounter).padStart(2, "0")}`;
    const user = await createUser(t.ctx, { username: `+52${phone}`, email: null, phone, countryCode: "52" });
    return { user, to: `+52${phone}`, headers: await signIn(t.ctx, user.id) };
  }
  async function order(slug: string, productId: string, headers: Record<string, string>) {
    const response = await api("POST", `/shops/${slug}/checkout`, headers, {
      items: [{ product_id: productId, quantity: 1 }],
      delivery_type: "to_branch",
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  }
  const smsTo = async (to: string) => (await listOutbox(t.ctx.db, 50, to)).filter((message) => message.channel === "sms");
  const runoutAlerts = async (userId: string) =>
    (
      await t.ctx.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.recipientId, userId), eq(alerts.originApp, "system")))
    ).filter((row) => row.params.subtype === "sms_runout");

  it("lists the packages to anyone, smallest first, with the price of each SMS", async () => {
    const list = await api("GET", "/sms/packages");
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toEqual([
      { id: "sms_100", name: "100 SMS", credits: 100, price: 9_900, unit_price: 99, savings_percent: 0, currency: "MXN" },
      { id: "sms_500", name: "500 SMS", credits: 500, price: 44_900, unit_price: 90, savings_percent: 9, currency: "MXN" },
      { id: "sms_2000", name: "2000 SMS", credits: 2_000, price: 159_900, unit_price: 80, savings_percent: 19, currency: "MXN" },
    ]);
    expect((await api("GET", "/sms/packages", { "x-locale": "en" })).json().results[2].name).toBe("2,000 SMS");
    expect((await api("PUT", `/shops/${cast.shop.slug}/sms/packages/sms_7/purchase`, cast.as.owner)).statusCode).toBe(400);
  });

  it("the balance and ledger: owner, admins and accountants read; the others 403, anonymous 401", async () => {
    const expected = {
      owner: 200,
      admin: 200,
      accountant: 200,
      dispatcher: 403,
      qrreader: 403,
      otherOwner: 403,
      customer: 403,
      anonymous: 401,
    };
    for (const [persona, status] of Object.entries(expected)) {
      const headers = cast.as[persona as keyof typeof cast.as];
      expect([persona, (await api("GET", `/shops/${cast.shop.slug}/sms`, headers)).statusCode]).toEqual([persona, status]);
      expect([persona, (await api("GET", `/shops/${cast.shop.slug}/sms/entries`, headers)).statusCode]).toEqual([persona, status]);
    }
    expect((await api("GET", `/shops/${cast.shop.slug}/sms`, cast.as.accountant)).json()).toMatchObject({
      shop_name: "Café Olé",
      can_buy: false,
    });
    expect((await api("GET", `/shops/${cast.shop.slug}/sms`, cast.as.admin)).json().can_buy).toBe(true);
  });

  it("buying: the owner and admins; accountants, other roles, another shop's owner and customers 403, anonymous 401", async () => {
    const expected = {
      owner: 200,
      admin: 200,
      accountant: 403,
      dispatcher: 403,
      qrreader: 403,
      otherOwner: 403,
      customer: 403,
      anonymous: 401,
    };
    for (const [persona, status] of Object.entries(expected)) {
      const headers = cast.as[persona as keyof typeof cast.as];
      const response = await api("PUT", `/shops/${cast.shop.slug}/sms/packages/sms_500/purchase`, headers);
      expect([persona, response.statusCode]).toEqual([persona, status]);
    }
    // One open purchase per shop and package: the owner and the admin got the same token.
    const token = await buy(cast.shop.slug, cast.as.owner, "sms_500");
    expect(await buy(cast.shop.slug, cast.as.admin, "sms_500")).toBe(token);
    // The purchase is seen and paid only by who may buy for its shop: to the others it does not exist.
    for (const persona of ["accountant", "otherOwner", "customer"] as const) {
      expect((await api("GET", `/sms/purchases/${token}`, cast.as[persona])).json().code).toBe("sms_purchase_not_found");
      expect((await pay(cast.as[persona], token)).statusCode).toBe(404);
    }
    expect((await api("GET", `/sms/purchases/${token}`)).statusCode).toBe(401);
    expect((await pay({}, token)).statusCode).toBe(401);
    expect((await api("GET", `/sms/purchases/${token}`, cast.as.admin)).json()).toMatchObject({
      state: "pending_payment",
      shop_slug: cast.shop.slug,
      amount: 44_900,
    });
  });

  it("paying by card adds the package's credits once: a declined card adds nothing, a replayed webhook nothing more", async () => {
    const { owner, shop } = await newShop();
    const headers = await signIn(t.ctx, owner.id);
    const token = await buy(shop.slug, headers);
    const declined = await pay(headers, token, sandboxCards.decline);
    expect(declined.json()).toMatchObject({ status: "failed", code: "card_declined" });
    expect(await balanceOf(shop.id)).toBe(0);

    const paid = await pay(headers, token);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: "paid", purchase: { state: "paid", package: { credits: 100 } } });
    expect((await api("GET", `/shops/${shop.slug}/sms`, headers)).json()).toMatchObject({
      balance: 100,
      purchased_total: 100,
      sent_total: 0,
    });
    const ledger = (await api("GET", `/shops/${shop.slug}/sms/entries`, headers)).json();
    expect(ledger.results).toMatchObject([{ kind: "purchase", amount: 100, balance_after: 100, package_id: "sms_100" }]);

    // The gateway says it again: settled already, nothing more is added.
    const [attempt] = await t.ctx.db.select().from(smsPayments).where(eq(smsPayments.status, "succeeded"));
    const signed = t.ctx.payments.signWebhook({
      id: `evt_${randomUUID()}`,
      type: "payment.succeeded",
      payment_id: attempt.id,
      ref: attempt.providerRef!,
    });
    await t.app.inject({
      method: "POST",
      url: "/api/v1/payments/webhooks/sandbox",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signed.signature },
      payload: signed.body,
    });
    expect(await settleSmsPayment(t.ctx, attempt.id, attempt.providerRef!)).toBe(false);
    expect(await balanceOf(shop.id)).toBe(100);
    expect((await pay(headers, token)).json().code).toBe("sms_already_paid");
  });

  it("an SMS to a customer spends one credit, once even when the job runs again; an e-mail spends none", async () => {
    const { shop, product } = await newShop();
    await giveCredits(shop.id, 2);
    const customer = await phoneCustomer();
    await order(shop.slug, product.id, customer.headers);
    await runDueJobs(t.ctx);
    expect(await smsTo(customer.to)).toHaveLength(1);
    expect(await balanceOf(shop.id)).toBe(1);

    const emailCustomer = await createUser(t.ctx);
    await order(shop.slug, product.id, await signIn(t.ctx, emailCustomer.id));
    await runDueJobs(t.ctx);
    expect((await listOutbox(t.ctx.db, 10, emailCustomer.email as string)).map((message) => message.channel)).toEqual(["email"]);
    expect(await balanceOf(shop.id)).toBe(1);

    const sends = await t.ctx.db
      .select()
      .from(smsEntries)
      .where(and(eq(smsEntries.shopId, shop.id), eq(smsEntries.kind, "send")));
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ amount: -1, balanceAfter: 1, recipient: `••••${customer.to.slice(-4)}` });
  });

  it("at zero the SMS is skipped, e-mail still goes, and the owner hears 'sms_runout' once per run-out", async () => {
    const { owner, shop, product } = await newShop();
    await giveCredits(shop.id, 1);
    const first = await phoneCustomer();
    await order(shop.slug, product.id, first.headers);
    await runDueJobs(t.ctx);
    expect(await smsTo(first.to)).toHaveLength(1);

    const second = await phoneCustomer();
    const third = await phoneCustomer();
    await order(shop.slug, product.id, second.headers);
    await order(shop.slug, product.id, third.headers);
    const emailCustomer = await createUser(t.ctx);
    await order(shop.slug, product.id, await signIn(t.ctx, emailCustomer.id));
    await runDueJobs(t.ctx);
    expect(await smsTo(second.to)).toHaveLength(0);
    expect(await smsTo(third.to)).toHaveLength(0);
    expect(await listOutbox(t.ctx.db, 10, emailCustomer.email as string)).toHaveLength(1);
    expect(await balanceOf(shop.id)).toBe(0);

    const raised = await runoutAlerts(owner.id);
    expect(raised).toHaveLength(1);
    expect(raised[0].messageBody.es).toBe(
      "Tienda Luna se quedó sin SMS: tus clientes ya no reciben avisos por SMS. Compra un paquete para reanudarlos",
    );
    expect(alertTarget({ origin_app: "system", params: raised[0].params }, { kind: "site" })).toBe("/me/sms/packages");

    // A new package resumes the SMS; the next run-out alerts again.
    await giveCredits(shop.id, 1);
    const fourth = await phoneCustomer();
    const fifth = await phoneCustomer();
    await order(shop.slug, product.id, fourth.headers);
    await order(shop.slug, product.id, fifth.headers);
    await runDueJobs(t.ctx);
    expect((await smsTo(fourth.to)).length + (await smsTo(fifth.to)).length).toBe(1);
    expect(await runoutAlerts(owner.id)).toHaveLength(2);
  });

  it("two SMS at once with one credit left: exactly one goes out and the balance stays at zero", async () => {
    const { shop, product } = await newShop();
    const a = await phoneCustomer();
    const b = await phoneCustomer();
    const purchaseA = await order(shop.slug, product.id, a.headers);
    const purchaseB = await order(shop.slug, product.id, b.headers);
    await giveCredits(shop.id, 1);
    await Promise.all([
      sendOrderNotice(t.ctx, { kind: "purchase_created", checkoutId: purchaseA.id }),
      sendOrderNotice(t.ctx, { kind: "purchase_created", checkoutId: purchaseB.id }),
    ]);
    expect((await smsTo(a.to)).length + (await smsTo(b.to)).length).toBe(1);
    expect(await balanceOf(shop.id)).toBe(0);
    const sends = await t.ctx.db
      .select()
      .from(smsEntries)
      .where(and(eq(smsEntries.shopId, shop.id), eq(smsEntries.kind, "send")));
    expect(sends).toHaveLength(1);
  });

  it("a sign-up PIN by SMS is the platform's: it goes out and spends no shop's credits", async () => {
    const { shop } = await newShop();
    await giveCredits(shop.id, 1);
    const before = await t.ctx.db.select().from(smsEntries);
    const register = await api(
      "POST",
      "/auth/register",
      { "x-forwarded-for": "10.77.0.1" },
      {
        type: "phone",
        phone: "55 8765 1234",
        country: "MX",
        country_code: "52",
        full_name: "Beto",
        password: "secreto123",
        tac: true,
      },
    );
    expect(register.statusCode).toBe(200);
    expect(await smsTo("+525587651234")).toHaveLength(1);
    expect(await balanceOf(shop.id)).toBe(1);
    expect(await t.ctx.db.select().from(smsEntries)).toHaveLength(before.length);
  });

  it("refuses a negative balance in the database itself (the check constraint)", async () => {
    const { shop } = await newShop();
    await giveCredits(shop.id, 1);
    await expect(t.ctx.db.update(smsAccounts).set({ balance: -1 }).where(eq(smsAccounts.shopId, shop.id))).rejects.toThrow();
  });
});
