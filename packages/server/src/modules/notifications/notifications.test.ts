import type { AddressInfo } from "node:net";
import { formatMoney, money } from "@tianguis/domain/money";
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Notifier, type OutgoingMessage, listOutbox } from "../../adapters/notify/notifier";
import { smtpNotifier } from "../../adapters/notify/smtp";
import { jobs } from "../../db/schema/jobs";
import { orders } from "../../db/schema/orders";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { creditSmsPackage } from "../sms/service";
import { ORDER_NOTICE_JOB, queueOrderNotice } from "./service";

describe("order notices: e-mails and SMS after a purchase", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function newShop() {
    const owner = await createUser(t.ctx, { fullName: "Rosa Méndez" });
    const shop = await createShop(t.ctx, owner.id, { name: "Café Olé", storeThemeInfo: { color1: "#c2410c" } });
    return { owner, shop, product: await createProduct(t.ctx, shop.id, { name: "Taza de barro", listPrice: 25000, stock: 10 }) };
  }

  /** A guest buys with contact details, a signed-in customer with session headers; either may carry a locale cookie. */
  async function buy(slug: string, productId: string, who: { contact?: object; headers?: Record<string, string> }) {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${slug}/checkout`,
      headers: who.headers ?? {},
      payload: {
        items: [{ product_id: productId, quantity: 2 }],
        delivery_type: "to_branch",
        ...(who.contact ? { contact: who.contact } : {}),
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; access_token: string };
  }

  async function pay(purchase: { id: string; access_token: string }, method = "str_card") {
    const token = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      payload: { method, card_token: token.json().token, return_path: "/pagado" },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  const inbox = (to: string) => listOutbox(t.ctx.db, 50, to);
  /** The subjects a recipient got, sorted: messages sent in the same millisecond have no order. */
  const subjects = async (to: string) => (await inbox(to)).map((mail) => mail.subject).sort();
  const bodyOf = async (to: string, subject: string) => (await inbox(to)).find((mail) => mail.subject === subject)?.body ?? "";
  const stateOf = async (purchase: { id: string; access_token: string }) =>
    (await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${purchase.id}?token=${purchase.access_token}` })).json().state;
  const orderOf = async (checkoutId: string) => (await t.ctx.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)))[0];

  /** What a crash after sending looks like to the runner: the jobs are due again. */
  async function rerunNoticeJobs() {
    await t.ctx.db.update(jobs).set({ doneAt: null }).where(eq(jobs.kind, ORDER_NOTICE_JOB));
    await runDueJobs(t.ctx);
  }

  it("a guest paying by card gets one 'received' and one 'paid' e-mail, the supplier one 'new paid order', jobs run twice", async () => {
    const { owner, shop, product } = await newShop();
    const email = `ana.${Date.now()}@example.com`;
    const purchase = await buy(shop.slug, product.id, { contact: { full_name: "Ana López", email } });
    await pay(purchase);
    await runDueJobs(t.ctx);
    await rerunNoticeJobs();
    await queueOrderNotice(t.ctx.db, { kind: "purchase_paid", checkoutId: purchase.id }, t.clock.now());
    await runDueJobs(t.ctx);

    expect(await subjects(email)).toEqual(["Recibimos tu compra en Café Olé", "Tu pago fue confirmado"]);
    const paid = await bodyOf(email, "Tu pago fue confirmado");
    expect(paid).toContain("Hola Ana López:");
    expect(paid).toContain("2 × Taza de barro");
    expect(paid).toContain(`Total: ${formatMoney(money(50000, "MXN"), "es")}`);
    expect(paid).toContain(`/tienda/${shop.slug}/mis-compras/${purchase.id}?token=${purchase.access_token}`);

    const order = await orderOf(purchase.id);
    expect(await subjects(owner.email as string)).toEqual([`Nuevo pedido pagado #${order.number}`]);
    expect(await bodyOf(owner.email as string, `Nuevo pedido pagado #${order.number}`)).toContain(
      `/tienda/${shop.slug}/admin/ordenes/${order.id}`,
    );
  });

  it("e-mails a guest who bought a digital product its 'Descargar' link, which downloads the file", async () => {
    const { owner, shop } = await newShop();
    const item = await createProduct(t.ctx, shop.id, { type: "digital", name: "Patrones (PDF)", stockType: "ondemand", stock: null });
    const file = Buffer.from("%PDF-1.4\npatrones de bordado\n%%EOF\n");
    const boundary = "----notice-test-boundary";
    const attached = await t.app.inject({
      method: "PUT",
      url: `/api/v1/shops/${shop.slug}/products/${item.id}/file`,
      headers: { ...(await signIn(t.ctx, owner.id)), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="patrones.pdf"\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(attached.statusCode).toBe(200);
    const email = `digital.${Date.now()}@example.com`;
    const purchase = await buy(shop.slug, item.id, { contact: { full_name: "Ana", email } });
    await pay(purchase);
    // The outbox keeps the text part; a recorder beside it keeps the HTML part.
    const sent: OutgoingMessage[] = [];
    const recorder: Notifier = {
      send: async (message) => {
        sent.push(message);
        await t.ctx.notifier.send(message);
      },
    };
    await runDueJobs({ ...t.ctx, notifier: recorder });

    const paid = await bodyOf(email, "Tu pago fue confirmado");
    const link = /Descargar Patrones \(PDF\): (\S+)/.exec(paid)?.[1] ?? "";
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/v1\/downloads\/[\w.-]+$/);
    expect(paid).toMatch(/El enlace vence el \d+ de \w+ de \d{4}.*; te quedan 5 de 5 descargas\./);
    const html = sent.find((message) => message.to === email && message.subject === "Tu pago fue confirmado")?.html;
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain(">Descargar Patrones (PDF)</a>");
    const download = await t.app.inject({ method: "GET", url: new URL(link).pathname });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(file)).toBe(true);
    // The supplier's 'new paid order' e-mail never carries the buyer's link.
    const order = await orderOf(purchase.id);
    expect(await bodyOf(owner.email as string, `Nuevo pedido pagado #${order.number}`)).not.toContain("/api/v1/downloads/");
  });

  it("writes in English to a customer who saved their preferences in English, with a link that needs no token", async () => {
    const { shop, product } = await newShop();
    const customer = await createUser(t.ctx, { fullName: "John Smith" });
    const headers = await signIn(t.ctx, customer.id);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/v1/profile",
      headers: { ...headers, cookie: `${headers.cookie}; locale=en` },
      payload: { full_name: "John Smith" },
    });
    expect(saved.statusCode).toBe(200);
    // The purchase itself is made without the cookie: the language comes from the account.
    const purchase = await buy(shop.slug, product.id, { headers });
    await pay(purchase);
    await runDueJobs(t.ctx);

    const to = customer.email as string;
    expect(await subjects(to)).toEqual(["We received your purchase at Café Olé", "Your payment was confirmed"]);
    const paid = await bodyOf(to, "Your payment was confirmed");
    expect(paid).toContain("Hi John Smith,");
    expect(paid).toContain(`Total: ${formatMoney(money(50000, "MXN"), "en")}`);
    expect(paid).toContain(`/tienda/${shop.slug}/mis-compras/${purchase.id}\n`);
  });

  it("writes in English to a guest who bought with the site in English", async () => {
    const { shop, product } = await newShop();
    const email = `guest.en.${Date.now()}@example.com`;
    const purchase = await buy(shop.slug, product.id, { contact: { full_name: "Mary", email }, headers: { cookie: "locale=en" } });
    await pay(purchase);
    await runDueJobs(t.ctx);

    expect(await subjects(email)).toEqual(["We received your purchase at Café Olé", "Your payment was confirmed"]);
    expect(await bodyOf(email, "Your payment was confirmed")).toContain("Hi Mary,");
  });

  it("gives a customer paying cash at a store the reference to pay with", async () => {
    const { shop, product } = await newShop();
    const email = `cash.${Date.now()}@example.com`;
    const purchase = await buy(shop.slug, product.id, { contact: { full_name: "Luis", email } });
    const started = await pay(purchase, "openpay_store");
    await runDueJobs(t.ctx);

    const instructions = await bodyOf(email, "Cómo pagar tu compra en Café Olé");
    const { reference } = started.checkout.payment.instructions;
    expect(instructions).toMatch(
      new RegExp(`paga en efectivo en una tienda de conveniencia con la referencia ${reference} antes del \\d+ de \\w+ de \\d{4}`),
    );
  });

  it("e-mails a SPEI purchase's CLABE and reference once, and not in the purchase summary sent before", async () => {
    const { shop, product } = await newShop();
    const email = `spei.${Date.now()}@example.com`;
    const purchase = await buy(shop.slug, product.id, { contact: { full_name: "Luis", email } });
    await runDueJobs(t.ctx);
    const started = await pay(purchase, "openpay_bank");
    await runDueJobs(t.ctx);
    await rerunNoticeJobs();
    await queueOrderNotice(t.ctx.db, { kind: "payment_pending", checkoutId: purchase.id }, t.clock.now());
    await runDueJobs(t.ctx);

    expect(await subjects(email)).toEqual(["Cómo pagar tu compra en Café Olé", "Recibimos tu compra en Café Olé"]);
    const { reference, clabe } = started.checkout.payment.instructions;
    const instructions = await bodyOf(email, "Cómo pagar tu compra en Café Olé");
    expect(instructions).toContain(`haz una transferencia SPEI a la CLABE ${clabe} con la referencia ${reference} antes del`);
    expect(instructions).toContain(`Total: ${formatMoney(money(50000, "MXN"), "es")}`);
    expect(await bodyOf(email, "Recibimos tu compra en Café Olé")).not.toContain("CLABE");
  });

  it("texts a customer known only by a phone number (the shop has SMS credits)", async () => {
    const { shop, product } = await newShop();
    const credits = { purchase_id: crypto.randomUUID(), shop_id: shop.id, package_id: "sms_100", credits: 100 };
    await t.ctx.db.transaction((tx) => creditSmsPackage(tx, credits, t.clock.now()));
    const customer = await createUser(t.ctx, { username: "+525598765432", email: null, phone: "5598765432", countryCode: "52" });
    const purchase = await buy(shop.slug, product.id, { headers: await signIn(t.ctx, customer.id) });
    await runDueJobs(t.ctx);

    const [sms] = await inbox("+525598765432");
    expect(sms.channel).toBe("sms");
    expect(sms.body).toBe(
      `Café Olé: Recibimos tu compra en Café Olé. http://localhost:3000/tienda/${shop.slug}/mis-compras/${purchase.id}`,
    );
  });

  it("tells the customer of confirmation, dispatch, delivery and a supplier's cancellation, the supplier of a customer's", async () => {
    const { owner, shop, product } = await newShop();
    const email = `steps.${Date.now()}@example.com`;
    const purchase = await buy(shop.slug, product.id, { contact: { full_name: "Ana", email } });
    await pay(purchase);
    const order = await orderOf(purchase.id);
    const step = async (state: "confirmed" | "in_process" | "on_the_way" | "delivered", values: Partial<typeof orders.$inferInsert>) => {
      await t.ctx.db
        .update(orders)
        .set({ state, ...values })
        .where(eq(orders.id, order.id));
      await queueOrderNotice(t.ctx.db, { kind: "order_state_changed", orderId: order.id, state }, t.clock.now());
    };
    await step("confirmed", { estimatedDeliveryDate: "2030-03-14" });
    await step("in_process", {});
    await step("on_the_way", { courier: "Estafeta", trackingNumber: "EST123456" });
    await step("delivered", {});
    await runDueJobs(t.ctx);

    expect(await subjects(email)).toEqual([
      "Recibimos tu compra en Café Olé",
      "Tu pago fue confirmado",
      `Tu pedido #${order.number} está en camino`,
      `Tu pedido #${order.number} fue confirmado`,
      `Tu pedido #${order.number} fue entregado`,
    ]);
    expect(await bodyOf(email, `Tu pedido #${order.number} fue confirmado`)).toContain(
      "La fecha estimada de entrega es el 14 de marzo de 2030.",
    );
    expect(await bodyOf(email, `Tu pedido #${order.number} está en camino`)).toContain("Paquetería: Estafeta. Número de guía: EST123456.");

    const other = await buy(shop.slug, product.id, { contact: { full_name: "Ana", email } });
    await pay(other);
    const canceled = await orderOf(other.id);
    await t.ctx.db
      .update(orders)
      .set({ state: "canceled_by_supplier", cancelReason: "Se agotó el barro" })
      .where(eq(orders.id, canceled.id));
    await queueOrderNotice(t.ctx.db, { kind: "order_state_changed", orderId: canceled.id, state: "canceled_by_supplier" }, t.clock.now());
    const third = await buy(shop.slug, product.id, { contact: { full_name: "Ana", email } });
    await pay(third);
    const withdrawn = await orderOf(third.id);
    await queueOrderNotice(t.ctx.db, { kind: "order_state_changed", orderId: withdrawn.id, state: "canceled_by_customer" }, t.clock.now());
    await runDueJobs(t.ctx);

    expect(await bodyOf(email, `Tu pedido #${canceled.number} fue cancelado`)).toContain(
      "Café Olé canceló tu pedido. Motivo: Se agotó el barro.",
    );
    expect(await subjects(owner.email as string)).toContain(`El cliente canceló el pedido #${withdrawn.number}`);
  });

  it("retries the notice when the notifier fails, and the payment stays paid", async () => {
    const { owner, shop, product } = await newShop();
    const email = `retry.${Date.now()}@example.com`;
    const purchase = await buy(shop.slug, product.id, { contact: { full_name: "Ana", email } });
    await pay(purchase);
    const down: Notifier = {
      send: async () => {
        throw new Error("mail server down");
      },
    };
    await runDueJobs({ ...t.ctx, notifier: down });

    expect(await stateOf(purchase)).toBe("paid");
    expect(await inbox(email)).toEqual([]);
    const failed = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, ORDER_NOTICE_JOB), eq(jobs.payload, { kind: "purchase_paid", checkoutId: purchase.id })));
    expect(failed).toMatchObject([{ attempts: 1, doneAt: null, lastError: "Error: mail server down" }]);

    t.clock.advance(61_000);
    await runDueJobs(t.ctx);
    expect(await subjects(email)).toEqual(["Recibimos tu compra en Café Olé", "Tu pago fue confirmado"]);
    expect(await inbox(owner.email as string)).toHaveLength(1);
    expect(await stateOf(purchase)).toBe("paid");
  });
});

