import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema/accounts";
import { alerts } from "../../db/schema/alerts";
import { eventDeliveries } from "../../db/schema/events";
import { recordEvent } from "../../events/bus";
import { enqueueJob, runDueJobs } from "../../jobs/runner";
import { CONTACTS_BACKFILL_JOB, backfillContacts } from "./backfill";
import { type TestApp, createProduct, createTestApp, createUser, payBySandboxCard, signIn, testDatabaseKind } from "../../test/harness";
import { type Persona, type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";

type Headers = Record<string, string>;
const personas: Persona[] = ["owner", "admin", "accountant", "dispatcher", "qrreader", "otherOwner", "customer", "anonymous"];

describe(`contacts: the contact form, buyers and referrals make contacts; the shop answers (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  let promoter: Headers;
  let promoterId: string;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, {
      owner: { fullName: "Lucía Hernández", email: "lucia@casa.mx" },
      shop: { name: "Casa Lucía" },
      customer: { fullName: "Carlos Pérez" },
    });
    const mateo = await createUser(t.ctx, { userLevel: 2, fullName: "Mateo Ruiz" });
    promoterId = mateo.id;
    promoter = await signIn(t.ctx, mateo.id);
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, headers: Headers = {}, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const write = (payload: object, ip: string) =>
    t.app.inject({ method: "POST", url: `/api/v1/shops/${cast.shop.slug}/contact`, headers: { "x-forwarded-for": ip }, payload });
  const crmAlerts = (recipientId: string) =>
    t.ctx.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.recipientId, recipientId), eq(alerts.originApp, "crm")));
  const shopContacts = async (query = "", headers = cast.as.owner) => {
    const response = await call("GET", `/shops/${cast.shop.slug}/contacts${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { results: { id: string; name: string; email: string | null }[]; matches_estimated: number };
  };

  let rosaId: string;

  it("a visitor's message makes a contact with the conversation and rings the owner and the shop's admins: new_contact", async () => {
    const sent = await write(
      { name: "Rosa Díaz", email: "Rosa@Example.com", phone: "55 1111 2222", message: "¿Hacen envíos a Mérida?" },
      "203.0.113.1",
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const list = await shopContacts();
    const rosa = list.results.find((one) => one.name === "Rosa Díaz");
    expect(rosa).toMatchObject({ email: "rosa@example.com", phone: "55 1111 2222", messages: 1, total_bought: 0 });
    rosaId = rosa!.id;
    for (const recipient of [cast.ids.owner, cast.ids.admin]) {
      const [alert] = await crmAlerts(recipient);
      expect(alert.params).toMatchObject({ type: "contact", subtype: "new_contact", shop: cast.shop.slug, contact_id: rosaId });
      expect(alert.messageBody.es).toBe("Nuevo contacto: Rosa Díaz te escribió en Casa Lucía");
    }
    expect(await crmAlerts(cast.ids.accountant)).toEqual([]);
    const detail = (await call("GET", `/contacts/${rosaId}`, cast.as.owner)).json();
    expect(detail.shop).toEqual({ slug: cast.shop.slug, name: "Casa Lucía" });
    expect(detail.messages_list).toEqual([expect.objectContaining({ direction: "in", body: "¿Hacen envíos a Mérida?", sent_via: null })]);
  });

  it("a second message from the same e-mail joins the same contact and rings new_message", async () => {
    expect((await write({ name: "Rosa Díaz", email: "rosa@example.com", message: "¿Y a Cancún?" }, "203.0.113.2")).statusCode).toBe(200);
    const list = await shopContacts("?text=rosa");
    expect(list.matches_estimated).toBe(1);
    const alertsNow = await crmAlerts(cast.ids.owner);
    expect(alertsNow.map((alert) => alert.params.subtype).sort()).toEqual(["new_contact", "new_message"]);
    expect(alertsNow.every((alert) => alert.params.contact_id === rosaId)).toBe(true);
    const detail = (await call("GET", `/contacts/${rosaId}`, cast.as.admin)).json();
    expect(detail.messages_list.map((message: { body: string }) => message.body)).toEqual(["¿Hacen envíos a Mérida?", "¿Y a Cancún?"]);
    expect(detail.messages).toBe(2);
  });

  it("a contact with new messages is unread (counted for the admin bar) until the owner opens it", async () => {
    const unread = () => call("GET", `/shops/${cast.shop.slug}/contacts/unread`, cast.as.owner).then((response) => response.json().count);
    expect((await shopContacts("?text=rosa")).results[0]).toMatchObject({ unread: 2 });
    expect(await unread()).toBe(1);
    // Reading the card changes nothing; opening the contact's page marks it read (its page posts /read).
    expect((await call("GET", `/contacts/${rosaId}`, cast.as.admin)).json().unread).toBe(2);
    const opened = await call("POST", `/contacts/${rosaId}/read`, cast.as.admin);
    expect([opened.statusCode, opened.json().unread]).toEqual([200, 0]);
    expect(await unread()).toBe(0);
    expect((await call("GET", `/contacts/${rosaId}`, cast.as.owner)).json().unread).toBe(0);
    expect((await write({ name: "Rosa Díaz", email: "rosa@example.com", message: "¿Aceptan OXXO?" }, "203.0.113.3")).statusCode).toBe(200);
    expect(await unread()).toBe(1);
    expect((await shopContacts("?text=rosa")).results[0]).toMatchObject({ unread: 1, messages: 3 });
    expect((await call("POST", `/contacts/${rosaId}/read`, cast.as.owner)).json().unread).toBe(0);
    expect((await call("GET", `/shops/${cast.otherShop.slug}/contacts/unread`, cast.as.otherOwner)).json().count).toBe(0);
  });

  it("the owner's answer is e-mailed to the visitor and kept in the conversation", async () => {
    const answered = await call("POST", `/contacts/${rosaId}/replies`, cast.as.owner, { message: "Sí, enviamos a todo México." });
    expect(answered.statusCode, answered.body).toBe(201);
    const last = answered.json().messages_list.at(-1);
    expect(last).toMatchObject({
      direction: "out",
      body: "Sí, enviamos a todo México.",
      sent_via: "email",
      author_name: "Lucía Hernández",
    });
    const [mail] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, "rosa@example.com"));
    expect(mail.subject).toBe("Respuesta de Casa Lucía");
    expect(mail.body).toContain("Sí, enviamos a todo México.");
    const empty = await call("POST", `/contacts/${rosaId}/replies`, cast.as.owner, { message: "   " });
    expect([empty.statusCode, empty.json().code]).toEqual([400, "validation_failed"]);
  });

  it("tags: the owner tags a contact, the tags endpoint lists them with ids, the list filters by them", async () => {
    const tagged = await call("PUT", `/contacts/${rosaId}/tags`, cast.as.owner, { tags: [" Mayoreo ", "mayoreo", "Sureste"] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json().tags.map((tag: { tag: string }) => tag.tag)).toEqual(["Mayoreo", "Sureste"]);
    const tags = (await call("GET", `/shops/${cast.shop.slug}/contacts/tags`, cast.as.owner)).json().results as {
      id: string;
      tag: string;
    }[];
    expect(tags.map((tag) => tag.tag)).toEqual(["Mayoreo", "Sureste"]);
    const sureste = tags.find((tag) => tag.tag === "Sureste")!;
    expect((await shopContacts(`?tags=${sureste.id}`)).results.map((one) => one.id)).toEqual([rosaId]);
    const tooMany = await call("PUT", `/contacts/${rosaId}/tags`, cast.as.owner, { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) });
    expect(tooMany.statusCode).toBe(400);
  });

  it("only the shop's owner and admins read, answer and tag its contacts; others 403, anonymous 401", async () => {
    const reads = [
      (h: Headers) => call("GET", `/contacts/${rosaId}`, h),
      (h: Headers) => call("GET", `/shops/${cast.shop.slug}/contacts`, h),
      (h: Headers) => call("GET", `/shops/${cast.shop.slug}/contacts/tags`, h),
      (h: Headers) => call("PUT", `/contacts/${rosaId}/tags`, h, { tags: ["Mayoreo"] }),
      (h: Headers) => call("POST", `/contacts/${rosaId}/replies`, h, { message: "Hola" }),
      (h: Headers) => call("GET", `/shops/${cast.shop.slug}/contacts/unread`, h),
      (h: Headers) => call("POST", `/contacts/${rosaId}/read`, h),
    ];
    for (const request of reads) {
      const seen: string[] = [];
      for (const persona of personas) seen.push(`${persona}:${(await request(cast.as[persona])).statusCode}`);
      const ok = (persona: Persona) =>
        persona === "owner" || persona === "admin" ? (request === reads[4] ? 201 : 200) : persona === "anonymous" ? 401 : 403;
      expect(seen).toEqual(personas.map((persona) => `${persona}:${ok(persona)}`));
    }
    expect((await call("GET", "/contacts/00000000-0000-4000-8000-000000000000", cast.as.owner)).statusCode).toBe(404);
    expect((await call("GET", "/contacts/no-es-uuid", cast.as.owner)).statusCode).toBe(400);
    // Another shop's owner sees their own (empty) list, never this shop's contacts.
    expect((await call("GET", `/shops/${cast.otherShop.slug}/contacts`, cast.as.otherOwner)).json().matches_estimated).toBe(0);
  });

  async function campaignCookie(name: string) {
    const created = await call("POST", "/me/campaigns", promoter, { name, url: `/tienda/${cast.shop.slug}/` });
    expect(created.statusCode, created.body).toBe(201);
    const follow = await t.app.inject({ method: "GET", url: created.json().encoded_mkt_url });
    const landing = new URL(follow.headers.location as string, "http://x").searchParams;
    return {
      id: created.json().id as string,
      cookie: `referralID=${landing.get("referral")}; campaign=${landing.get("campaign")}; clickID=${landing.get("click_id")}`,
    };
  }

  it("a paid purchase makes the buyer the shop's contact with the total bought, and the promoter's customer by campaign", async () => {
    const campaign = await campaignCookie("Verano");
    const item = await createProduct(t.ctx, cast.shop.id, { listPrice: 45000, stock: 5, name: "Rebozo" });
    const created = await call(
      "POST",
      `/shops/${cast.shop.slug}/checkout`,
      { cookie: campaign.cookie },
      {
        items: [{ product_id: item.id, quantity: 2 }],
        contact: { full_name: "Ana López", email: "ana@example.com", phone: "5512345678" },
        delivery_type: "to_branch",
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const paid = await payBySandboxCard(t.app, created.json());
    expect(paid.json().status, paid.body).toBe("paid");
    const [ana] = (await shopContacts("?text=ana%40example")).results;
    expect(ana).toMatchObject({ name: "Ana López", purchases: 1, total_bought: 90000, currency: "MXN", messages: 0 });
    expect((await shopContacts("?source=purchase")).results.map((one) => one.name)).toEqual(["Ana López"]);
    expect((await shopContacts("?source=message")).results.map((one) => one.name)).toEqual(["Rosa Díaz"]);

    const referred = (await call("GET", "/me/referred?customer_by_campaign=true", promoter)).json();
    expect(referred.results).toEqual([
      expect.objectContaining({
        name: "Ana López",
        customer_by_campaign: true,
        registered_by_campaign: false,
        campaign: { id: campaign.id, name: "Verano" },
      }),
    ]);
    // Buyers ring no CRM bell (the order's alert does); the promoter's contact is theirs, not the shop's.
    expect((await call("GET", `/contacts/${referred.results[0].id}`, cast.as.owner)).statusCode).toBe(403);
    expect((await call("GET", `/contacts/${referred.results[0].id}`, promoter)).json().shop).toBeNull();
  });

  it("a sign-up through the promoter's campaign lands in the referred list, filterable, and rings new_contact", async () => {
    const campaign = await campaignCookie("Invierno");
    const email = `carla${Date.now()}@ejemplo.mx`;
    const visitor = { "x-forwarded-for": "10.9.9.9", cookie: campaign.cookie };
    const registered = await call("POST", "/auth/register", visitor, {
      type: "email",
      email,
      full_name: "Carla Referida",
      password: "secreto123",
      tac: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const [pinMail] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
    const pin = pinMail.body.match(/\b(\d{6})\b/)![1];
    const activated = await call("POST", "/activate/pin/", visitor, { code: registered.json().code, type: "email", pin });
    expect(activated.statusCode, activated.body).toBe(200);

    const all = (await call("GET", "/me/referred", promoter)).json();
    expect(all.results.map((one: { name: string }) => one.name)).toEqual(["Carla Referida", "Ana López"]);
    const byCampaign = (await call("GET", `/me/referred?campaign=${campaign.id}`, promoter)).json();
    expect(byCampaign.results).toEqual([expect.objectContaining({ name: "Carla Referida", registered_by_campaign: true })]);
    expect((await call("GET", "/me/referred?registered_by_campaign=false", promoter)).json().matches_estimated).toBe(1);
    expect((await call("GET", "/me/referred?text=carla&limit=1&offset=0&sort=-created_at", promoter)).json().matches_estimated).toBe(1);
    const today = t.ctx.clock.now().toISOString().slice(0, 10);
    expect((await call("GET", `/me/referred?start_date=${today}&end_date=${today}`, promoter)).json().matches_estimated).toBe(2);
    expect((await call("GET", "/me/referred?end_date=2000-01-01", promoter)).json().matches_estimated).toBe(0);
    const [alert] = await crmAlerts(promoterId);
    expect(alert.params).toMatchObject({ type: "referral", subtype: "new_contact", contact_id: byCampaign.results[0].id });
    expect(alert.messageBody.es).toBe("Nuevo referido: Carla Referida se registró con tu enlace");

    await call("PUT", `/contacts/${byCampaign.results[0].id}/tags`, promoter, { tags: ["Mayorista"] });
    const myTags = (await call("GET", "/me/tags", promoter)).json().results;
    expect(myTags.map((tag: { tag: string }) => tag.tag)).toEqual(["Mayorista"]);
    expect((await call("GET", `/me/referred?tags=${myTags[0].id}`, promoter)).json().matches_estimated).toBe(1);
    // Another user's referred list is their own: empty here; anonymous and bad filters are refused.
    expect((await call("GET", "/me/referred", cast.as.customer)).json().matches_estimated).toBe(0);
    expect((await call("GET", "/me/referred")).statusCode).toBe(401);
    expect((await call("GET", "/me/tags")).statusCode).toBe(401);
    expect((await call("GET", "/me/referred?campaign=nope", promoter)).statusCode).toBe(400);
    expect((await call("GET", "/me/referred?sort=name", promoter)).statusCode).toBe(400);
  });

  it("the backfill makes contacts of events recorded before the contacts module, quietly and once", async () => {
    const before = new Date("2025-03-02T18:00:00.000Z");
    const eventId = await t.ctx.db.transaction((tx) =>
      recordEvent(
        tx,
        {
          type: "contact.message_received",
          payload: {
            shop_id: cast.shop.id,
            user_id: null,
            name: "Elena Antigua",
            email: "elena@antes.mx",
            phone: null,
            message: "¿Tienen rebozos de bolita?",
          },
        },
        before,
      ),
    );
    // As if recorded before the contacts subscribers existed: no delivery for them.
    await t.ctx.db.delete(eventDeliveries).where(and(eq(eventDeliveries.eventId, eventId), like(eventDeliveries.subscriber, "contacts.%")));
    expect((await shopContacts("?text=elena")).matches_estimated).toBe(0);
    const bells = (await crmAlerts(cast.ids.owner)).length;

    await enqueueJob(t.ctx.db, CONTACTS_BACKFILL_JOB, {}, t.ctx.clock.now());
    await runDueJobs(t.ctx);
    const [elena] = (await shopContacts("?text=elena")).results as unknown as Record<string, unknown>[];
    expect(elena).toMatchObject({ name: "Elena Antigua", messages: 1, unread: 0, first_interaction_at: before.toISOString() });
    expect((await call("GET", `/contacts/${elena.id}`, cast.as.owner)).json().messages_list).toEqual([
      expect.objectContaining({ direction: "in", body: "¿Tienen rebozos de bolita?", created_at: before.toISOString() }),
    ]);
    expect((await crmAlerts(cast.ids.owner)).length).toBe(bells);
    // Again: every event already has its delivery, nothing is added twice.
    expect(await backfillContacts(t.ctx)).toBe(0);
    expect((await shopContacts("?text=elena")).results[0]).toMatchObject({ messages: 1 });
  });
});
