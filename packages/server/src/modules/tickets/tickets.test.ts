import { eq } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "../../adapters/notify/notifier";
import { payments } from "../../db/schema/payments";
import { shopMembers } from "../../db/schema/shops";
import { tickets } from "../../db/schema/tickets";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createTestApp, createUser, signIn, payBySandboxCard } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";
import { markPaid } from "../payments/service";
import { issuePurchaseTickets } from "./service";

const DAY = 24 * 60 * 60 * 1000;

describe("tickets of experiences", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A supplier running a concert next week, with a qrreader at its door, and another shop with its own qrreader. */
  async function newExperience() {
    const cast = await createShopWithRoles(t, {
      owner: { fullName: "Rosa Méndez" },
      shop: { name: "Foro Sol" },
      members: { qrreader: { fullName: "Puerta" } },
    });
    const { shop, otherShop: other } = cast;
    const { owner, qrreader: reader, otherOwner } = cast.users;
    const experience = await createProduct(t.ctx, shop.id, {
      name: "Concierto de son jarocho",
      type: "experience",
      stockType: "ondemand",
      stock: null,
      listPrice: 35000,
      experienceDate: new Date(t.clock.now().getTime() + 7 * DAY),
    });
    const otherReader = await createUser(t.ctx);
    await t.ctx.db.insert(shopMembers).values({ shopId: other.id, userId: otherReader.id, role: "qrreader" });
    return { owner, shop, experience, reader, otherOwner, other, otherReader };
  }

  async function buy(slug: string, productId: string, quantity: number, headers: Record<string, string> = {}) {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${slug}/checkout`,
      headers,
      payload: {
        items: [{ product_id: productId, quantity }],
        delivery_type: "to_branch",
        ...(headers.cookie ? {} : { contact: { full_name: "Ana López", email: `ana.${Date.now()}@example.com` } }),
      },
    });
    return response;
  }

  async function pay(purchase: { id: string; access_token: string }) {
    const response = await payBySandboxCard(t.app, purchase);
    expect(response.statusCode).toBe(200);
  }

  /** A guest bought `quantity` tickets and paid by card. */
  async function paidPurchase(quantity = 3) {
    const setup = await newExperience();
    const response = await buy(setup.shop.slug, setup.experience.id, quantity);
    expect(response.statusCode).toBe(201);
    const purchase = response.json() as { id: string; access_token: string; orders: { id: string }[] };
    await pay(purchase);
    return { ...setup, purchase, orderId: purchase.orders[0].id };
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("gives each paid unit one ticket with its own unguessable code and QR, once even if the payment is replayed", async () => {
    const { purchase, orderId } = await paidPurchase(3);
    const list = await get(`/api/v1/orders/${orderId}/attendants?token=${purchase.access_token}`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.matches_estimated).toBe(3);
    expect(body.results.map((ticket: { unit: number }) => ticket.unit)).toEqual([1, 2, 3]);
    const codes = new Set(body.results.map((ticket: { code: string }) => ticket.code));
    expect(codes.size).toBe(3);
    for (const ticket of body.results) {
      expect(ticket.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(ticket.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(ticket).toMatchObject({ type: "purchase", state: "valid", product_name: "Concierto de son jarocho" });
    }

    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.checkoutId, purchase.id));
    expect(await markPaid(t.ctx, payment.id, payment.providerRef ?? "ref")).toBe(false);
    expect(await issuePurchaseTickets(t.ctx.db, purchase.id, t.clock.now())).toHaveLength(0);
    expect(await t.ctx.db.select().from(tickets).where(eq(tickets.orderId, orderId))).toHaveLength(3);
  });

  it("pages the order's tickets 10 at a time", async () => {
    const { purchase, orderId } = await paidPurchase(12);
    const first = (await get(`/api/v1/orders/${orderId}/attendants?token=${purchase.access_token}`)).json();
    const second = (await get(`/api/v1/orders/${orderId}/attendants?token=${purchase.access_token}&offset=10`)).json();
    expect(first.results).toHaveLength(10);
    expect(second.results.map((ticket: { unit: number }) => ticket.unit)).toEqual([11, 12]);
    expect(second.matches_estimated).toBe(12);
  });

  it("serves one ticket, all tickets as one PDF and as a ZIP of PDFs", async () => {
    const { purchase, orderId } = await paidPurchase(2);
    const token = `token=${purchase.access_token}`;
    const [first] = (await get(`/api/v1/orders/${orderId}/attendants?${token}`)).json().results;

    const one = await get(`/api/v1/attendants/${first.id}.pdf?${token}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers["content-type"]).toBe("application/pdf");
    expect(one.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const all = await get(`/api/v1/orders/${orderId}/attendants/pdf?${token}`);
    expect(all.headers["content-type"]).toBe("application/pdf");
    expect(all.rawPayload.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(2);
    // Each page draws its QR as an image.
    expect(all.rawPayload.toString("latin1").match(/\/Subtype \/Image\b/g)?.length).toBeGreaterThanOrEqual(2);

    const zip = await get(`/api/v1/orders/${orderId}/attendants/zip?${token}`);
    expect(zip.headers["content-type"]).toBe("application/zip");
    const files = await JSZip.loadAsync(zip.rawPayload);
    const names = Object.keys(files.files);
    expect(names).toHaveLength(2);
    expect((await files.file(names[0])!.async("nodebuffer")).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("lets the customer name the holder until the ticket is used", async () => {
    const { purchase, orderId, shop, reader } = await paidPurchase(1);
    const token = `token=${purchase.access_token}`;
    const [ticket] = (await get(`/api/v1/orders/${orderId}/attendants?${token}`)).json().results;
    const rename = (name: string) =>
      t.app.inject({ method: "PUT", url: `/api/v1/attendants/${ticket.id}?${token}`, payload: { holder_name: name } });
    expect((await rename("Luisa Pérez")).json().holder_name).toBe("Luisa Pérez");
    expect((await rename("   ")).statusCode).toBe(400);
    const door = await signIn(t.ctx, reader.id);
    await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/tickets/check-in`,
      headers: door,
      payload: { code: ticket.code },
    });
    const late = await rename("Otra persona");
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("ticket_already_used");
  });

  it("authorization: customer and guest token read; another customer, another shop and visitors do not", async () => {
    const setup = await newExperience();
    const customer = await createUser(t.ctx);
    const customerHeaders = await signIn(t.ctx, customer.id);
    const response = await buy(setup.shop.slug, setup.experience.id, 1, customerHeaders);
    expect(response.statusCode).toBe(201);
    const purchase = response.json();
    await pay(purchase);
    const orderId = purchase.orders[0].id;
    const stranger = await signIn(t.ctx, (await createUser(t.ctx)).id);
    const owner = await signIn(t.ctx, setup.owner.id);
    const reader = await signIn(t.ctx, setup.reader.id);
    const otherReader = await signIn(t.ctx, setup.otherReader.id);
    const otherOwner = await signIn(t.ctx, setup.otherOwner.id);

    const list = `/api/v1/orders/${orderId}/attendants`;
    expect((await get(list, customerHeaders)).statusCode).toBe(200);
    expect((await get(`${list}?token=${purchase.access_token}`)).statusCode).toBe(200);
    expect((await get(list, stranger)).statusCode).toBe(404);
    expect((await get(`${list}?token=wrong`)).statusCode).toBe(404);
    expect((await get(list)).statusCode).toBe(404);
    const [ticket] = (await get(list, customerHeaders)).json().results;
    for (const url of [`/api/v1/attendants/${ticket.id}`, `/api/v1/attendants/${ticket.id}.pdf`, `${list}/pdf`, `${list}/zip`]) {
      expect((await get(url, customerHeaders)).statusCode, url).toBe(200);
      expect((await get(url, stranger)).statusCode, url).toBe(404);
      expect((await get(url)).statusCode, url).toBe(404);
    }

    const shopList = `/api/v1/shops/${setup.shop.slug}/tickets`;
    expect((await get(shopList, owner)).json().matches_estimated).toBe(1);
    expect((await get(shopList, reader)).statusCode).toBe(200);
    expect((await get(shopList, otherReader)).statusCode).toBe(403);
    expect((await get(shopList, otherOwner)).statusCode).toBe(403);
    expect((await get(shopList, customerHeaders)).statusCode).toBe(403);
    expect((await get(shopList)).statusCode).toBe(401);

    const checkIn = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: `/api/v1/shops/${setup.shop.slug}/tickets/check-in`, headers, payload: { code: ticket.code } });
    expect((await checkIn({})).statusCode).toBe(401);
    expect((await checkIn(customerHeaders)).statusCode).toBe(403);
    expect((await checkIn(otherOwner)).statusCode).toBe(403);
    expect((await checkIn(otherReader)).statusCode).toBe(403);
    // Another shop's door does not know this shop's tickets even with its own role.
    const wrongDoor = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${setup.other.slug}/tickets/check-in`,
      headers: otherReader,
      payload: { code: ticket.code },
    });
    expect(wrongDoor.statusCode).toBe(404);
    expect(wrongDoor.json().code).toBe("ticket_not_found");
    expect((await checkIn(reader)).statusCode).toBe(200);
  });

  it("lets a ticket in once: a second scan is refused with the time it was used; owner may check in too", async () => {
    const { purchase, orderId, shop, reader, owner } = await paidPurchase(2);
    const [first, second] = (await get(`/api/v1/orders/${orderId}/attendants?token=${purchase.access_token}`)).json().results;
    const door = await signIn(t.ctx, reader.id);
    const scan = (code: string, headers = door) =>
      t.app.inject({ method: "POST", url: `/api/v1/shops/${shop.slug}/tickets/check-in`, headers, payload: { code } });

    const ok = await scan(first.code.toLowerCase().replaceAll("-", " "));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().ticket).toMatchObject({ id: first.id, state: "used", used_at: ok.json().checked_in_at });
    const again = await scan(first.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "ticket_already_used", details: { used_at: ok.json().checked_in_at } });

    expect((await scan(second.code, await signIn(t.ctx, owner.id))).statusCode).toBe(200);
    const typo = await scan("NOT-A-CODE");
    expect(typo.statusCode).toBe(400);
    expect(typo.json().code).toBe("ticket_code_invalid");
    expect((await scan("0000-0000-0000-0000")).json().code).toBe("ticket_not_found");
  });

  it("two scans of one ticket at the same moment: exactly one gets in", async () => {
    const { purchase, orderId, shop, reader, owner } = await paidPurchase(1);
    const [ticket] = (await get(`/api/v1/orders/${orderId}/attendants?token=${purchase.access_token}`)).json().results;
    const doors = [await signIn(t.ctx, reader.id), await signIn(t.ctx, owner.id)];
    const results = await Promise.all(
      [0, 1, 0, 1].map((index) =>
        t.app.inject({
          method: "POST",
          url: `/api/v1/shops/${shop.slug}/tickets/check-in`,
          headers: doors[index],
          payload: { code: ticket.code },
        }),
      ),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of results.filter((result) => result.statusCode === 409)) expect(refused.json().code).toBe("ticket_already_used");
  });

  it("a cancelled order cancels its tickets, and the door refuses them as cancelled", async () => {
    const { purchase, orderId, shop, reader } = await paidPurchase(2);
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/v1/orders/${orderId}/cancel?token=${purchase.access_token}`,
      payload: { reason: "No puedo ir" },
    });
    expect(cancel.statusCode).toBe(200);
    const list = (await get(`/api/v1/orders/${orderId}/attendants?token=${purchase.access_token}`)).json().results;
    expect(list.map((ticket: { state: string }) => ticket.state)).toEqual(["cancelled", "cancelled"]);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/tickets/check-in`,
      headers: await signIn(t.ctx, reader.id),
      payload: { code: list[0].code },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("ticket_cancelled");
  });

  it("the supplier issues courtesy tickets and door sales until the experience ends", async () => {
    const { shop, owner, reader, experience, otherOwner } = await newExperience();
    const issue = async (headers: Record<string, string>, payload: object, productId = experience.id) =>
      t.app.inject({ method: "POST", url: `/api/v1/shops/${shop.slug}/experiences/${productId}/tickets`, headers, payload });
    const ownerHeaders = await signIn(t.ctx, owner.id);

    const courtesy = await issue(ownerHeaders, { type: "courtesy", holder_name: "Prensa", quantity: 2, amount: 999 });
    expect(courtesy.statusCode).toBe(201);
    expect(courtesy.json().results).toHaveLength(2);
    expect(courtesy.json().results[0]).toMatchObject({ type: "courtesy", holder_name: "Prensa", order_id: null });
    const [row] = await t.ctx.db.select().from(tickets).where(eq(tickets.id, courtesy.json().results[0].id));
    expect(row.amount).toBe(0);
    const sale = await issue(ownerHeaders, { type: "establishment_sale", quantity: 1, amount: 40000 });
    expect(sale.json().results[0].type).toBe("establishment_sale");
    const pdf = await get(`/api/v1/shops/${shop.slug}/tickets/${sale.json().results[0].id}/pdf`, ownerHeaders);
    expect(pdf.headers["content-type"]).toBe("application/pdf");

    expect((await issue(await signIn(t.ctx, reader.id), { type: "courtesy", quantity: 1 })).statusCode).toBe(403);
    expect((await issue(await signIn(t.ctx, otherOwner.id), { type: "courtesy", quantity: 1 })).statusCode).toBe(403);
    expect((await issue({}, { type: "courtesy", quantity: 1 })).statusCode).toBe(401);
    expect((await issue(ownerHeaders, { type: "courtesy", quantity: 0 })).statusCode).toBe(400);
    const product = await createProduct(t.ctx, shop.id);
    expect((await issue(ownerHeaders, { type: "courtesy", quantity: 1 }, product.id)).json().code).toBe("ticket_not_an_experience");

    t.clock.advance(8 * DAY);
    try {
      const ended = await issue(ownerHeaders, { type: "courtesy", quantity: 1 });
      expect(ended.statusCode).toBe(422);
      expect(ended.json()).toMatchObject({
        code: "ticket_experience_ended",
        message: "No se pueden crear boletos después de que la experiencia terminó",
      });
      // A concluded experience cannot be bought either.
      const late = await buy(shop.slug, experience.id, 1);
      expect(late.statusCode).toBe(422);
      expect(late.json().code).toBe("unavailable_for_sale");
    } finally {
      t.clock.advance(-8 * DAY);
    }
  });

  it("the paid e-mail carries the tickets as a PDF attachment", async () => {
    const setup = await newExperience();
    const email = `tickets.${Date.now()}@example.com`;
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${setup.shop.slug}/checkout`,
      payload: {
        items: [{ product_id: setup.experience.id, quantity: 2 }],
        delivery_type: "to_branch",
        contact: { full_name: "Ana", email },
      },
    });
    await pay(response.json());
    await runDueJobs(t.ctx);
    const paid = (await listOutbox(t.ctx.db, 20, email)).filter((mail) => mail.body.includes("boletos.pdf"));
    expect(paid).toHaveLength(1);
    expect(paid[0].body).toMatch(/\[boletos\.pdf · application\/pdf · \d{4,} B\]/);
    expect(paid[0].body).toContain("Tus boletos van adjuntos en PDF");
  });
});
