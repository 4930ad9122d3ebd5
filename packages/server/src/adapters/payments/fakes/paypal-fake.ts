import { createHmac, timingSafeEqual } from "node:crypto";
import { basicCredentials, type FakeReply, type FakeRequest, fakeId, type RunningFake, startFakeServer } from "./http-fake";

/**
 * A local fake of the PayPal REST API parts the PayPal adapter uses (https://developer.paypal.com/api/rest/):
 * OAuth2 client credentials, Orders v2 (create with PayPal-Request-Id idempotency, get, capture), capture refunds and
 * POST /v1/notifications/verify-webhook-signature. Webhooks it sends carry PayPal's five transmission headers; only this fake
 * can tell whether a signature is genuine, as only PayPal can for real ones.
 */
interface Order {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  intent: string;
  customId: string;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  cancelUrl: string;
  /** The shopper's PayPal account will be declined at capture (like PayPal's negative testing). */
  declineAtCapture: boolean;
  capture?: { id: string; status: "COMPLETED" | "DECLINED"; amount: { currency_code: string; value: string }; refunded: number };
}

export interface PaypalFake extends RunningFake {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  order(id: string): Order | undefined;
  /** The shopper approves on PayPal; answers the return URL PayPal sends the browser to (with token and PayerID). */
  approve(orderId: string, options?: { declineAtCapture?: boolean }): string;
  /** The shopper cancels on PayPal; answers the cancel URL. */
  cancel(orderId: string): string;
  /** A webhook as PayPal sends it for this order, signed for this fake's webhook id. */
  webhook(eventType: string, orderId: string, at?: Date): { body: string; headers: Record<string, string> };
}

const failure = (status: number, name: string, issue?: string): FakeReply => ({
  status,
  body: { name, message: name, debug_id: fakeId("", 13), ...(issue ? { details: [{ issue, description: issue }] } : {}) },
});

const toCents = (value: string) => Math.round(Number(value) * 100);

