import { generateKeyPairSync, sign as rsaSign } from "node:crypto";
import { type FakeReply, type FakeRequest, type RunningFake, fakeId, startFakeServer } from "./http-fake";

/**
 * A local fake of the part of Conekta's Payments API (v2.x, https://developers.conekta.com/reference) the adapter uses:
 * Bearer private key, orders with a card token charge (3-D Secure through `three_ds_mode` + `next_action.redirect_to_url`)
 * or an OXXO cash charge with `expires_at`, order refunds, GET /balance, replays keyed by the Idempotency-Key header, and
 * webhooks signed the way Conekta documents: an RSA-SHA256 signature of the raw body, base64, in the `digest` header,
 * checked with the public key of the account's webhook key (POST /webhook_keys answers it as `public_key`).
 */
export const conektaTestTokens = {
  success: "tok_test_visa_4242",
  decline: "tok_test_card_declined",
  threeDS: "tok_test_3ds_visa_3220",
} as const;

export interface ConektaFakeOptions {
  privateKey: string;
  now?: () => Date;
}

interface ConektaCharge {
  id: string;
  object: "charge";
  status: "paid" | "pending_payment" | "declined" | "expired" | "refunded" | "partially_refunded";
  amount: number;
  currency: string;
  order_id: string;
  created_at: number;
  paid_at: number | null;
  failure_code?: string;
  failure_message?: string;
  payment_method: Record<string, unknown>;
  refunds: { object: "list"; data: { id: string; object: "refund"; amount: number; created_at: number; status: "succeeded" }[] };
}

interface ConektaOrder {
  id: string;
  object: "order";
  livemode: false;
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_status: string;
  metadata: Record<string, string>;
  customer_info: Record<string, unknown>;
  created_at: number;
  updated_at: number;
  next_action?: { type: "redirect_to_url"; redirect_to_url: { url: string; return_url: string } };
  charges: { object: "list"; has_more: false; total: number; data: ConektaCharge[] };
}

export interface ConektaFake extends RunningFake {
  orders: Map<string, ConektaOrder>;
  /** The account's webhook key: Conekta signs with the private half; the shop stores the public half. */
  webhookPublicKey: string;
  /** Order events as Conekta sends them: 'order.paid', 'order.declined', 'order.expired'. */
  emit(orderId: string, type: "order.paid" | "order.declined" | "order.expired"): { rawBody: string; headers: Record<string, string> };
  idempotencyKeys(): string[];
}

const conektaError = (status: number, type: string, code: string, message: string, data?: unknown): FakeReply => ({
  status,
  body: { object: "error", type, log_id: fakeId("", 24), details: [{ code, message, debug_message: message }], ...(data ? { data } : {}) },
});

