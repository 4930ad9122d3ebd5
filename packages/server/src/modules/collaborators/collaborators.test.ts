import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema/accounts";
import { alerts } from "../../db/schema/alerts";
import { shopMembers } from "../../db/schema/shops";
import { type TestApp, createShop, createTestApp, createUser, createUserWithPassword, signIn, testDatabaseKind } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";

type Headers = Record<string, string>;

function cookieHeaders(response: LightMyRequestResponse): Headers {
  const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
  return {
    cookie: `tianguis_session=${cookies.tianguis_session}; tianguis_csrf=${cookies.tianguis_csrf}`,
    "x-csrf-token": cookies.tianguis_csrf,
  };
}

describe(`collaborators: invitations, profiles, acceptance and removal (${testDatabaseKind})`, () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let owner: Headers;
  let otherOwner: Headers;
  let customer: Headers;
  let diego: { id: string; username: string };
  let diegoHeaders: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, {
      owner: { username: "lucia@casa.mx", email: "lucia@casa.mx", fullName: "Lucía Méndez" },
      shop: { name: "Casa Lucía" },
      otherShop: { name: "Otra tienda" },
    });
    ({ shop } = cast);
    ({ owner, otherOwner, customer } = cast.as);
    diego = await createUser(t.ctx, { username: "diego@reparto.mx", email: "diego@reparto.mx", fullName: "Diego Reparto", locale: "en" });
    diegoHeaders = await signIn(t.ctx, diego.id);
  });
  afterAll(async () => t.close());

  const api = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, headers: Headers = {}, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
  const invite = (payload: object, headers = owner) => api("POST", `/shops/${shop.slug}/collaborators`, headers, payload);
  const orders = (headers: Headers) => api("GET", `/shops/${shop.slug}/orders`, headers);
  const outboxTo = (to: string) => t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
  const rolesOf = async (userId: string) =>
    (
      await t.ctx.db
        .select({ role: shopMembers.role })
        .from(shopMembers)
        .where(and(eq(shopMembers.shopId, shop.id), eq(shopMembers.userId, userId)))
    )
      .map((row) => row.role)
      .sort();

  let diegoInvitation: string;

  it("the owner invites an existing account by e-mail: pending, an e-mail in the invitee's language and an alert", async () => {
    const response = await invite({ email: " Diego@Reparto.mx ", profiles: ["dispatcher"] });
    expect(response.statusCode).toBe(201);
    const view = response.json();
    expect(view).toMatchObject({
      username: "diego@reparto.mx",
      channel: "email",
      full_name: "Diego Reparto",
      profiles: ["dispatcher"],
      state: "pending",
      accepted_at: null,
      store_name: "Casa Lucía",
      store_url: `/tienda/${shop.slug}`,
    });
    diegoInvitation = view.id;
    const [mail] = await outboxTo("diego@reparto.mx");
    expect(mail.subject).toBe("Casa Lucía invites you to collaborate");
    expect(mail.body).toContain("Lucía Méndez invited you to collaborate in the shop Casa Lucía as Dispatcher");
    expect(mail.body).toContain("/login?next=%2Fapps%2Fme%2Fcolaboraciones");
    const [alert] = await t.ctx.db.select().from(alerts).where(eq(alerts.recipientId, diego.id));
    expect(alert).toMatchObject({ originApp: "store", params: { type: "collaboration", shop: shop.slug } });
    expect(alert.messageBody).toMatchObject({
      es: "Casa Lucía te invitó a colaborar como Despachador",
      en: "Casa Lucía invited you to collaborate as Dispatcher",
    });
    // Nothing is granted before the invitee accepts.
    expect((await orders(diegoHeaders)).statusCode).toBe(403);
  });

  it("the invitee sees the invitation and accepts it: the dispatcher works the orders at once", async () => {
    const pending = await api("GET", "/collaborations?state=pending", diegoHeaders);
    expect(pending.json()).toMatchObject({ count: 1, matches_estimated: 1, results: [{ id: diegoInvitation, state: "pending" }] });
    expect((await api("GET", "/collaborations", diegoHeaders)).json().count).toBe(0);
    const accepted = await api("POST", `/collaborations/${diegoInvitation}/accept`, diegoHeaders);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: "accepted",
      store_name: "Casa Lucía",
      profiles: ["dispatcher"],
      admin_url: `/tienda/${shop.slug}/admin/ordenes`,
    });
    expect((await orders(diegoHeaders)).statusCode).toBe(200);
    expect(await rolesOf(diego.id)).toEqual(["dispatcher"]);
    const mine = (await api("GET", "/collaborations?limit=5", diegoHeaders)).json();
    expect(mine).toMatchObject({ count: 1, results: [{ shop_slug: shop.slug, store_photo: null, profiles: ["dispatcher"] }] });
    // Accepting again changes nothing.
    expect((await api("POST", `/collaborations/${diegoInvitation}/accept`, diegoHeaders)).statusCode).toBe(200);
    expect(await rolesOf(diego.id)).toEqual(["dispatcher"]);
  });

  it("lists collaborators 10 per page with count and results, to the owner only", async () => {
    const list = await api("GET", `/shops/${shop.slug}/collaborators`, owner);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 1, matches_estimated: 1, results: [{ id: diegoInvitation, state: "accepted" }] });
    expect((await api("GET", `/shops/${shop.slug}/collaborators?limit=51`, owner)).statusCode).toBe(400);
  });

  it("changing profiles changes access at once: a qrreader no longer sees the orders", async () => {
    const changed = await api("PATCH", `/shops/${shop.slug}/collaborators/${diegoInvitation}`, owner, {
      profiles: ["qrreader", "accountant", "qrreader"],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().profiles).toEqual(["accountant", "qrreader"]);
    expect(await rolesOf(diego.id)).toEqual(["accountant", "qrreader"]);
    await api("PATCH", `/shops/${shop.slug}/collaborators/${diegoInvitation}`, owner, { profiles: ["qrreader"] });
    expect((await orders(diegoHeaders)).statusCode).toBe(403);
    const empty = await api("PATCH", `/shops/${shop.slug}/collaborators/${diegoInvitation}`, owner, { profiles: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.profiles).toBe("Elige al menos un perfil");
  });

  it("an admin collaborator manages collaborators too; other profiles, other owners and customers may not; visitors sign in", async () => {
    await api("PATCH", `/shops/${shop.slug}/collaborators/${diegoInvitation}`, owner, { profiles: ["admin"] });
    expect((await api("GET", `/shops/${shop.slug}/collaborators`, diegoHeaders)).statusCode).toBe(200);
    await api("PATCH", `/shops/${shop.slug}/collaborators/${diegoInvitation}`, owner, {
      profiles: ["accountant", "dispatcher", "qrreader"],
    });
    for (const [headers, status] of [
      [diegoHeaders, 403],
      [otherOwner, 403],
      [customer, 403],
      [{}, 401],
    ] as const) {
      expect((await api("GET", `/shops/${shop.slug}/collaborators`, headers)).statusCode).toBe(status);
      expect((await invite({ email: "x@y.mx", profiles: ["admin"] }, headers)).statusCode).toBe(status);
      expect((await api("DELETE", `/shops/${shop.slug}/collaborators/${diegoInvitation}`, headers)).statusCode).toBe(status);
    }
  });

  it("refuses a second invitation to the same address, the owner's own address, no address, or two addresses", async () => {
    const twice = await invite({ email: "diego@reparto.mx", profiles: ["admin"] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "collaborator_exists", fields: { email: "Esa persona ya está invitada a tu tienda" } });
    const self = await invite({ email: "lucia@casa.mx", profiles: ["admin"] });
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe("collaborator_is_owner");
    expect((await invite({ profiles: ["admin"] })).statusCode).toBe(400);
    const both = await invite({ email: "a@b.mx", phone: "5512345678", country_code: "52", profiles: ["admin"] });
    expect(both.statusCode).toBe(400);
    expect((await invite({ email: "a@b.mx", profiles: ["owner"] })).statusCode).toBe(400);
  });

  it("a new phone gets an SMS; the invitation is accepted when that phone signs in; refresh waits a minute", async () => {
    const invited = await invite({ phone: "55 1111 2222", country_code: "52", profiles: ["qrreader"] });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ username: "+525511112222", channel: "sms", full_name: null, state: "pending" });
    const id = invited.json().id;
    expect(await outboxTo("+525511112222")).toHaveLength(1);
    const tooSoon = await api("PUT", `/shops/${shop.slug}/collaborators/${id}/refresh`, owner);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe("collaborator_refresh_too_soon");
    t.clock.advance(61_000);
    // Two clicks at once send one message.
    const [a, b] = await Promise.all([
      api("PUT", `/shops/${shop.slug}/collaborators/${id}/refresh`, owner),
      api("PUT", `/shops/${shop.slug}/collaborators/${id}/refresh`, owner),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    const sms = await outboxTo("+525511112222");
    expect(sms).toHaveLength(2);
    expect(sms[0].body).toContain("Casa Lucía te invita a colaborar como Lector de entradas");

    const puerta = await createUserWithPassword(t.ctx, "secreto123", { username: "+525511112222", phone: "5511112222", countryCode: "52" });
    const login = await api(
      "POST",
      "/auth/login",
      { "x-forwarded-for": "10.9.0.1" },
      { username: "+52 55 1111 2222", password: "secreto123" },
    );
    expect(login.statusCode).toBe(200);
    expect(await rolesOf(puerta.id)).toEqual(["qrreader"]);
    const list = (await api("GET", "/collaborations", cookieHeaders(login))).json();
    expect(list.results[0]).toMatchObject({ shop_slug: shop.slug, admin_url: `/tienda/${shop.slug}/admin/entradas` });
    const refreshed = await api("PUT", `/shops/${shop.slug}/collaborators/${id}/refresh`, owner);
    expect(refreshed.statusCode).toBe(409);
    expect(refreshed.json().code).toBe("collaborator_already_accepted");
  });

  it("two accepts at once grant the profiles once", async () => {
    const mario = await createUser(t.ctx, { username: "mario@x.mx" });
    const marioHeaders = await signIn(t.ctx, mario.id);
    const id = (await invite({ email: "mario@x.mx", profiles: ["accountant", "dispatcher"] })).json().id;
    const answers = await Promise.all([1, 2, 3].map(() => api("POST", `/collaborations/${id}/accept`, marioHeaders)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await rolesOf(mario.id)).toEqual(["accountant", "dispatcher"]);
  });

  it("nobody else accepts or declines someone's invitation, and another shop's collaborator id is not found here", async () => {
    const id = (await invite({ email: "sofia@x.mx", profiles: ["admin"] })).json().id;
    const intruder = await api("POST", `/collaborations/${id}/accept`, customer);
    expect(intruder.statusCode).toBe(404);
    expect(intruder.json().code).toBe("invitation_not_found");
    expect((await api("DELETE", `/collaborations/${id}`, customer)).statusCode).toBe(404);
    expect((await api("POST", `/collaborations/${id}/accept`)).statusCode).toBe(401);
    const elsewhere = await createShop(t.ctx, (await createUser(t.ctx)).id);
    const elsewhereOwner = await signIn(t.ctx, elsewhere.ownerId);
    const foreign = await api("PATCH", `/shops/${elsewhere.slug}/collaborators/${id}`, elsewhereOwner, { profiles: ["admin"] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("collaborator_not_found");
  });

  it("the invitee may decline an invitation", async () => {
    const ana = await createUser(t.ctx, { username: "ana@x.mx" });
    const anaHeaders = await signIn(t.ctx, ana.id);
    const id = (await invite({ email: "ana@x.mx", profiles: ["admin"] })).json().id;
    expect((await api("DELETE", `/collaborations/${id}`, anaHeaders)).statusCode).toBe(200);
    expect((await api("GET", "/collaborations?state=pending", anaHeaders)).json().count).toBe(0);
    expect(
      (await api("GET", `/shops/${shop.slug}/collaborators`, owner)).json().results.map((row: { id: string }) => row.id),
    ).not.toContain(id);
  });

  it("removing a collaborator ends their access immediately", async () => {
    await api("PATCH", `/shops/${shop.slug}/collaborators/${diegoInvitation}`, owner, { profiles: ["dispatcher"] });
    expect((await orders(diegoHeaders)).statusCode).toBe(200);
    const removed = await api("DELETE", `/shops/${shop.slug}/collaborators/${diegoInvitation}`, owner);
    expect(removed.statusCode).toBe(200);
    expect((await orders(diegoHeaders)).statusCode).toBe(403);
    expect(await rolesOf(diego.id)).toEqual([]);
    expect((await api("GET", "/collaborations", diegoHeaders)).json().count).toBe(0);
    expect((await api("DELETE", `/shops/${shop.slug}/collaborators/${diegoInvitation}`, owner)).statusCode).toBe(404);
  });

  it("names the profiles in the request's language", async () => {
    const es = (await api("GET", "/collaborators/profiles")).json().results;
    expect(es).toEqual([
      { id: "admin", name: "Administrador" },
      { id: "accountant", name: "Contador" },
      { id: "dispatcher", name: "Despachador" },
      { id: "qrreader", name: "Lector de entradas" },
    ]);
    expect((await api("GET", "/collaborators/profiles", { "x-locale": "en" })).json().results[3].name).toBe("Ticket reader");
  });
});