export async function startPaypalFake(now: () => Date = () => new Date()): Promise<PaypalFake> {
  const clientId = `A${fakeId("", 40)}`;
  const clientSecret = `E${fakeId("", 40)}`;
  const webhookId = fakeId("", 17).toUpperCase();
  const signingKey = fakeId("", 32);
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  /** PayPal-Request-Id → the answer first given, so a retried call gets the same object back. */
  const idempotent = new Map<string, FakeReply>();
  const sent = new Map<string, { sig: string; body: string }>();
  let running: RunningFake | undefined;

  const bearer = (request: FakeRequest) => {
    const header = request.headers.authorization;
    return typeof header === "string" && header.startsWith("Bearer ") && tokens.has(header.slice(7));
  };
  const requestId = (request: FakeRequest) => {
    const value = request.headers["paypal-request-id"];
    return typeof value === "string" && value ? value : null;
  };
  const orderView = (order: Order) => ({
    id: order.id,
    intent: order.intent,
    status: order.status,
    purchase_units: [
      {
        reference_id: "default",
        custom_id: order.customId,
        amount: order.amount,
        ...(order.capture
          ? {
              payments: {
                captures: [
                  {
                    id: order.capture.id,
                    status: order.capture.refunded > 0 ? "PARTIALLY_REFUNDED" : order.capture.status,
                    amount: order.capture.amount,
                    custom_id: order.customId,
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${running?.url}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      ...(order.status === "PAYER_ACTION_REQUIRED"
        ? [{ href: `${running?.url}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" }]
        : []),
    ],
  });
  const once = (request: FakeRequest, scope: string, handle: () => FakeReply): FakeReply => {
    const key = requestId(request);
    if (!key) return failure(400, "INVALID_REQUEST", "MISSING_PAYPAL_REQUEST_ID");
    const remembered = idempotent.get(`${scope}:${key}`);
    if (remembered) return remembered;
    const reply = handle();
    if (reply.status < 500) idempotent.set(`${scope}:${key}`, reply);
    return reply;
  };

  const createOrder = (request: FakeRequest): FakeReply => {
    if (!bearer(request)) return failure(401, "AUTHENTICATION_FAILURE");
    return once(request, "order", () => {
      const body = (request.body ?? {}) as {
        intent?: string;
        purchase_units?: { custom_id?: string; amount?: { currency_code?: string; value?: string } }[];
        payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
      };
      const unit = body.purchase_units?.[0];
      const context = body.payment_source?.paypal?.experience_context;
      if (body.intent !== "CAPTURE") return failure(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE");
      if (!unit?.amount?.currency_code || !/^\d+\.\d{2}$/.test(unit.amount.value ?? ""))
        return failure(422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION");
      if (!context?.return_url || !context.cancel_url) return failure(422, "UNPROCESSABLE_ENTITY", "MISSING_REQUIRED_PARAMETER");
      if (![context.return_url, context.cancel_url].every((url) => /^https?:\/\//.test(url)))
        return failure(400, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX");
      const order: Order = {
        id: fakeId("", 17).toUpperCase(),
        status: "PAYER_ACTION_REQUIRED",
        intent: "CAPTURE",
        customId: unit.custom_id ?? "",
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value as string },
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url,
        declineAtCapture: false,
      };
      orders.set(order.id, order);
      return { status: 200, body: orderView(order) };
    });
  };

  const capture = (request: FakeRequest, id: string): FakeReply => {
    if (!bearer(request)) return failure(401, "AUTHENTICATION_FAILURE");
    return once(request, "capture", () => {
      const order = orders.get(id);
      if (!order) return failure(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (order.status === "COMPLETED") return failure(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
      if (order.status !== "APPROVED") return failure(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
      if (order.declineAtCapture) {
        order.capture = { id: fakeId("", 17).toUpperCase(), status: "DECLINED", amount: order.amount, refunded: 0 };
        return failure(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED");
      }
      order.status = "COMPLETED";
      order.capture = { id: fakeId("", 17).toUpperCase(), status: "COMPLETED", amount: order.amount, refunded: 0 };
      return { status: 201, body: orderView(order) };
    });
  };

  const refund = (request: FakeRequest, captureId: string): FakeReply => {
    if (!bearer(request)) return failure(401, "AUTHENTICATION_FAILURE");
    return once(request, "refund", () => {
      const order = [...orders.values()].find((candidate) => candidate.capture?.id === captureId);
      if (!order?.capture || order.capture.status !== "COMPLETED") return failure(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      const body = (request.body ?? {}) as { amount?: { value?: string; currency_code?: string } };
      const cents = body.amount?.value ? toCents(body.amount.value) : toCents(order.capture.amount.value) - order.capture.refunded;
      if (cents <= 0 || order.capture.refunded + cents > toCents(order.capture.amount.value))
        return failure(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED");
      order.capture.refunded += cents;
      return { status: 201, body: { id: fakeId("", 17).toUpperCase(), status: "COMPLETED" } };
    });
  };

  const verify = (request: FakeRequest): FakeReply => {
    if (!bearer(request)) return failure(401, "AUTHENTICATION_FAILURE");
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const field of [
      "auth_algo",
      "cert_url",
      "transmission_id",
      "transmission_sig",
      "transmission_time",
      "webhook_id",
      "webhook_event",
    ])
      if (!body[field]) return failure(400, "VALIDATION_ERROR", "MISSING_REQUIRED_PARAMETER");
    // The event is checked as the exact bytes PayPal sent (it signs the CRC32 of the raw body), not as re-serialised JSON.
    const marker = '"webhook_event":';
    const eventText = request.rawBody.slice(request.rawBody.indexOf(marker) + marker.length, request.rawBody.lastIndexOf("}"));
    const record = sent.get(String(body.transmission_id));
    const expected = record
      ? signature(String(body.transmission_id), String(body.transmission_time), String(body.webhook_id), eventText)
      : "";
    const given = String(body.transmission_sig);
    const genuine =
      !!record &&
      body.webhook_id === webhookId &&
      expected.length === given.length &&
      timingSafeEqual(Buffer.from(expected), Buffer.from(given));
    return { status: 200, body: { verification_status: genuine ? "SUCCESS" : "FAILURE" } };
  };

  const signature = (transmissionId: string, time: string, hookId: string, body: string) =>
    createHmac("sha256", signingKey).update(`${transmissionId}|${time}|${hookId}|${body}`).digest("base64");

  running = await startFakeServer(
    [
      [
        "POST",
        /^\/v1\/oauth2\/token$/,
        (request) => {
          const credentials = basicCredentials(request.headers.authorization);
          if (credentials?.user !== clientId || credentials.password !== clientSecret) return failure(401, "invalid_client");
          if ((request.body as Record<string, string> | undefined)?.grant_type !== "client_credentials")
            return failure(400, "unsupported_grant_type");
          const token = fakeId("A21", 40);
          tokens.add(token);
          return {
            status: 200,
            body: { access_token: token, token_type: "Bearer", expires_in: 32400, app_id: "APP-FAKE", nonce: fakeId("", 20) },
          };
        },
      ],
      ["POST", /^\/v2\/checkout\/orders$/, createOrder],
      [
        "GET",
        /^\/v2\/checkout\/orders\/([^/]+)$/,
        (request, [id]) => {
          if (!bearer(request)) return failure(401, "AUTHENTICATION_FAILURE");
          const order = orders.get(id);
          return order ? { status: 200, body: orderView(order) } : failure(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
        },
      ],
      ["POST", /^\/v2\/checkout\/orders\/([^/]+)\/capture$/, (request, [id]) => capture(request, id)],
      ["POST", /^\/v2\/payments\/captures\/([^/]+)\/refund$/, (request, [id]) => refund(request, id)],
      ["POST", /^\/v1\/notifications\/verify-webhook-signature$/, verify],
    ],
    () => failure(404, "RESOURCE_NOT_FOUND"),
  );

  const find = (id: string) => {
    const order = orders.get(id);
    if (!order) throw new Error(`paypal fake: no order ${id}`);
    return order;
  };

  return {
    ...running,
    clientId,
    clientSecret,
    webhookId,
    order: (id) => orders.get(id),
    approve(orderId, options = {}) {
      const order = find(orderId);
      order.status = "APPROVED";
      order.declineAtCapture = options.declineAtCapture === true;
      // PayPal adds its parameters to the return URL as given: a `token` already there (the purchase's) stays first.
      const back = new URL(order.returnUrl, "http://shop.local");
      back.searchParams.append("token", order.id);
      back.searchParams.set("PayerID", fakeId("", 13).toUpperCase());
      return order.returnUrl.startsWith("/") ? `${back.pathname}${back.search}` : back.toString();
    },
    cancel(orderId) {
      const order = find(orderId);
      const back = new URL(order.cancelUrl, "http://shop.local");
      back.searchParams.append("token", order.id);
      return order.cancelUrl.startsWith("/") ? `${back.pathname}${back.search}` : back.toString();
    },
    webhook(eventType, orderId, at = now()) {
      const order = find(orderId);
      const resource = eventType.startsWith("CHECKOUT.ORDER")
        ? orderView(order)
        : {
            id: order.capture?.id ?? fakeId("", 17).toUpperCase(),
            status: order.capture?.status ?? "PENDING",
            amount: order.amount,
            custom_id: order.customId,
            supplementary_data: { related_ids: { order_id: order.id } },
          };
      const body = JSON.stringify({
        id: `WH-${fakeId("", 17).toUpperCase()}`,
        event_version: "1.0",
        create_time: at.toISOString(),
        resource_type: eventType.startsWith("CHECKOUT.ORDER") ? "checkout-order" : "capture",
        event_type: eventType,
        resource,
      });
      const transmissionId = fakeId("", 32);
      const time = at.toISOString();
      const sig = signature(transmissionId, time, webhookId, body);
      sent.set(transmissionId, { sig, body });
      return {
        body,
        headers: {
          "content-type": "application/json",
          "paypal-transmission-id": transmissionId,
          "paypal-transmission-time": time,
          "paypal-transmission-sig": sig,
          "paypal-cert-url": `${running?.url}/v1/notifications/certs/CERT-FAKE`,
          "paypal-auth-algo": "SHA256withRSA",
        },
      };
    },
  };
}
