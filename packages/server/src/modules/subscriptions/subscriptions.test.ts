import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../adapters/payments/sandbox";
import { outboxMessages, users } from "../../db/schema/accounts";
import { alerts } from "../../db/schema/alerts";
import { savedCards, subscriptionCharges, subscriptions } from "../../db/schema/subscriptions";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { renewSubscription } from "./billing";
import { currentMembership, installMembership } from "./service";

const DAY = 24 * 60 * 60 * 1000;

describe("subscriptions: trial, card set-up, recurring charges, cancel and reactivate", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const api = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const cardToken = (number: string) => {
    const year = t.clock.now().getUTCFullYear() + 3;
    return t.ctx.payments.tokenizeCard({ number, expMonth: 12, expYear: year, cvc: "123" })!;
  };
  async function shopOwner(username?: string) {
    const user = (await createUser(t.ctx, username ? { username, email: username } : {}))!;
    const shop = (await createShop(t.ctx, user.id))!;
    await t.ctx.db.update(users).set({ userLevel: 2 }).where(eq(users.id, user.id));
    return { user, shop, headers: await signIn(t.ctx, user.id) };
  }
  const chargesOf = async (userId: string) => t.ctx.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.userId, userId));
  const subscriptionOf = async (userId: string) =>
    (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
  /** The gateway's 3-D Secure page: the subscriber approves (or rejects) and is sent back to the subscription page. */
  async function decide3ds(url: string, outcome: "approve" | "reject") {
    const page = await t.app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    const query = Object.fromEntries(new URL(url, "http://x").searchParams);
    const answer = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/3ds",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...query, outcome }).toString(),
    });
    expect(answer.statusCode).toBe(303);
    return { page: page.body, location: answer.headers.location };
  }

  it("lists the static plans publicly: 199.00 MXN a month, rate 0.5, margin 99.50", async () => {
    const response = await api("GET", "/plans");
    expect(response.statusCode).toBe(200);
    const plans = response.json().results;
    expect(plans.map((plan: { id: string }) => plan.id)).toEqual([
      "plan_profesional",
      "tienda_en_linea",
      "negocio_digital",
      "facturacion_electronica",
    ]);
    for (const plan of plans)
      expect(plan).toMatchObject({
        price: "199.00",
        currency: "MXN",
        periodicity: "month",
        plan_commission_rate: "0.5",
        contribution_margin: "99.50",
      });
  });

  it("answers 401 to visitors on every /me route", async () => {
    const routes: [Parameters<typeof api>[0], string, object?][] = [
      ["GET", "/me/subscription"],
      ["PUT", "/me/subscription", { plan: "plan_profesional" }],
      ["POST", "/me/subscription/cancel"],
      ["GET", "/me/cards"],
      ["POST", "/me/cards", { token: "x".repeat(20) }],
      ["PUT", "/me/cards/default", { card_id: crypto.randomUUID() }],
      ["DELETE", `/me/cards/${crypto.randomUUID()}`],
      ["POST", `/me/cards/${crypto.randomUUID()}/restore`],
      ["GET", "/me/subscription/charges"],
      ["GET", `/me/subscription/charges/${crypto.randomUUID()}`],
    ];
    for (const [method, url, payload] of routes) expect((await api(method, url, {}, payload)).statusCode, `${method} ${url}`).toBe(401);
  });

  it("a shop owner starts the trial from the prompt (case 1), sets up a card and is charged when the trial ends", async () => {
    const { user, shop, headers: firstSession } = await shopOwner();
    let headers = firstSession;
    const before = (await api("GET", "/me/subscription", headers)).json();
    expect(before.prompt).toMatchObject({ case: 1, action: "start_trial", plan: { id: "plan_profesional" }, trial_days: 30 });
    expect(before.membership.plan.id).toBe("gratis");

    const installed = await api("PUT", "/me/subscription", headers, { plan: "plan_profesional", shop: shop.slug });
    expect(installed.statusCode).toBe(200);
    expect(installed.json()).toMatchObject({ url_3ds: null, pending_subscription: true });
    const trial = installed.json().subscription;
    expect(trial.current_subscription).toMatchObject({ state: "in_trial", card_last4: null, current_plan: { id: "plan_profesional" } });
    expect(trial.membership).toMatchObject({ plan: { id: "plan_profesional" }, source: "subscription", trial: true });
    expect(trial.prompt).toMatchObject({ case: 3, action: "setup_card" });
    const trialAlerts = await t.ctx.db.select().from(alerts).where(eq(alerts.recipientId, user.id));
    expect(trialAlerts.map((alert) => alert.messageBody.es)).toContain("Comenzó tu prueba gratis de Plan profesional: 30 días");

    const added = await api("POST", "/me/cards", headers, { token: cardToken(sandboxCards.success) });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ url_3ds: null, card: { brand: "visa", last4: "4242", default: true } });
    const afterCard = (await api("GET", "/me/subscription", headers)).json();
    expect(afterCard).toMatchObject({ pending_subscription: false, prompt: null, current_subscription: { card_last4: "4242" } });
    const [validation] = await chargesOf(user.id);
    expect(validation).toMatchObject({ kind: "validation", amount: 1000, currency: "MXN", status: "succeeded" });

    t.clock.advance(31 * DAY);
    await runDueJobs(t.ctx);
    headers = await signIn(t.ctx, user.id); // sessions last 30 days
    const charges = (await api("GET", "/me/subscription/charges", headers)).json();
    expect(charges.matches_estimated).toBe(2);
    const [recurring, refunded] = charges.results;
    expect(recurring).toMatchObject({
      kind: "recurring",
      amount: 19900,
      status: "succeeded",
      plan: { id: "plan_profesional" },
      card_last4: "4242",
    });
    expect(refunded).toMatchObject({ kind: "validation", status: "refunded" });
    const receipt = await api("GET", `/me/subscription/charges/${recurring.id}`, headers);
    expect(receipt.json()).toMatchObject({ id: recurring.id, receipt_number: expect.stringMatching(/^R-[0-9A-F]{8}$/) });
    const active = (await api("GET", "/me/subscription", headers)).json();
    expect(active.current_subscription).toMatchObject({
      state: "active",
      period_start: recurring.period_start,
      period_end: recurring.period_end,
    });
    expect(active.membership).toMatchObject({ plan: { id: "plan_profesional" }, trial: false });
  });

  it("charges a period once: two instances and a restarted job make one charge", async () => {
    const { user, headers } = await shopOwner();
    await api("PUT", "/me/subscription", headers, { plan: "tienda_en_linea" });
    await api("POST", "/me/cards", headers, { token: cardToken(sandboxCards.success) });
    t.clock.advance(15 * DAY);
    const sub = await subscriptionOf(user.id);
    const results = await Promise.all([
      renewSubscription(t.ctx, sub.id),
      renewSubscription(t.ctx, sub.id),
      renewSubscription(t.ctx, sub.id),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await renewSubscription(t.ctx, sub.id);
    await runDueJobs(t.ctx);
    const recurring = (await chargesOf(user.id)).filter((charge) => charge.kind === "recurring");
    expect(recurring).toHaveLength(1);
    expect(recurring[0]).toMatchObject({ status: "succeeded", amount: 19900 });
  });

  it("3-D Secure: the validation and the recurring charge wait for the bank; the subscriber gets the link by alert and e-mail", async () => {
    const { user, headers: firstSession } = await shopOwner("tresde@example.com");
    let headers = firstSession;
    await api("PUT", "/me/subscription", headers, { plan: "plan_profesional" });
    const added = await api("POST", "/me/cards", headers, { token: cardToken(sandboxCards.threeDS) });
    expect(added.statusCode).toBe(201);
    const setupUrl = added.json().url_3ds as string;
    expect(setupUrl).toMatch(/^\/sandbox-pay\/3ds\?/);
    expect((await api("GET", "/me/cards", headers)).json().results).toEqual([]);
    const setup = await decide3ds(setupUrl, "approve");
    expect(setup.page).toContain("$10.00");
    expect(setup.location).toMatch(/^\/apps\/me\/suscripcion\?tarjeta=/);
    expect((await api("GET", "/me/cards", headers)).json().results).toMatchObject([{ last4: "3220", default: true }]);

    t.clock.advance(31 * DAY);
    await runDueJobs(t.ctx);
    headers = await signIn(t.ctx, user.id); // sessions last 30 days
    const waiting = (await api("GET", "/me/subscription", headers)).json();
    expect(waiting.current_subscription.state).toBe("past_due");
    expect(waiting.url_3ds).toMatch(/^\/sandbox-pay\/3ds\?/);
    expect(waiting.membership.plan.id).toBe("plan_profesional");
    const [mail] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, "tresde@example.com"));
    expect(mail?.body).toContain("Tu banco pide confirmar el cobro de $199.00 de Plan profesional: http");
    const recurring = (await api("GET", "/me/subscription/charges", headers)).json().results[0];
    expect(recurring).toMatchObject({ kind: "recurring", status: "requires_action", url_3ds: waiting.url_3ds });

    await decide3ds(waiting.url_3ds, "approve");
    const paid = (await api("GET", "/me/subscription", headers)).json();
    expect(paid).toMatchObject({ url_3ds: null, current_subscription: { state: "active" } });
    const [charge] = (await chargesOf(user.id)).filter((row) => row.kind === "recurring");
    expect(charge?.status).toBe("succeeded");
  });

  it("a failing card is retried 1, 3 and 5 days later, then the subscription expires; the upgrade never happens", async () => {
    const { user, headers } = await shopOwner();
    await api("PUT", "/me/subscription", headers, { plan: "tienda_en_linea" });
    await api("POST", "/me/cards", headers, { token: cardToken(sandboxCards.success) });
    const change = (await api("GET", "/me/subscription", headers)).json();
    expect(change.prompt).toMatchObject({ case: 4, action: "change_plan", plan: { id: "negocio_digital" } });
    expect((await api("PUT", "/me/subscription", headers, { plan: "negocio_digital" })).statusCode).toBe(200);
    expect((await api("PUT", "/me/subscription", headers, { plan: "facturacion_electronica" })).json().code).toBe("plan_not_offered");
    // The bank stops accepting the saved card.
    await t.ctx.db.update(savedCards).set({ gatewayToken: "revoked.token" }).where(eq(savedCards.userId, user.id));

    t.clock.advance(15 * DAY);
    await runDueJobs(t.ctx);
    let view = (await api("GET", "/me/subscription", headers)).json();
    expect(view.current_subscription).toMatchObject({ state: "past_due", current_plan: { id: "tienda_en_linea" } });
    expect(view.membership.plan.id).toBe("tienda_en_linea");
    expect(view.prompt).toMatchObject({ case: 6, action: "reactivate" });
    for (const days of [1, 3, 5]) {
      t.clock.advance(days * DAY + 1000);
      await runDueJobs(t.ctx);
    }
    const [charge] = (await chargesOf(user.id)).filter((row) => row.kind === "recurring");
    expect(charge).toMatchObject({ status: "failed", attempts: 4, planId: "negocio_digital" });
    view = (await api("GET", "/me/subscription", headers)).json();
    expect(view.current_subscription).toMatchObject({ state: "expired", current_plan: { id: "tienda_en_linea" } });
    expect(view.membership.plan.id).toBe("gratis");
    expect(view.prompt).toMatchObject({ case: 2, action: "subscribe", plan: { id: "plan_profesional" } });
    const bodies = (await t.ctx.db.select().from(alerts).where(eq(alerts.recipientId, user.id))).map((alert) => alert.messageBody.es);
    expect(bodies).toContain("Tu suscripción a Tienda en línea venció. Reactívala cuando quieras");
    expect(bodies.filter((body) => body.startsWith("No pudimos cobrar"))).toHaveLength(3);
    const mails = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, user.email!));
    expect(mails.map((mail) => mail.subject)).toContain("Novedades de tu suscripción");
    expect(
      mails.some((mail) => mail.body.startsWith("Tu suscripción a Tienda en línea venció") && mail.body.includes("/apps/me/suscripcion")),
    ).toBe(true);
  });

  it("cancel keeps the plan until the period ends; reactivate; after expiry subscribing charges the card on file", async () => {
    const { user, headers: firstSession } = await shopOwner();
    let headers = firstSession;
    await api("PUT", "/me/subscription", headers, { plan: "plan_profesional" });
    await api("POST", "/me/cards", headers, { token: cardToken(sandboxCards.success) });
    const canceled = await api("POST", "/me/subscription/cancel", headers);
    expect(canceled.json()).toMatchObject({ prompt: { case: 5, action: "reactivate" }, current_subscription: { state: "in_trial" } });
    expect((await api("POST", "/me/subscription/cancel", headers)).statusCode).toBe(409);
    const reactivated = await api("PUT", "/me/subscription", headers, { plan: "plan_profesional" });
    expect(reactivated.json().subscription.current_subscription.canceled_at).toBeNull();

    await api("POST", "/me/subscription/cancel", headers);
    t.clock.advance(31 * DAY);
    await runDueJobs(t.ctx);
    headers = await signIn(t.ctx, user.id); // sessions last 30 days
    expect((await chargesOf(user.id)).filter((row) => row.kind === "recurring")).toEqual([]);
    const expired = (await api("GET", "/me/subscription", headers)).json();
    expect(expired).toMatchObject({ trial_used: true, membership: { plan: { id: "gratis" } }, prompt: { case: 2 } });

    const subscribed = await api("PUT", "/me/subscription", headers, { plan: "plan_profesional" });
    expect(subscribed.json()).toMatchObject({
      url_3ds: null,
      pending_subscription: false,
      subscription: { current_subscription: { state: "active" } },
    });
    const [first] = (await chargesOf(user.id)).filter((row) => row.kind === "recurring");
    expect(first).toMatchObject({ status: "succeeded", amount: 19900 });
  });

  it("cards: never deletes the selected or the only card; a card in its undo window is never charged nor selected", async () => {
    const { user, headers } = await shopOwner();
    const stranger = await signIn(t.ctx, (await createUser(t.ctx))!.id);
    await api("PUT", "/me/subscription", headers, { plan: "tienda_en_linea" });
    const first = (await api("POST", "/me/cards", headers, { token: cardToken(sandboxCards.success) })).json().card;
    expect((await api("DELETE", `/me/cards/${first.id}`, headers)).json().code).toBe("card_in_use");
    const second = (await api("POST", "/me/cards", headers, { token: cardToken("5555555555554444") })).json().card;
    expect(second).toMatchObject({ brand: "mastercard", default: false });
    expect((await api("DELETE", `/me/cards/${first.id}`, headers)).statusCode).toBe(409);
    expect((await api("DELETE", `/me/cards/${second.id}`, stranger)).statusCode).toBe(404);

    const deleting = await api("DELETE", `/me/cards/${second.id}`, headers);
    expect(deleting.statusCode).toBe(200);
    expect((await api("GET", "/me/cards", headers)).json().results.map((card: { id: string }) => card.id)).toEqual([first.id]);
    expect((await api("PUT", "/me/cards/default", headers, { card_id: second.id })).statusCode).toBe(404);
    expect((await api("POST", `/me/cards/${second.id}/restore`, stranger)).statusCode).toBe(404);
    expect((await api("POST", `/me/cards/${second.id}/restore`, headers)).json()).toMatchObject({ id: second.id });

    const selected = await api("PUT", "/me/cards/default", headers, { card_id: second.id });
    expect(selected.json().results.find((card: { default: boolean }) => card.default).id).toBe(second.id);
    await api("DELETE", `/me/cards/${first.id}`, headers);
    // Even if the deleted card were the default when the charge runs (a race), the charge skips it.
    await t.ctx.db.update(savedCards).set({ isDefault: false }).where(eq(savedCards.id, second.id));
    await t.ctx.db.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, first.id));
    t.clock.advance(15 * DAY);
    await renewSubscription(t.ctx, (await subscriptionOf(user.id)).id);
    const [charge] = (await chargesOf(user.id)).filter((row) => row.kind === "recurring");
    expect(charge).toMatchObject({ status: "retrying", failureCode: "no_card", cardId: null });
    await runDueJobs(t.ctx);
    const [gone] = await t.ctx.db.select().from(savedCards).where(eq(savedCards.id, first.id));
    expect(gone?.deletedAt).not.toBeNull();
    expect((await api("POST", `/me/cards/${first.id}/restore`, headers)).statusCode).toBe(404);

    // A card saved while a charge waits for its retry is charged at once.
    await t.ctx.db.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, second.id));
    const again = await api("PUT", "/me/cards/default", headers, { card_id: second.id });
    expect(again.statusCode).toBe(200);
    const [retried] = (await chargesOf(user.id)).filter((row) => row.kind === "recurring");
    expect(retried).toMatchObject({ status: "succeeded", cardId: second.id, attempts: 2 });
  });

  it("another user's charge is as missing as one that does not exist", async () => {
    const owner = await shopOwner();
    await api("PUT", "/me/subscription", owner.headers, { plan: "plan_profesional" });
    await api("POST", "/me/cards", owner.headers, { token: cardToken(sandboxCards.success) });
    const [charge] = await chargesOf(owner.user.id);
    const other = await signIn(t.ctx, (await createUser(t.ctx))!.id);
    expect((await api("GET", `/me/subscription/charges/${charge!.id}`, other)).statusCode).toBe(404);
    expect((await api("GET", "/me/subscription/charges", other)).json()).toEqual({ results: [], matches_estimated: 0 });
    expect((await api("GET", `/me/subscription/charges/${charge!.id}`, owner.headers)).statusCode).toBe(200);
  });

  it("a declined card is not kept", async () => {
    const { headers } = await shopOwner();
    const declined = await api("POST", "/me/cards", headers, { token: cardToken(sandboxCards.decline) });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().code).toBe("card_declined");
    expect((await api("GET", "/me/cards", headers)).json().results).toEqual([]);
    expect((await api("POST", "/me/cards", headers, { token: "not-a-token-at-all" })).json().code).toBe("card_token_invalid");
  });
});

