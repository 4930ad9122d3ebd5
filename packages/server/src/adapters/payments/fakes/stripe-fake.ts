import { createHmac } from "node:crypto";
import { type FakeReply, type FakeRequest, type RunningFake, fakeId, startFakeServer } from "./http-fake";

/**
 * A local fake of the part of Stripe's API the adapter uses (https://docs.stripe.com/api), answering with Stripe's
 * published shapes: form-encoded requests with Bearer auth, PaymentIntents confirmed server-side with Stripe's test
 * payment methods, refunds, GET /v1/balance, idempotent replays keyed by the Idempotency-Key header, and webhooks
 * signed with the Stripe-Signature scheme (t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">).
 */
export const stripeTestCards = {
  success: "pm_card_visa",
  decline: "pm_card_visa_chargeDeclined",
  threeDS: "pm_card_authenticationRequired",
} as const;

export interface StripeFakeOptions {
  secretKey: string;
  webhookSecret: string;
  now?: () => Date;
  /** Where the 3-D Secure page of the fake lives (the shopper's browser is sent there). */
  hostedUrl?: string;
}

interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  payment_method: string;
  latest_charge: string | null;
  client_secret: string;
  created: number;
  next_action: null | { type: "redirect_to_url"; redirect_to_url: { url: string; return_url: string } };
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
}

interface Refund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded" | "pending" | "failed";
  metadata: Record<string, string>;
  created: number;
}

export interface StripeFake extends RunningFake {
  intents: Map<string, PaymentIntent>;
  /** The shopper answers the 3-D Secure challenge: the intent moves and Stripe's webhook is returned signed. */
  finishChallenge(intentId: string, approve: boolean): { rawBody: string; headers: Record<string, string> };
  /** Signs any event body as Stripe does. */
  sign(event: unknown, at?: Date): { rawBody: string; headers: Record<string, string> };
  idempotencyKeys(): string[];
}

