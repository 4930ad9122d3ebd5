import { localDate } from "@tianguis/domain/rules/reports";
import type { AuditEntryView } from "@tianguis/domain/schemas/audit";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../db/schema/audit";
import { paymentAccounts } from "../../db/schema/payment-accounts";
import { platformAdmins } from "../../db/schema/support";
import { type TestApp, createProduct, createTestApp, createUser, signIn, testDatabaseKind } from "../../test/harness";
import { type Persona, type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";
import { purgeExpiredAuditEntries } from "./service";

const DAY = 24 * 60 * 60 * 1000;
const guest = { full_name: "Ana López", email: "ana@example.com" };
/** The client's address as the loopback proxy in front of the test app forwards it (TRUST_PROXY=loopback). */
const from = (address: string) => ({ "x-forwarded-for": address });

describe(`audit log: every write of a shop's people, who and from where, for its owner (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  let platformAdmin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, {
      owner: { fullName: "Lucía Hernández" },
      shop: { name: "Casa Lucía" },
      members: { admin: { fullName: "Marta Admin" }, dispatcher: { fullName: "Diego Reparto" } },
    });
    const admin = await createUser(t.ctx, { fullName: "Pat Plataforma" });
    await t.ctx.db.insert(platformAdmins).values({ userId: admin.id });
    platformAdmin = await signIn(t.ctx, admin.id);
  });
  afterAll(async () => t.close());

  const api = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const activity = async (query = "") => {
    const response = await api("GET", `/shops/${cast.shop.slug}/activity${query}`, cast.as.owner);
    expect(response.statusCode).toBe(200);
    return response.json() as { results: AuditEntryView[]; matches_estimated: number };
  };
  /** The newest entry of a kind. */
  const latest = async (kind: string) => (await activity(`?kind=${kind}&limit=1`)).results[0];

  async function cardToken() {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    return response.json().token as string;
  }

  /** A guest's paid purchase of two units from the shop; answers the order's id. */
  async function paidOrder(): Promise<string> {
    const item = await createProduct(t.ctx, cast.shop.id, { listPrice: 25000, stock: 5, name: "Rebozo de seda" });
    const created = await api(
      "POST",
      `/shops/${cast.shop.slug}/checkout`,
      {},
      {
        items: [{ product_id: item.id, quantity: 2 }],
        contact: guest,
        delivery_type: "to_branch",
      },
    );
    expect(created.statusCode).toBe(201);
    const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
    const paid = await api(
      "POST",
      `/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      {},
      {
        method: "str_card",
        card_token: await cardToken(),
        return_path: "/pagado",
      },
    );
    expect(paid.json().status).toBe("paid");
    return purchase.orders[0].id;
  }

  describe("who may read the log: the owner only", () => {
    const cases: [Persona, number][] = [
      ["owner", 200],
      ["admin", 403],
      ["accountant", 403],
      ["dispatcher", 403],
      ["qrreader", 403],
      ["otherOwner", 403],
      ["customer", 403],
      ["anonymous", 401],
    ];
    it.each(cases)("%s: entries and people %i", async (persona, status) => {
      expect((await api("GET", `/shops/${cast.shop.slug}/activity`, cast.as[persona])).statusCode).toBe(status);
      expect((await api("GET", `/shops/${cast.shop.slug}/activity/actors`, cast.as[persona])).statusCode).toBe(status);
    });

    it("answers 404 for a shop that does not exist, and the other owner reads only their own shop's log", async () => {
      expect((await api("GET", "/shops/no-such-shop/activity", cast.as.owner)).json().code).toBe("shop_not_found");
      expect((await api("GET", `/shops/${cast.otherShop.slug}/activity`, cast.as.otherOwner)).json().results).toEqual([]);
    });
  });

  it("records a settings change with its before and after, who, in which role and from which address", async () => {
    const saved = await api("PATCH", `/shops/${cast.shop.slug}`, { ...cast.as.owner, ...from("203.0.113.7") }, { name: "Casa Lucía MX" });
    expect(saved.statusCode).toBe(200);
    const entry = await latest("settings");
    expect(entry).toMatchObject({
      kind: "settings",
      action: "update",
      actor: { id: cast.ids.owner, name: "Lucía Hernández", role: "owner" },
      entity_label: "Casa Lucía",
      changes: { name: { before: "Casa Lucía", after: "Casa Lucía MX" } },
      source_address: "203.0.113.7",
    });
    expect(Date.parse(entry.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records nothing when a form is saved as it was", async () => {
    const before = (await activity()).matches_estimated;
    await api("PATCH", `/shops/${cast.shop.slug}`, cast.as.owner, { name: "Casa Lucía MX" });
    expect((await activity()).matches_estimated).toBe(before);
  });

  it("records a product's creation, and a price change apart from its other fields, by an admin", async () => {
    const created = await api("POST", `/shops/${cast.shop.slug}/products`, cast.as.admin, {
      type: "product",
      name: "Jarrito de barro",
      list_price: 12000,
      stock: 4,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(await latest("product")).toMatchObject({
      action: "create",
      actor: { role: "admin", name: "Marta Admin" },
      entity_id: id,
      entity_label: "Jarrito de barro",
      changes: { name: { before: null, after: "Jarrito de barro" }, listPrice: { before: null, after: 12000 } },
    });
    const edited = await api("PATCH", `/shops/${cast.shop.slug}/products/${id}`, cast.as.admin, { list_price: 15000, stock: 6 });
    expect(edited.statusCode).toBe(200);
    const price = await latest("price");
    expect(price).toMatchObject({ action: "update", entity_id: id, changes: { listPrice: { before: 12000, after: 15000 } } });
    expect(Object.keys(price.changes)).toEqual(["listPrice"]);
    expect(await latest("product")).toMatchObject({ action: "update", changes: { stock: { before: 4, after: 6 } } });
  });

  it("records a payment account's keys by their hints only, never a secret", async () => {
    const keys = { public_key: "pk_test_51LuciaPublic0001", secret_key: "sk_test_51LuciaSecret9876", webhook_secret: "whsec_lucia_5555" };
    expect((await api("PUT", `/shops/${cast.shop.slug}/payment-accounts/stripe`, cast.as.owner, keys)).statusCode).toBe(200);
    expect((await api("DELETE", `/shops/${cast.shop.slug}/payment-accounts/stripe`, cast.as.admin)).statusCode).toBe(200);
    const [removed, connected] = (await activity("?kind=payment_account&limit=2")).results;
    expect(connected).toMatchObject({
      action: "create",
      entity_id: "stripe",
      actor: { role: "owner" },
      changes: { publicKey: { before: null, after: keys.public_key }, status: { before: null, after: "untested" } },
    });
    expect(removed).toMatchObject({
      action: "delete",
      actor: { role: "admin" },
      changes: { publicKey: { before: keys.public_key, after: null } },
    });
    const stored = JSON.stringify(await t.ctx.db.select().from(auditEntries));
    expect(stored).not.toContain(keys.secret_key);
    expect(stored).not.toContain(keys.webhook_secret);
  });

  it("records the switch between test mode and live money, both ways, with who made it", async () => {
    const keys = { public_key: "pk_test_51LuciaPublic0002", secret_key: "sk_test_51LuciaSecret0002", webhook_secret: "whsec_lucia_0002" };
    expect((await api("PUT", `/shops/${cast.shop.slug}/payment-accounts/stripe`, cast.as.owner, keys)).statusCode).toBe(200);
    // As the provider's connection test leaves it (that test calls Stripe, which this test does not reach).
    await t.ctx.db.update(paymentAccounts).set({ status: "connected" }).where(eq(paymentAccounts.shopId, cast.shop.id));
    const mode = (headers: Record<string, string>, live: boolean) =>
      api("PUT", `/shops/${cast.shop.slug}/payment-mode`, { ...headers, ...from("198.51.100.23") }, { live });
    expect((await mode(cast.as.admin, true)).json().live).toBe(true);
    expect(await latest("payment_account")).toMatchObject({
      action: "update",
      entity_id: "mode",
      actor: { id: cast.ids.admin, role: "admin" },
      changes: { live: { before: false, after: true } },
      source_address: "198.51.100.23",
    });
    // Back to test mode (the other tests pay through the sandbox, which answers only for shops in test mode).
    expect((await mode(cast.as.owner, false)).json().live).toBe(false);
    expect(await latest("payment_account")).toMatchObject({
      entity_id: "mode",
      actor: { role: "owner" },
      changes: { live: { before: true, after: false } },
    });
    expect((await api("DELETE", `/shops/${cast.shop.slug}/payment-accounts/stripe`, cast.as.owner)).statusCode).toBe(200);
  });

  it("records an order's next action, its cancellation and a refund, each with the state or amount before and after", async () => {
    const confirmed = await paidOrder();
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const next = await api("POST", `/shops/${cast.shop.slug}/orders/${confirmed}/next`, cast.as.admin, {
      from: "paid",
      estimated_delivery_date: tomorrow,
    });
    expect(next.json().state).toBe("confirmed");
    expect(
      (await api("POST", `/shops/${cast.shop.slug}/orders/${confirmed}/next`, cast.as.dispatcher, { from: "confirmed" })).statusCode,
    ).toBe(200);
    const [inProcess, confirm] = (await activity("?kind=order&limit=2")).results;
    expect(confirm).toMatchObject({
      action: "next_action",
      entity_id: confirmed,
      entity_label: expect.stringMatching(/^#\d+$/),
      actor: { role: "admin" },
      changes: { state: { before: "paid", after: "confirmed" } },
    });
    expect(inProcess).toMatchObject({ actor: { role: "dispatcher", name: "Diego Reparto" }, changes: { state: { before: "confirmed" } } });

    const canceled = await paidOrder();
    const reason = "Sin existencias del color elegido";
    expect((await api("POST", `/shops/${cast.shop.slug}/orders/${canceled}/cancel`, cast.as.owner, { reason })).statusCode).toBe(200);
    expect(await latest("order")).toMatchObject({
      action: "cancel",
      entity_id: canceled,
      changes: { state: { before: "paid", after: "canceled_by_supplier" }, note: { before: null, after: reason } },
    });

    const refunded = await paidOrder();
    const refund = await api("POST", `/shops/${cast.shop.slug}/orders/${refunded}/refunds`, cast.as.owner, {
      amount: 2_500,
      note: "Moño roto",
    });
    expect(refund.statusCode).toBe(201);
    expect(await latest("refund")).toMatchObject({
      action: "create",
      actor: { role: "owner" },
      changes: { amount: { before: null, after: 2_500 }, currency: { after: "MXN" }, note: { after: "Moño roto" } },
    });
  });

  it("records collaborators invited, their roles changed and their removal", async () => {
    const invited = await api("POST", `/shops/${cast.shop.slug}/collaborators`, cast.as.owner, {
      email: "rosa@ejemplo.mx",
      profiles: ["dispatcher"],
    });
    expect(invited.statusCode).toBe(201);
    const id = invited.json().id as string;
    await api("PATCH", `/shops/${cast.shop.slug}/collaborators/${id}`, cast.as.owner, { profiles: ["accountant", "dispatcher"] });
    await api("DELETE", `/shops/${cast.shop.slug}/collaborators/${id}`, cast.as.owner);
    const [removed, changed, created] = (await activity("?kind=collaborator&limit=3")).results;
    expect(created).toMatchObject({
      action: "create",
      entity_label: "rosa@ejemplo.mx",
      changes: { profiles: { before: null, after: ["dispatcher"] } },
    });
    expect(changed).toMatchObject({
      action: "update",
      changes: { profiles: { before: ["dispatcher"], after: ["accountant", "dispatcher"] } },
    });
    expect(removed).toMatchObject({ action: "delete", changes: { state: { before: "pending", after: null } } });
  });

  it("records the platform admin's actions on the shop, named as the platform", async () => {
    const disabled = await api("POST", `/platform/shops/${cast.shop.slug}/disable`, platformAdmin, { reason: "Revisión de documentos" });
    expect(disabled.statusCode).toBe(200);
    expect((await api("POST", `/platform/shops/${cast.shop.slug}/enable`, platformAdmin)).statusCode).toBe(200);
    const [enabled, disable] = (await activity("?kind=platform&limit=2")).results;
    expect(disable).toMatchObject({
      action: "disable",
      actor: { name: "Pat Plataforma", role: "platform_admin" },
      changes: { disabled: { before: false, after: true }, reason: { before: null, after: "Revisión de documentos" } },
    });
    expect(enabled).toMatchObject({ action: "enable", changes: { disabled: { before: true, after: false } } });
  });

  it("filters by person, kind of change and date range, and pages", async () => {
    const all = await activity();
    expect(all.matches_estimated).toBeGreaterThan(10);
    const byDispatcher = await activity(`?actor=${cast.ids.dispatcher}`);
    expect(byDispatcher.results.length).toBeGreaterThan(0);
    expect(byDispatcher.results.every((entry) => entry.actor.id === cast.ids.dispatcher)).toBe(true);
    const prices = await activity("?kind=price");
    expect(prices.results.every((entry) => entry.kind === "price")).toBe(true);
    // Dates are the shop's calendar days (rules/reports.ts REPORT_TIME_ZONE), as the owner picks them.
    const today = localDate(new Date());
    const yesterday = localDate(new Date(Date.now() - DAY));
    const tomorrow = localDate(new Date(Date.now() + DAY));
    expect((await activity(`?from=${yesterday}&to=${tomorrow}`)).matches_estimated).toBe(all.matches_estimated);
    expect((await activity(`?to=2020-01-01`)).matches_estimated).toBe(0);
    expect((await activity(`?from=${today}&to=${today}`)).matches_estimated).toBeGreaterThan(0);
    const first = await activity("?limit=2");
    const second = await activity("?limit=2&offset=2");
    expect(first.results).toHaveLength(2);
    expect(first.results.map((entry) => entry.id)).not.toContain(second.results[0].id);
    const people = (await api("GET", `/shops/${cast.shop.slug}/activity/actors`, cast.as.owner)).json().results;
    expect(people).toEqual(
      expect.arrayContaining([
        { id: cast.ids.owner, name: "Lucía Hernández", role: "owner" },
        { id: cast.ids.dispatcher, name: "Diego Reparto", role: "dispatcher" },
      ]),
    );
  });

  it("refuses to change or delete an entry in the database, but lets the retention purge remove old ones", async () => {
    const [entry] = await t.ctx.db.select().from(auditEntries).where(eq(auditEntries.shopId, cast.shop.id)).limit(1);
    await expect(t.ctx.db.execute(sql`update audit_entries set action = 'forged' where id = ${entry.id}`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_entries where id = ${entry.id}`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate audit_entries`)).rejects.toThrow();
    const old = new Date(Date.now() - (t.ctx.config.AUDIT_RETENTION_DAYS + 1) * DAY);
    await t.ctx.db.insert(auditEntries).values({
      shopId: cast.shop.id,
      actorRole: "owner",
      kind: "settings",
      action: "update",
      changes: { name: { before: "A", after: "B" } },
      createdAt: old,
    });
    const total = (await activity()).matches_estimated;
    expect(await purgeExpiredAuditEntries(t.ctx)).toBe(1);
    expect((await activity()).matches_estimated).toBe(total - 1);
    const [kept] = await t.ctx.db.select().from(auditEntries).where(eq(auditEntries.id, entry.id));
    expect(kept.action).toBe(entry.action);
  });
});
