import { basicCredentials, type FakeReply, type FakeRequest, fakeId, type RunningFake, startFakeServer } from "./http-fake";

/**
 * A local fake of the part of Openpay's REST API (https://documents.openpay.mx/docs/api/) the Openpay adapter uses:
 * tokens (public key, as openpay.js does), charges by card / store / bank_account with `order_id` unique per merchant,
 * the order_id search, charge lookup, card refunds, 3-D Secure redirect, and webhooks with HTTP Basic credentials.
 */
export const openpayTestCards = {
  success: "4111111111111111",
  decline: "4000000000000002",
  /** Openpay's antifraud asks for 3-D Secure on this card even when the charge did not request it. */
  threeDS: "4000000000003063",
} as const;

interface Charge {
  id: string;
  method: "card" | "store" | "bank_account";
  status: "completed" | "in_progress" | "charge_pending" | "failed" | "cancelled" | "refunded";
  amount: number;
  currency: string;
  order_id: string;
  description: string;
  creation_date: string;
  due_date?: string;
  redirect_url?: string;
  payment_method?: Record<string, string>;
  error_message: string | null;
  metadata?: Record<string, string>;
  refund?: OpenpayRefund;
  refunds?: OpenpayRefund[];
}

interface OpenpayRefund {
  id: string;
  amount: number;
  status: "completed";
  description: string;
}

export interface OpenpayFake extends RunningFake {
  merchantId: string;
  publicKey: string;
  secretKey: string;
  webhookUser: string;
  webhookPassword: string;
  /** What openpay.js does in the browser: a card token for one of the test cards. */
  cardToken(number: string): Promise<string>;
  charge(id: string): Charge | undefined;
  /** The shopper finishes (or fails) the bank's 3-D Secure page; answers where Openpay sends the browser back. */
  complete3ds(id: string, approve: boolean): string;
  /** The shopper pays a store reference or a SPEI transfer. */
  payOffline(id: string): void;
  /** The deadline passes without payment: Openpay cancels the charge. */
  expire(id: string): void;
  /** The webhook Openpay would send now for this charge: body and headers, with the configured Basic credentials. */
  webhook(type: string, id: string, at?: Date, as?: { status: Charge["status"] }): { body: string; headers: Record<string, string> };
}

const error = (status: number, code: number, description: string): FakeReply => ({
  status,
  body: { category: status === 402 ? "gateway" : "request", error_code: code, description, http_code: status, request_id: fakeId("") },
});

const required = (body: Record<string, unknown>, fields: string[]) =>
  fields.filter((field) => body[field] === undefined || body[field] === "");