function metadataOf(body: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

const stripeError = (status: number, error: Record<string, unknown>): FakeReply => ({ status, body: { error } });

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const now = options.now ?? (() => new Date());
  const unix = () => Math.floor(now().getTime() / 1000);
  const intents = new Map<string, PaymentIntent>();
  const refunds = new Map<string, Refund>();
  const replays = new Map<string, { fingerprint: string; reply: FakeReply }>();
  let base = "";

  const authorized = (request: FakeRequest) => request.headers.authorization === `Bearer ${options.secretKey}`;
  const unauthorized = stripeError(401, {
    type: "invalid_request_error",
    message: "Invalid API Key provided: sk_test_****",
  });

  /** Stripe replays the first answer to a repeated Idempotency-Key, and refuses the key with other parameters. */
  function idempotent(request: FakeRequest, create: () => FakeReply): FakeReply {
    const key = request.headers["idempotency-key"];
    if (typeof key !== "string") return create();
    const fingerprint = `${request.path}?${request.rawBody}`;
    const seen = replays.get(key);
    if (seen && seen.fingerprint !== fingerprint) {
      return stripeError(400, {
        type: "idempotency_error",
        message: "Keys for idempotent requests can only be used with the same parameters",
      });
    }
    if (seen) return { ...seen.reply, headers: { "idempotent-replayed": "true" } };
    const reply = create();
    replays.set(key, { fingerprint, reply });
    return reply;
  }

  function createIntent(body: Record<string, string>): FakeReply {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1 || !body.currency) {
      return stripeError(400, { type: "invalid_request_error", code: "parameter_missing", message: "Missing required param: amount." });
    }
    const intent: PaymentIntent = {
      id: fakeId("pi_", 24),
      object: "payment_intent",
      amount,
      currency: body.currency,
      status: "requires_confirmation",
      metadata: metadataOf(body),
      payment_method: body.payment_method,
      latest_charge: null,
      client_secret: "",
      created: unix(),
      next_action: null,
      last_payment_error: null,
    };
    intent.client_secret = `${intent.id}_secret_${fakeId("", 12)}`;
    intents.set(intent.id, intent);
    if (body.confirm !== "true") return { status: 200, body: intent };
    if (body.payment_method === stripeTestCards.decline) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      };
      return stripeError(402, {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        payment_intent: intent,
      });
    }
    if (body.payment_method === stripeTestCards.threeDS) {
      if (!body.return_url)
        return stripeError(400, { type: "invalid_request_error", message: "return_url is required to confirm with redirects" });
      intent.status = "requires_action";
      intent.next_action = {
        type: "redirect_to_url",
        redirect_to_url: { url: `${options.hostedUrl ?? base}/3ds/${intent.id}`, return_url: body.return_url },
      };
      return { status: 200, body: intent };
    }
    if (body.payment_method !== stripeTestCards.success) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such PaymentMethod: '${body.payment_method}'`,
      });
    }
    intent.status = "succeeded";
    intent.latest_charge = fakeId("ch_", 24);
    return { status: 200, body: intent };
  }

  function createRefund(body: Record<string, string>): FakeReply {
    const intent = intents.get(body.payment_intent);
    if (!intent || intent.status !== "succeeded") {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "charge_not_refundable",
        message: "This PaymentIntent has no successful charge.",
      });
    }
    const already = [...refunds.values()].filter((refund) => refund.payment_intent === intent.id && refund.status !== "failed");
    const left = intent.amount - already.reduce((sum, refund) => sum + refund.amount, 0);
    const amount = body.amount ? Number(body.amount) : left;
    if (amount > left) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: "Refund amount is greater than unrefunded amount.",
      });
    }
    const refund: Refund = {
      id: fakeId("re_", 24),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: "succeeded",
      metadata: metadataOf(body),
      created: unix(),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function sign(event: unknown, at = now()) {
    const rawBody = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(at.getTime() / 1000);
    const signature = createHmac("sha256", options.webhookSecret).update(`${timestamp}.${rawBody}`).digest("hex");
    return { rawBody, headers: { "stripe-signature": `t=${timestamp},v1=${signature}` } };
  }

  const running = await startFakeServer(
    [
      [
        "GET",
        /^\/v1\/balance$/,
        (request) =>
          authorized(request) ? { status: 200, body: { object: "balance", available: [], pending: [], livemode: false } } : unauthorized,
      ],
      [
        "POST",
        /^\/v1\/payment_intents$/,
        (request) => (authorized(request) ? idempotent(request, () => createIntent(request.body as Record<string, string>)) : unauthorized),
      ],
      [
        "GET",
        /^\/v1\/payment_intents\/([^/]+)$/,
        (request, [id]) => {
          if (!authorized(request)) return unauthorized;
          const intent = intents.get(id);
          return intent
            ? { status: 200, body: intent }
            : stripeError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${id}'` });
        },
      ],
      [
        "POST",
        /^\/v1\/refunds$/,
        (request) => (authorized(request) ? idempotent(request, () => createRefund(request.body as Record<string, string>)) : unauthorized),
      ],
    ],
    () => stripeError(404, { type: "invalid_request_error", message: "Unrecognized request URL." }),
  );
  base = running.url;

  return {
    ...running,
    intents,
    sign,
    finishChallenge(intentId, approve) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.next_action = null;
      intent.status = approve ? "succeeded" : "requires_payment_method";
      if (approve) intent.latest_charge = fakeId("ch_", 24);
      else
        intent.last_payment_error = { type: "card_error", code: "authentication_required", message: "The customer failed authentication." };
      return sign({
        id: fakeId("evt_", 24),
        object: "event",
        api_version: "2025-01-27.acacia",
        created: unix(),
        livemode: false,
        pending_webhooks: 1,
        type: approve ? "payment_intent.succeeded" : "payment_intent.payment_failed",
        data: { object: { ...intent } },
      });
    },
    idempotencyKeys: () =>
      running.requests.filter((request) => request.method === "POST").map((request) => String(request.headers["idempotency-key"] ?? "")),
  };
}