describe("installMembership: the door sign-up and packages use; the user level follows the membership", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const levelOf = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.userLevel;

  it("sign-up with the free plan makes an entrepreneur (ul1); a package makes ul2 until it lapses", async () => {
    const user = (await createUser(t.ctx))!;
    expect(await installMembership(t.ctx, { userId: user.id, planId: "gratis", source: "signup" })).toMatchObject({ userLevel: 1 });
    const validUntil = new Date(t.clock.now().getTime() + 10 * DAY);
    const installed = await installMembership(t.ctx, { userId: user.id, planId: "negocio_digital", source: "package", validUntil });
    expect(installed).toMatchObject({ userLevel: 2, membership: { plan: { id: "negocio_digital" }, source: "package" } });
    t.clock.advance(11 * DAY);
    await runDueJobs(t.ctx);
    expect((await currentMembership(t.ctx.db, user.id, t.clock.now())).plan.id).toBe("gratis");
    expect(await levelOf(user.id)).toBe(1);
  });

  it("sign-up with a plan and trial starts the trial subscription in the caller's transaction", async () => {
    const user = (await createUser(t.ctx))!;
    const result = await t.ctx.db.transaction((tx) =>
      installMembership(tx, { userId: user.id, planId: "tienda_en_linea", source: "signup", trial: true, now: t.clock.now() }),
    );
    expect(result).toMatchObject({ userLevel: 2, membership: { plan: { id: "tienda_en_linea" }, trial: true } });
    const [sub] = await t.ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.state, "in_trial")));
    expect(sub?.trialUsed).toBe(true);
  });

  it("keeps a shop owner at ul2 and a hand-given ul3", async () => {
    const owner = (await createUser(t.ctx, { userLevel: 2 }))!;
    await createShop(t.ctx, owner.id);
    expect((await installMembership(t.ctx, { userId: owner.id, planId: "gratis", source: "signup" })).userLevel).toBe(2);
    const staff = (await createUser(t.ctx, { userLevel: 3 }))!;
    expect((await installMembership(t.ctx, { userId: staff.id, planId: "gratis", source: "signup" })).userLevel).toBe(3);
  });
});