export async function startOpenpayFake(now: () => Date = () => new Date()): Promise<OpenpayFake> {
  const merchantId = fakeId("m", 19);
  const publicKey = `pk_${fakeId("", 32)}`;
  const secretKey = `sk_${fakeId("", 32)}`;
  const webhookUser = "tianguis";
  const webhookPassword = fakeId("", 24);
  /** Tokens are single-use, as Openpay's are; a retried charge with the same order_id is answered before the token is read. */
  const tokens = new Map<string, { number: string; used: boolean }>();
  const charges = new Map<string, Charge>();
  let running: RunningFake | undefined;

  const authorised = (request: FakeRequest, key: string) => basicCredentials(request.headers.authorization)?.user === key;
  const unauthorised = () => error(401, 1002, "The api key or merchant id are invalid");
  const view = (charge: Charge) => {
    const { redirect_url: _redirect, ...rest } = charge;
    return rest;
  };

  const createToken = (request: FakeRequest): FakeReply => {
    if (!authorised(request, publicKey)) return unauthorised();
    const body = (request.body ?? {}) as Record<string, string>;
    const missing = required(body, ["card_number", "holder_name", "expiration_year", "expiration_month", "cvv2"]);
    if (missing.length) return error(400, 1001, `${missing[0]} is required`);
    const id = fakeId("k", 19);
    tokens.set(id, { number: body.card_number, used: false });
    return { status: 201, body: { id, card: { card_number: `${body.card_number.slice(0, 6)}XXXXXX${body.card_number.slice(-4)}` } } };
  };

  const createCharge = (request: FakeRequest): FakeReply => {
    if (!authorised(request, secretKey)) return unauthorised();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = required(body, ["method", "amount", "description", "order_id", "customer"]);
    if (missing.length) return error(400, 1001, `${missing[0]} is required`);
    const customer = body.customer as Record<string, string>;
    if (!customer.name || !customer.email) return error(400, 1001, "customer.name and customer.email are required");
    if (typeof body.amount !== "number" || body.amount <= 0) return error(400, 1001, "amount must be a positive number");
    if ([...charges.values()].some((charge) => charge.order_id === body.order_id))
      return error(409, 1006, "The order_id has already been processed");
    const base = {
      id: fakeId("tr", 18),
      amount: body.amount,
      currency: String(body.currency ?? "MXN"),
      order_id: String(body.order_id),
      description: String(body.description),
      creation_date: now().toISOString(),
      error_message: null,
      ...(body.metadata ? { metadata: body.metadata as Record<string, string> } : {}),
    };
    if (body.method === "card") {
      const cardMissing = required(body, ["source_id", "device_session_id"]);
      if (cardMissing.length) return error(400, 1001, `${cardMissing[0]} is required`);
      const token = tokens.get(String(body.source_id));
      if (!token || token.used) return error(404, 1005, "The requested resource doesn't exist");
      token.used = true;
      if (token.number === openpayTestCards.decline) return error(402, 3001, "The card was declined");
      const needs3ds = body.use_3d_secure === true || token.number === openpayTestCards.threeDS;
      if (needs3ds && !/^https?:\/\//.test(String(body.redirect_url ?? "")))
        return error(400, 1001, "redirect_url must be an absolute URL for 3D Secure");
      const charge: Charge = { ...base, method: "card", status: needs3ds ? "charge_pending" : "completed" };
      if (needs3ds) {
        charge.redirect_url = String(body.redirect_url);
        charge.payment_method = { type: "redirect", url: `${running?.url}/v1/${merchantId}/charges/${charge.id}/redirect/` };
      }
      charges.set(charge.id, charge);
      return { status: 200, body: view(charge) };
    }
    if (body.method === "store" || body.method === "bank_account") {
      if (!body.due_date) return error(400, 1001, "due_date is required");
      const charge: Charge = { ...base, method: body.method, status: "in_progress", due_date: String(body.due_date) };
      charge.payment_method =
        body.method === "store"
          ? { type: "store", reference: fakeId("", 14).toUpperCase(), barcode_url: `${running?.url}/barcode/${charge.id}` }
          : {
              type: "bank_transfer",
              bank: "STP",
              clabe: `646180${String(Math.floor(Math.random() * 1e12)).padStart(12, "0")}`,
              name: fakeId("", 17),
            };
      charges.set(charge.id, charge);
      return { status: 200, body: view(charge) };
    }
    return error(400, 1001, "method is invalid");
  };

  const refund = (request: FakeRequest, id: string): FakeReply => {
    if (!authorised(request, secretKey)) return unauthorised();
    const charge = charges.get(id);
    if (!charge) return error(404, 1005, "The requested resource doesn't exist");
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (charge.method !== "card") return error(400, 1001, "Only card charges can be refunded");
    if (charge.status !== "completed") return error(409, 1020, "The transaction is not in a refundable state");
    const refunded = (charge.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0);
    const amount = typeof body.amount === "number" ? body.amount : charge.amount - refunded;
    if (amount <= 0 || refunded + amount > charge.amount + 1e-9) return error(400, 1001, "amount is greater than the charge");
    charge.refund = { id: fakeId("tr", 18), amount, status: "completed", description: String(body.description ?? "") };
    charge.refunds = [...(charge.refunds ?? []), charge.refund];
    if (Math.abs(refunded + amount - charge.amount) < 1e-9) charge.status = "refunded";
    return { status: 200, body: view(charge) };
  };

  running = await startFakeServer(
    [
      [
        "GET",
        /^\/v1\/([^/]+)$/,
        (request, [merchant]) =>
          merchant === merchantId && authorised(request, secretKey)
            ? { status: 200, body: { id: merchantId, name: "Comercio de pruebas", status: "active" } }
            : unauthorised(),
      ],
      ["POST", /^\/v1\/([^/]+)\/tokens$/, (request, [merchant]) => (merchant === merchantId ? createToken(request) : unauthorised())],
      ["POST", /^\/v1\/([^/]+)\/charges$/, (request, [merchant]) => (merchant === merchantId ? createCharge(request) : unauthorised())],
      [
        "GET",
        /^\/v1\/([^/]+)\/charges$/,
        (request, [merchant]) => {
          if (merchant !== merchantId || !authorised(request, secretKey)) return unauthorised();
          const orderId = request.query.get("order_id");
          return { status: 200, body: [...charges.values()].filter((charge) => !orderId || charge.order_id === orderId).map(view) };
        },
      ],
      [
        "GET",
        /^\/v1\/([^/]+)\/charges\/([^/]+)$/,
        (request, [merchant, id]) => {
          if (merchant !== merchantId || !authorised(request, secretKey)) return unauthorised();
          const charge = charges.get(id);
          return charge ? { status: 200, body: view(charge) } : error(404, 1005, "The requested resource doesn't exist");
        },
      ],
      [
        "POST",
        /^\/v1\/([^/]+)\/charges\/([^/]+)\/refund$/,
        (request, [merchant, id]) => (merchant === merchantId ? refund(request, id) : unauthorised()),
      ],
    ],
    () => error(404, 1005, "The requested resource doesn't exist"),
  );

  const find = (id: string) => {
    const charge = charges.get(id);
    if (!charge) throw new Error(`openpay fake: no charge ${id}`);
    return charge;
  };

  return {
    ...running,
    merchantId,
    publicKey,
    secretKey,
    webhookUser,
    webhookPassword,
    async cardToken(number) {
      const response = await fetch(`${running.url}/v1/${merchantId}/tokens`, {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${publicKey}:`).toString("base64")}`, "content-type": "application/json" },
        body: JSON.stringify({
          card_number: number,
          holder_name: "Lucía Pérez",
          expiration_year: "30",
          expiration_month: "12",
          cvv2: "123",
        }),
      });
      return ((await response.json()) as { id: string }).id;
    },
    charge: (id) => charges.get(id),
    complete3ds(id, approve) {
      const charge = find(id);
      if (charge.status !== "charge_pending" || !charge.redirect_url) throw new Error("openpay fake: no 3-D Secure pending");
      charge.status = approve ? "completed" : "failed";
      if (!approve) charge.error_message = "3D Secure authentication failed";
      const back = new URL(charge.redirect_url);
      back.searchParams.set("id", charge.id);
      return back.toString();
    },
    payOffline(id) {
      const charge = find(id);
      if (charge.status !== "in_progress") throw new Error("openpay fake: charge is not awaiting payment");
      charge.status = "completed";
    },
    expire(id) {
      const charge = find(id);
      if (charge.status === "in_progress") charge.status = "cancelled";
    },
    webhook(type, id, at = now(), as) {
      const body = JSON.stringify({ type, event_date: at.toISOString(), transaction: { ...view(find(id)), ...as } });
      const authorization = `Basic ${Buffer.from(`${webhookUser}:${webhookPassword}`).toString("base64")}`;
      return { body, headers: { authorization, "content-type": "application/json" } };
    },
  };
}