describe("SMTP adapter", () => {
  let server: SMTPServer;
  let port: number;
  const received: string[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("latin1"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers an e-mail with its text and HTML parts, accents intact", async () => {
    const recorded: string[] = [];
    const recorder: Notifier = { send: async (message) => void recorded.push(message.body) };
    const notifier = smtpNotifier(`smtp://127.0.0.1:${port}`, "Tianguis <no-reply@tianguis.local>", recorder);
    await notifier.send({
      channel: "email",
      to: "ana@example.com",
      subject: "Tu pedido #7 está en camino",
      body: "¡Tu pedido ya va en camino! Paquetería: Estafeta.",
      html: "<p>¡Tu pedido ya va en camino! Paquetería: <b>Estafeta</b>.</p>",
    });

    expect(recorded).toEqual(["¡Tu pedido ya va en camino! Paquetería: Estafeta."]);
    const mail = parseMime(received[0]);
    expect(mail.subject).toBe("Tu pedido #7 está en camino");
    expect(mail.parts).toEqual([
      { type: "text/plain", content: "¡Tu pedido ya va en camino! Paquetería: Estafeta." },
      { type: "text/html", content: "<p>¡Tu pedido ya va en camino! Paquetería: <b>Estafeta</b>.</p>" },
    ]);
  });
});

