import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../adapters/payments/sandbox";
import { users } from "../../db/schema/accounts";
import { packagePayments, packagePurchases } from "../../db/schema/packages";
import { shops } from "../../db/schema/shops";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { SIGNATURE_HEADER } from "../payments/routes";
import { currentMembership } from "../subscriptions/service";

let ipCounter = 0;
/** A distinct client address per sign-up, so per-IP limits only bite where a test wants them to. */
const client = () => {
  ipCounter += 1;
  return { "x-forwarded-for": `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` };
};

describe("membership packages: list, purchase, payment, no downgrade while active", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PIN_SKIPPABLE: "true" });
  });
  afterAll(async () => t.close());

  const api = (method: "GET" | "PUT" | "POST", url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const cardToken = (number: string) => t.ctx.payments.tokenizeCard({ number, expMonth: 12, expYear: 2040, cvc: "123" })!;
  async function buyer() {
    const user = await createUser(t.ctx);
    return { user, headers: await signIn(t.ctx, user.id) };
  }
  async function buy(headers: Record<string, string>, id: string) {
    const response = await api("PUT", `/packages/${id}/purchase`, headers);
    expect(response.statusCode).toBe(200);
    return response.json().payment_token as string;
  }
  const pay = (headers: Record<string, string>, token: string, number: string = sandboxCards.success, extra = {}) =>
    api("POST", `/packages/purchases/${token}/pay`, { ...headers, ...extra }, { card_token: cardToken(number) });

  it("lists the packages to anyone, cheapest first, in the visitor's language", async () => {
    const list = await api("GET", "/packages");
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((pkg: { id: string }) => pkg.id)).toEqual(["paquete_mensual", "paquete_semestral", "paquete_anual"]);
    expect(list.json().results[0]).toMatchObject({ name: "Paquete mensual", price: 19_900, currency: "MXN", months: 1 });
    expect((await api("GET", "/packages/paquete_anual", { "x-locale": "en" })).json()).toMatchObject({
      name: "Annual package",
      monthly_price: 16_583,
    });
    expect((await api("GET", "/packages/paquete_gratis")).statusCode).toBe(400);
  });

  it("buying, paying and reading a purchase need an account (anonymous 401)", async () => {
    const { headers } = await buyer();
    const token = await buy(headers, "paquete_mensual");
    expect((await api("PUT", "/packages/paquete_mensual/purchase")).statusCode).toBe(401);
    expect((await api("GET", "/packages/current")).statusCode).toBe(401);
    expect((await api("GET", `/packages/purchases/${token}`)).statusCode).toBe(401);
    const anonymousPay = await api("POST", `/packages/purchases/${token}/pay`, {}, { card_token: cardToken(sandboxCards.success) });
    expect(anonymousPay.statusCode).toBe(401);
  });

  it("another user (a shop owner, a customer) never sees or pays someone's purchase", async () => {
    const { headers } = await buyer();
    const token = await buy(headers, "paquete_mensual");
    const owner = await createUser(t.ctx);
    await createShop(t.ctx, owner.id);
    for (const other of [await signIn(t.ctx, owner.id), (await buyer()).headers]) {
      expect((await api("GET", `/packages/purchases/${token}`, other)).json().code).toBe("package_purchase_not_found");
      expect((await pay(other, token)).statusCode).toBe(404);
    }
    expect((await api("GET", `/packages/purchases/${token}`, headers)).json().state).toBe("pending_payment");
  });

  it("a retried purchase answers the same payment token: one open purchase per package", async () => {
    const { user, headers } = await buyer();
    const [first, second] = await Promise.all([buy(headers, "paquete_semestral"), buy(headers, "paquete_semestral")]);
    expect(first).toBe(second);
    expect(first).toMatch(/^pkg_/);
    const rows = await t.ctx.db.select().from(packagePurchases).where(eq(packagePurchases.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it("paying installs the package's plan until the time it bought; a renewal starts when the current one ends", async () => {
    const { user, headers } = await buyer();
    const token = await buy(headers, "paquete_mensual");
    const paid = await pay(headers, token);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: "paid", purchase: { state: "paid", amount: 19_900 } });
    const until = new Date(paid.json().purchase.valid_until);
    expect(Math.round((until.getTime() - t.clock.now().getTime()) / 86_400_000)).toBeGreaterThanOrEqual(28);
    const membership = await currentMembership(t.ctx.db, user.id, t.clock.now());
    expect(membership).toMatchObject({ plan: { id: "plan_profesional" }, source: "package" });
    expect(membership.validUntil?.toISOString()).toBe(until.toISOString());
    const [row] = await t.ctx.db.select({ level: users.userLevel }).from(users).where(eq(users.id, user.id));
    expect(row.level).toBe(2);
    expect((await api("GET", "/packages/current", headers)).json().current).toMatchObject({
      package: { id: "paquete_mensual" },
      valid_until: until.toISOString(),
    });

    const renewal = await pay(headers, await buy(headers, "paquete_mensual"));
    expect(renewal.json().purchase.valid_from).toBe(until.toISOString());
    expect((await pay(headers, token)).json().code).toBe("package_already_paid");
  });

  it("refuses a downgrade while the current package is active, with the spec's details", async () => {
    const { headers } = await buyer();
    const annual = await pay(headers, await buy(headers, "paquete_anual"));
    const refused = await api("PUT", "/packages/paquete_mensual/purchase", headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "package_still_active_no_downgrade",
      message: "Tu paquete actual sigue vigente; podrás cambiar a uno menor cuando venza",
      details: {
        requested_package: { id: "paquete_mensual", name: "Paquete mensual" },
        current_package: { id: "paquete_anual", name: "Paquete anual" },
        charge_date: annual.json().purchase.valid_until,
      },
    });
    expect((await api("PUT", "/packages/paquete_anual/purchase", headers)).statusCode).toBe(200);
  });

  it("a declined card leaves the purchase unpaid with its reason; another card pays it", async () => {
    const { headers } = await buyer();
    const token = await buy(headers, "paquete_mensual");
    const declined = await pay(headers, token, sandboxCards.decline);
    expect(declined.json()).toMatchObject({ status: "failed", code: "card_declined", purchase: { last_failure: "card_declined" } });
    expect((await pay(headers, token)).json().status).toBe("paid");
  });

  it("3-D Secure: the gateway's page, then its webhook pays once; a replay or a second event never extends twice", async () => {
    const { user, headers } = await buyer();
    const token = await buy(headers, "paquete_semestral");
    const challenge = await pay(headers, token, sandboxCards.threeDS);
    expect(challenge.json().status).toBe("requires_action");
    const url: string = challenge.json().next_action.redirect_to_url.url;
    expect((await t.app.inject({ method: "GET", url })).body).toContain("Verificación 3D Secure");
    // A second try while the bank waits is refused: never two charges in flight.
    expect((await pay(headers, token)).json().code).toBe("payment_in_progress");

    const query = Object.fromEntries(new URL(url, "http://local").searchParams);
    const approved = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/3ds",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...query, outcome: "approve" }).toString(),
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`/apps/paquetes/paquete_semestral/pagar?token=${encodeURIComponent(token)}`);
    const purchase = (await api("GET", `/packages/purchases/${token}`, headers)).json();
    expect(purchase.state).toBe("paid");

    const [attempt] = await t.ctx.db.select().from(packagePayments).where(eq(packagePayments.id, query.payment));
    const webhook = async (id: string) => {
      const signed = t.ctx.payments.signWebhook({ id, type: "payment.succeeded", payment_id: attempt.id, ref: attempt.providerRef! });
      return t.app.inject({
        method: "POST",
        url: "/api/v1/payments/webhooks/sandbox",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signed.signature },
        payload: signed.body,
      });
    };
    expect((await webhook(`evt_${attempt.id}_approve`)).json().received).toBe("duplicate");
    expect((await webhook(`evt_${attempt.id}_again`)).json().received).toBe("applied");
    const after = (await api("GET", `/packages/purchases/${token}`, headers)).json();
    expect(after.valid_until).toBe(purchase.valid_until);
    const membership = await currentMembership(t.ctx.db, user.id, t.clock.now());
    expect(membership.validUntil?.toISOString()).toBe(purchase.valid_until);
  });

  it("two simultaneous payments of one purchase make one charge", async () => {
    const { user, headers } = await buyer();
    const token = await buy(headers, "paquete_mensual");
    const answers = await Promise.all([pay(headers, token), pay(headers, token), pay(headers, token)]);
    const paid = answers.filter((answer) => answer.json().status === "paid");
    expect(paid).toHaveLength(1);
    for (const other of answers.filter((answer) => answer.json().status !== "paid"))
      expect(["payment_in_progress", "package_already_paid"]).toContain(other.json().code);
    const attempts = await t.ctx.db
      .select()
      .from(packagePayments)
      .innerJoin(packagePurchases, eq(packagePurchases.id, packagePayments.purchaseId))
      .where(eq(packagePurchases.userId, user.id));
    expect(attempts.filter((row) => row.package_payments.status === "succeeded")).toHaveLength(1);
  });

  it("an Idempotency-Key retry of a payment replays the answer without charging again", async () => {
    const { headers } = await buyer();
    const token = await buy(headers, "paquete_mensual");
    const card = { card_token: cardToken(sandboxCards.success) };
    const key = { "idempotency-key": `pay-${token}` };
    const first = await api("POST", `/packages/purchases/${token}/pay`, { ...headers, ...key }, card);
    const retry = await api("POST", `/packages/purchases/${token}/pay`, { ...headers, ...key }, card);
    expect(first.json().status).toBe("paid");
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json().purchase.valid_until).toBe(first.json().purchase.valid_until);
  });

  describe("sign-up from a landing", () => {
    let count = 0;
    async function signUp(extra: Record<string, unknown>) {
      count += 1;
      const email = `landing${count}@ejemplo.mx`;
      const headers = client();
      const registered = await api("POST", "/auth/register", headers, {
        type: "email",
        email,
        full_name: "Emprendedora",
        password: "secreto123",
        tac: true,
        ...extra,
      });
      expect(registered.statusCode).toBe(200);
      const activated = await api("POST", "/activate/pin/", headers, { code: registered.json().code, type: "email" });
      expect(activated.statusCode).toBe(200);
      const [user] = await t.ctx.db.select().from(users).where(eq(users.username, email));
      return { user, me: activated.json().user };
    }

    it("a plan landing installs its plan with the trial", async () => {
      const { user, me } = await signUp({ plan: "tienda_en_linea", landing_code: "tiendaenlinea", referral_id: "r-1", click_id: "c-1" });
      const membership = await currentMembership(t.ctx.db, user.id, t.clock.now());
      expect(membership).toMatchObject({ plan: { id: "tienda_en_linea" }, source: "subscription", trial: true });
      expect(me.user_level).toBe(2);
    });

    it("the entrepreneurs' landing installs the default plan: level one, the '¡Gana comisiones!' level", async () => {
      const { user, me } = await signUp({ landing_code: "emprendedores" });
      expect((await currentMembership(t.ctx.db, user.id, t.clock.now())).plan.id).toBe("gratis");
      expect(me.user_level).toBe(1);
    });

    it("the suppliers' landing opens a supplier's shop; without a landing nothing is installed", async () => {
      const supplier = await signUp({ landing_code: "proveedores", store: { name: "Quesos Oaxaca", slug: "quesos-oaxaca" } });
      const [shop] = await t.ctx.db.select().from(shops).where(eq(shops.ownerId, supplier.user.id));
      expect(shop).toMatchObject({ slug: "quesos-oaxaca", storeType: null });
      expect(supplier.me.user_level).toBe(2);
      const plain = await signUp({});
      expect((await currentMembership(t.ctx.db, plain.user.id, t.clock.now())).source).toBeNull();
      expect(plain.me.user_level).toBe(0);
    });

    it("refuses an unknown plan or landing (coded 400)", async () => {
      const bad = await api("POST", "/auth/register", client(), {
        type: "email",
        email: "bad@ejemplo.mx",
        full_name: "X",
        password: "secreto123",
        tac: true,
        plan: "plan_gratis_para_siempre",
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
