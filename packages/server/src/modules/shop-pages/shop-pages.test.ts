import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema/accounts";
import { alerts } from "../../db/schema/alerts";
import { type TestApp, createShop, createTestApp, createUser } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";
import { contactLimits } from "./routes";

describe("shop info pages: defaults from the shop's data, edited by its owner or admin", () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let owner: Record<string, string>;
  let admin: Record<string, string>;
  let otherOwner: Record<string, string>;
  let customer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, {
      owner: { username: "lucia@casa.mx", email: "lucia@casa.mx", fullName: "Lucía" },
      shop: { name: "Casa Lucía", contactPhone: "5512345678", contactCountryCode: "52" },
      otherShop: { name: "Otra tienda" },
    });
    ({ shop } = cast);
    ({ owner, admin, otherOwner, customer } = cast.as);
  });
  afterAll(async () => t.close());

  const get = (page: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/pages/${page}`, headers });
  const put = (page: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "PUT", url: `/api/v1/shops/${shop.slug}/pages/${page}`, headers, payload });

  it("every page has a default text naming the shop and its contact, in the visitor's language", async () => {
    const list = await t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/pages` });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((page: { page: string }) => page.page)).toEqual(["acerca", "privacidad", "terms", "copyright"]);
    const privacy = (await get("privacidad")).json();
    expect(privacy).toMatchObject({ title: "Aviso de privacidad", is_default: true, updated_at: null });
    expect(privacy.body).toContain("Responsable: Casa Lucía");
    expect(privacy.body).toContain("lucia@casa.mx");
    expect(privacy.body).toContain("+52 5512345678");
    expect((await get("acerca", { "x-locale": "en" })).json().title).toBe("About Casa Lucía");
    expect((await get("terms", { "x-locale": "es-AR" })).json().body).toContain("podés solicitar");
  });

  it("answers 404 for an unknown shop and 400 for an unknown page", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/shops/no-existe-x/pages/acerca" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("shop_not_found");
    expect((await get("blog")).statusCode).toBe(400);
  });

  it("the owner saves a page as plain text (markup removed) and visitors see it; reset brings the default back", async () => {
    const saved = await put("privacidad", owner, {
      title: "Privacidad",
      body: "<script>x()</script>Nuevo aviso\r\n\r\n\r\nVer https://casa.mx",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ title: "Privacidad", body: "x()Nuevo aviso\n\nVer https://casa.mx", is_default: false });
    expect((await get("privacidad")).json()).toMatchObject({ title: "Privacidad", is_default: false });
    const reset = await t.app.inject({ method: "DELETE", url: `/api/v1/shops/${shop.slug}/pages/privacidad`, headers: owner });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ title: "Aviso de privacidad", is_default: true });
    expect((await get("privacidad")).json().is_default).toBe(true);
  });

  it("a shop admin may edit; another shop's owner, a customer and an anonymous visitor may not", async () => {
    expect((await put("acerca", admin, { title: "Quiénes somos", body: "Hola" })).statusCode).toBe(200);
    for (const [headers, status, code] of [
      [otherOwner, 403, "forbidden"],
      [customer, 403, "forbidden"],
      [{}, 401, "unauthorized"],
    ] as const) {
      const response = await put("acerca", headers, { title: "Hack", body: "x" });
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
      const reset = await t.app.inject({ method: "DELETE", url: `/api/v1/shops/${shop.slug}/pages/acerca`, headers });
      expect(reset.statusCode).toBe(status);
    }
    expect((await get("acerca")).json().title).toBe("Quiénes somos");
  });

  it("refuses an empty title and a text over 20,000 characters with field codes", async () => {
    const empty = await put("terms", owner, { title: "  ", body: "x" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty("title");
    const long = await put("terms", owner, { title: "T", body: "a".repeat(20_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.body).toBe("El texto admite hasta 20,000 caracteres");
  });
});

describe("contact form: reaches the owner by e-mail, throttled per address and per shop", () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let ownerId: string;
  const message = { name: "Carlos Pérez", email: "carlos@example.com", phone: "55 1234 5678", message: "¿Hacen envíos a Mérida?" };

  beforeAll(async () => {
    t = await createTestApp();
    const ownerUser = await createUser(t.ctx, { username: "dueno@casa.mx", email: "dueno@casa.mx", locale: "es" });
    shop = await createShop(t.ctx, ownerUser.id, { name: "Casa Contacto" });
    ownerId = ownerUser.id;
  });
  afterAll(async () => t.close());

  const send = (payload: object, ip = "203.0.113.1", slug = shop.slug) =>
    t.app.inject({ method: "POST", url: `/api/v1/shops/${slug}/contact`, headers: { "x-forwarded-for": ip }, payload });
  const mails = () => t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, "dueno@casa.mx"));

  it("e-mails the owner with the visitor's name, e-mail, phone and message", async () => {
    const response = await send(message);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true });
    const [mail] = await mails();
    expect(mail.subject).toBe("Nuevo mensaje de contacto en Casa Contacto");
    for (const part of ["Carlos Pérez", "carlos@example.com", "55 1234 5678", "¿Hacen envíos a Mérida?"]) expect(mail.body).toContain(part);
  });

  it("also puts an alert in the owner's bell that opens the contact", async () => {
    const ownerAlerts = () => t.ctx.db.select().from(alerts).where(eq(alerts.recipientId, ownerId));
    const before = (await ownerAlerts()).length;
    expect((await send({ ...message, name: "Rosa" }, "203.0.113.9")).statusCode).toBe(200);
    const added = (await ownerAlerts()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ originApp: "crm", params: { type: "contact", subtype: "new_message", shop: shop.slug } });
    expect(added[0].params.contact_id).toEqual(expect.any(String));
    expect(added[0].messageBody.es).toBe("Nuevo mensaje de contacto de Rosa (carlos@example.com) en Casa Contacto");
  });

  it("refuses a message over 2000 characters and a bad e-mail with field codes, in the visitor's language", async () => {
    const long = await send({ ...message, message: "a".repeat(2001) }, "203.0.113.2");
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.message).toBe("El mensaje admite hasta 2000 caracteres");
    const bad = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/contact`,
      headers: { "x-locale": "en", "x-forwarded-for": "203.0.113.2" },
      payload: { ...message, email: "nope" },
    });
    expect(bad.json().fields.email).toBe("Invalid e-mail");
  });

  it("accepts and drops a message whose honeypot is filled", async () => {
    const before = (await mails()).length;
    const response = await send({ ...message, website: "http://spam.example" }, "203.0.113.3");
    expect(response.statusCode).toBe(200);
    expect((await mails()).length).toBe(before);
  });

  it("answers 404 for an unknown shop", async () => {
    expect((await send(message, "203.0.113.4", "no-existe-x")).json().code).toBe("shop_not_found");
  });

  it("throttles one address after a few messages with 'contact_rate_limited', other addresses still pass", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < contactLimits.perAddress.max; i += 1) expect((await send(message, ip)).statusCode).toBe(200);
    const throttled = await send(message, ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      code: "contact_rate_limited",
      message: "Has enviado demasiados mensajes, intenta de nuevo más tarde",
    });
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
    expect((await send(message, "198.51.100.8")).statusCode).toBe(200);
  });

  it("throttles the shop as a whole once many addresses have written to it", async () => {
    const ownerUser = await createUser(t.ctx);
    const busy = await createShop(t.ctx, ownerUser.id, { name: "Tienda Ocupada" });
    for (let i = 0; i < contactLimits.perShop.max; i += 1)
      expect((await send(message, `192.0.2.${i + 1}`, busy.slug)).statusCode).toBe(200);
    const throttled = await send(message, "192.0.2.200", busy.slug);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe("contact_rate_limited");
    // Another shop is not affected.
    expect((await send(message, "192.0.2.200")).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.REDIS_URL)("contact limits on Redis are shared by every instance (skipped without REDIS_URL)", () => {
  let a: TestApp;
  let b: TestApp;
  let slug: string;

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? "", REDIS_KEY_PREFIX: `contact-test-${Date.now()}:` };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    slug = (await createShop(a.ctx, (await createUser(a.ctx)).id, { name: "Tienda Redis" })).slug;
  });
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  it("a visitor who used up the allowance on one instance is throttled on the other", async () => {
    const payload = { name: "Ana", email: "ana@example.com", message: "Hola" };
    const send = (t: TestApp) =>
      t.app.inject({ method: "POST", url: `/api/v1/shops/${slug}/contact`, headers: { "x-forwarded-for": "203.0.113.50" }, payload });
    for (let i = 0; i < contactLimits.perAddress.max; i += 1) expect((await send(a)).statusCode).toBe(200);
    const throttled = await send(b);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe("contact_rate_limited");
  });
});