/** Just enough MIME to read one multipart/alternative message back (headers, Q/B encoded words, QP or base64 parts). */
function parseMime(raw: string) {
  const [head, ...rest] = raw.split("\r\n\r\n");
  const headers = head.replace(/\r\n[ \t]+/g, " ");
  const header = (block: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(block)?.[1] ?? "";
  const bytes = (text: string, encoding: string) =>
    /^b/i.test(encoding)
      ? Buffer.from(text.replace(/\s+/g, ""), "base64")
      : Buffer.from(
          text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        );
  const subject = header(headers, "Subject").replace(/(=\?utf-8\?[QB]\?[^?]*\?=\s*)+/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(/=\?utf-8\?([QB])\?([^?]*)\?=/gi)].map(([, kind, text]) =>
        bytes(kind === "Q" || kind === "q" ? text.replace(/_/g, " ") : text, kind === "Q" || kind === "q" ? "quoted-printable" : "base64"),
      ),
    )
      .toString("utf8")
      .trimEnd(),
  );
  const boundary = /boundary="?([^";]+)"?/i.exec(header(headers, "Content-Type"))?.[1] ?? "";
  const parts = rest
    .join("\r\n\r\n")
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [partHead, ...body] = part.replace(/^\r\n/, "").split("\r\n\r\n");
      const type = header(partHead, "Content-Type").split(";")[0].trim();
      const content = bytes(body.join("\r\n\r\n").replace(/\r\n$/, ""), header(partHead, "Content-Transfer-Encoding")).toString("utf8");
      return { type, content };
    });
  return { subject, parts };
}