export async function startConektaFake(options: ConektaFakeOptions): Promise<ConektaFake> {
  const now = options.now ?? (() => new Date());
  const unix = () => Math.floor(now().getTime() / 1000);
  const orders = new Map<string, ConektaOrder>();
  const replays = new Map<string, { fingerprint: string; reply: FakeReply }>();
  const webhookKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const webhookPublicKey = webhookKeys.publicKey.export({ type: "spki", format: "pem" }).toString();
  let base = "";

  const authorized = (request: FakeRequest) => request.headers.authorization === `Bearer ${options.privateKey}`;
  const unauthorized = conektaError(401, "authentication_error", "conekta.errors.authentication.missing_key", "Acceso no autorizado.");

  function idempotent(request: FakeRequest, create: () => FakeReply): FakeReply {
    const key = request.headers["idempotency-key"];
    if (typeof key !== "string") return create();
    const fingerprint = `${request.path}?${request.rawBody}`;
    const seen = replays.get(key);
    if (seen && seen.fingerprint !== fingerprint) {
      return conektaError(
        409,
        "parameter_validation_error",
        "conekta.errors.conflict.idempotency_key",
        "Idempotency key reused with other parameters",
      );
    }
    if (seen) return structuredClone(seen.reply);
    // Conekta answers a repeated key with the first answer as it was then.
    const reply = create();
    replays.set(key, { fingerprint, reply: structuredClone(reply) });
    return reply;
  }

  function createOrder(body: Record<string, unknown>): FakeReply {
    const lines = body.line_items as { unit_price: number; quantity: number }[] | undefined;
    const customer = body.customer_info as { name?: string; email?: string } | undefined;
    const charges = body.charges as { payment_method: { type: string; token_id?: string; expires_at?: number } }[] | undefined;
    if (!lines?.length || !customer?.name || !customer.email || !body.currency || !charges?.length) {
      return conektaError(
        422,
        "parameter_validation_error",
        "conekta.errors.parameter_validation.order.missing",
        "Faltan datos de la orden.",
      );
    }
    const amount = lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
    const method = charges[0].payment_method;
    const order: ConektaOrder = {
      id: fakeId("ord_", 17),
      object: "order",
      livemode: false,
      amount,
      amount_refunded: 0,
      currency: String(body.currency),
      payment_status: "pending_payment",
      metadata: (body.metadata as Record<string, string>) ?? {},
      customer_info: { object: "customer_info", ...customer },
      created_at: unix(),
      updated_at: unix(),
      charges: { object: "list", has_more: false, total: 1, data: [] },
    };
    const charge: ConektaCharge = {
      id: fakeId("", 24),
      object: "charge",
      status: "pending_payment",
      amount,
      currency: order.currency,
      order_id: order.id,
      created_at: unix(),
      paid_at: null,
      payment_method: {},
      refunds: { object: "list", data: [] },
    };
    order.charges.data.push(charge);
    orders.set(order.id, order);
    if (method.type === "cash") {
      if (!method.expires_at || method.expires_at <= unix()) {
        return conektaError(
          422,
          "parameter_validation_error",
          "conekta.errors.parameter_validation.expires_at.invalid",
          "Fecha de expiración inválida.",
        );
      }
      charge.payment_method = {
        object: "cash_payment",
        type: "oxxo",
        service_name: "OxxoPay",
        reference: String(Math.floor(1e13 + Math.random() * 9e13)),
        barcode_url: `${base}/barcodes/${charge.id}.png`,
        expires_at: method.expires_at,
      };
      return { status: 200, body: order };
    }
    charge.payment_method = { object: "card_payment", type: "credit", brand: "visa", last4: "4242", name: customer.name };
    if (method.token_id === conektaTestTokens.decline) {
      charge.status = "declined";
      charge.failure_code = "card_declined";
      charge.failure_message = "Esta tarjeta fue declinada. Por favor intenta con otro método de pago.";
      order.payment_status = "declined";
      return conektaError(402, "processing_error", "conekta.errors.processing.bank.declined", charge.failure_message, order);
    }
    if (method.token_id === conektaTestTokens.threeDS) {
      if (!body.three_ds_mode || !body.return_url) return { status: 200, body: paid(order) };
      order.next_action = {
        type: "redirect_to_url",
        redirect_to_url: { url: `${base}/3ds/${order.id}`, return_url: String(body.return_url) },
      };
      return { status: 200, body: order };
    }
    if (method.token_id !== conektaTestTokens.success) {
      return conektaError(
        422,
        "parameter_validation_error",
        "conekta.errors.parameter_validation.token.invalid",
        "El token ya fue usado o no existe.",
      );
    }
    return { status: 200, body: paid(order) };
  }

  function paid(order: ConektaOrder): ConektaOrder {
    order.payment_status = "paid";
    order.next_action = undefined;
    order.charges.data[0].status = "paid";
    order.charges.data[0].paid_at = unix();
    return order;
  }

  function refundOrder(id: string, body: { amount?: number; reason?: string }): FakeReply {
    const order = orders.get(id);
    if (!order)
      return conektaError(404, "resource_not_found_error", "conekta.errors.resource_not_found.entity", "El recurso no ha sido encontrado.");
    if (order.payment_status !== "paid" && order.payment_status !== "partially_refunded") {
      return conektaError(422, "processing_error", "conekta.errors.processing.refund.not_paid", "La orden no ha sido pagada.");
    }
    const amount = body.amount ?? order.amount - order.amount_refunded;
    if (!body.reason || amount <= 0 || amount > order.amount - order.amount_refunded) {
      return conektaError(
        422,
        "parameter_validation_error",
        "conekta.errors.parameter_validation.refund.amount",
        "Monto de reembolso inválido.",
      );
    }
    order.amount_refunded += amount;
    order.payment_status = order.amount_refunded === order.amount ? "refunded" : "partially_refunded";
    order.charges.data[0].refunds.data.push({
      id: fakeId("", 24),
      object: "refund",
      amount: -amount,
      created_at: unix(),
      status: "succeeded",
    });
    return { status: 200, body: order };
  }

  const running = await startFakeServer(
    [
      [
        "GET",
        /^\/balance$/,
        (request) => (authorized(request) ? { status: 200, body: { available: [], pending: [], retained: [] } } : unauthorized),
      ],
      [
        "POST",
        /^\/orders$/,
        (request) => (authorized(request) ? idempotent(request, () => createOrder(request.body as Record<string, unknown>)) : unauthorized),
      ],
      [
        "GET",
        /^\/orders\/([^/]+)$/,
        (request, [id]) => {
          if (!authorized(request)) return unauthorized;
          const order = orders.get(id);
          return order
            ? { status: 200, body: order }
            : conektaError(
                404,
                "resource_not_found_error",
                "conekta.errors.resource_not_found.entity",
                "El recurso no ha sido encontrado.",
              );
        },
      ],
      [
        "POST",
        /^\/orders\/([^/]+)\/refunds$/,
        (request, [id]) =>
          authorized(request)
            ? idempotent(request, () => refundOrder(id, request.body as { amount?: number; reason?: string }))
            : unauthorized,
      ],
    ],
    () => conektaError(404, "resource_not_found_error", "conekta.errors.resource_not_found.entity", "El recurso no ha sido encontrado."),
  );
  base = running.url;

  return {
    ...running,
    orders,
    webhookPublicKey,
    emit(orderId, type) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      if (type === "order.paid") paid(order);
      else {
        order.payment_status = type === "order.expired" ? "expired" : "declined";
        order.charges.data[0].status = order.payment_status as ConektaCharge["status"];
        order.next_action = undefined;
      }
      const rawBody = JSON.stringify({
        id: fakeId("", 24),
        object: "event",
        type,
        livemode: false,
        created_at: unix(),
        webhook_status: "pending",
        data: { object: order, previous_attributes: {} },
      });
      const digest = rsaSign("sha256", Buffer.from(rawBody), webhookKeys.privateKey).toString("base64");
      return { rawBody, headers: { digest } };
    },
    idempotencyKeys: () =>
      running.requests.filter((request) => request.method === "POST").map((request) => String(request.headers["idempotency-key"] ?? "")),
  };
}
