import { type FakeReply, type FakeRequest, fakeId, type RunningFake, startFakeServer } from "./http-fake";

/**
 * A local fake of the Mobbex API parts the Mobbex adapter uses (https://mobbex.dev): checkout creation (x-api-key and
 * x-access-token, required total/description/currency/reference/customer, return_url and webhook, 60-minute life), the operations
 * of one reference, and refunds of an operation (full: status 601, partial: 602). Mobbex refuses a second paid operation with the same reference.
 */
interface Operation {
  id: string;
  reference: string;
  checkoutId: string;
  total: number;
  refunded: number;
  status: { code: string; text: string };
  created: string;
}

interface Checkout {
  id: string;
  reference: string;
  total: number;
  currency: string;
  returnUrl: string;
  webhook: string;
  expiresAt: number;
}

export interface MobbexFake extends RunningFake {
  apiKey: string;
  accessToken: string;
  checkout(id: string): Checkout | undefined;
  /** The checkouts created for one reference, oldest first. */
  checkoutIds(reference: string): string[];
  operations(reference: string): Operation[];
  /**
   * The shopper pays (or is declined) on Mobbex's checkout; answers the return URL with status, type and transactionId.
   * "processing": Mobbex has the operation but has not approved it yet (status 2); `settle` approves or declines it later.
   */
  pay(checkoutId: string, outcome: "approved" | "declined" | "processing"): string;
  settle(operationId: string, outcome: "approved" | "declined"): void;
  /** The shopper leaves Mobbex's checkout: status 0, type none. */
  cancel(checkoutId: string): string;
  /** The next refund is made but its answer is lost on the way back (a 502 from a proxy): what a retry must not repeat. */
  loseNextRefundAnswer(): void;
  /** The webhook Mobbex posts for one operation (Mobbex does not sign it). */
  webhook(operationId: string): { body: string; headers: Record<string, string>; url: string };
}

const STATUS = {
  processing: { code: "2", text: "En proceso" },
  approved: { code: "200", text: "Aprobado" },
  declined: { code: "400", text: "Rechazado" },
  refunded: { code: "601", text: "Devuelto" },
  partial: { code: "602", text: "Devolución parcial" },
} as const;

const failure = (status: number, code: string, error: string): FakeReply => ({ status, body: { result: false, code, error } });

export async function startMobbexFake(now: () => Date = () => new Date()): Promise<MobbexFake> {
  const apiKey = fakeId("", 24);
  const accessToken = `${fakeId("", 8)}-${fakeId("", 4)}-${fakeId("", 12)}`;
  const checkouts = new Map<string, Checkout>();
  const operations = new Map<string, Operation>();
  let running: RunningFake | undefined;
  let loseRefundAnswer = false;

  const authorised = (request: FakeRequest) => request.headers["x-api-key"] === apiKey && request.headers["x-access-token"] === accessToken;
  const view = (operation: Operation) => ({
    id: operation.id,
    reference: operation.reference,
    total: operation.total,
    status: operation.status,
    created: operation.created,
    currency: { code: "ARS" },
  });

  const createCheckout = (request: FakeRequest): FakeReply => {
    if (!authorised(request)) return failure(401, "UNAUTHORIZED", "Invalid API key or access token");
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const field of ["total", "description", "currency", "reference", "customer"])
      if (body[field] === undefined || body[field] === "") return failure(400, "INVALID_PARAMS", `${field} is required`);
    const customer = body.customer as Record<string, string>;
    if (!customer.email || !customer.name) return failure(400, "INVALID_PARAMS", "customer email and name are required");
    if (typeof body.total !== "number" || body.total <= 0) return failure(400, "INVALID_PARAMS", "total must be a positive number");
    for (const field of ["return_url", "webhook"])
      if (body[field] !== undefined && !/^https?:\/\//.test(String(body[field])))
        return failure(400, "INVALID_PARAMS", `${field} must be a URL`);
    const minutes = typeof body.timeout === "number" ? body.timeout : 60;
    const checkout: Checkout = {
      id: fakeId("", 9),
      reference: String(body.reference),
      total: body.total,
      currency: String(body.currency),
      returnUrl: String(body.return_url ?? ""),
      webhook: String(body.webhook ?? ""),
      expiresAt: now().getTime() + minutes * 60_000,
    };
    checkouts.set(checkout.id, checkout);
    return {
      status: 200,
      body: {
        result: true,
        data: {
          id: checkout.id,
          url: `${running?.url}/p/checkout/v2/${checkout.id}`,
          total: checkout.total,
          currency: checkout.currency,
          created: now().getTime(),
        },
      },
    };
  };

  const refund = (request: FakeRequest, id: string): FakeReply => {
    if (!authorised(request)) return failure(401, "UNAUTHORIZED", "Invalid API key or access token");
    const operation = operations.get(id);
    if (!operation) return failure(404, "NOT_FOUND", "Operation not found");
    if (operation.status.code !== "200" && operation.status.code !== "602")
      return failure(400, "INVALID_STATUS", "Operation cannot be refunded");
    const total = (request.body as { total?: number } | undefined)?.total ?? operation.total - operation.refunded;
    if (total <= 0 || operation.refunded + total > operation.total + 1e-9)
      return failure(400, "INVALID_AMOUNT", "Refund exceeds the operation");
    operation.refunded += total;
    operation.status = Math.abs(operation.refunded - operation.total) < 1e-9 ? STATUS.refunded : STATUS.partial;
    if (loseRefundAnswer) {
      loseRefundAnswer = false;
      return { status: 502, body: {} };
    }
    return { status: 200, body: { result: true, data: view(operation) } };
  };

  running = await startFakeServer(
    [
      ["POST", /^\/p\/checkout$/, createCheckout],
      [
        "GET",
        /^\/2\.0\/transactions\/coupons\/([^/]+)$/,
        (request, [reference]) => {
          if (!authorised(request)) return failure(401, "UNAUTHORIZED", "Invalid API key or access token");
          const found = [...operations.values()].filter((operation) => operation.reference === decodeURIComponent(reference));
          return { status: 200, body: { result: true, data: found.map(view) } };
        },
      ],
      ["POST", /^\/p\/operations\/([^/]+)\/refund$/, (request, [id]) => refund(request, id)],
    ],
    () => failure(404, "NOT_FOUND", "Not found"),
  );

  const find = (id: string) => {
    const checkout = checkouts.get(id);
    if (!checkout) throw new Error(`mobbex fake: no checkout ${id}`);
    return checkout;
  };
  const back = (checkout: Checkout, params: Record<string, string>) => {
    const url = new URL(checkout.returnUrl, "http://shop.local");
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return checkout.returnUrl.startsWith("/") ? `${url.pathname}${url.search}` : url.toString();
  };

  return {
    ...running,
    apiKey,
    accessToken,
    checkout: (id) => checkouts.get(id),
    checkoutIds: (reference) =>
      [...checkouts.values()].filter((checkout) => checkout.reference === reference).map((checkout) => checkout.id),
    operations: (reference) => [...operations.values()].filter((operation) => operation.reference === reference),
    pay(checkoutId, outcome) {
      const checkout = find(checkoutId);
      if (now().getTime() > checkout.expiresAt) return back(checkout, { status: "401", type: "none", transactionId: "" });
      const alreadyPaid = [...operations.values()].some(
        (operation) => operation.reference === checkout.reference && operation.status.code === "200",
      );
      if (alreadyPaid) throw new Error("mobbex fake: Mobbex refuses a second paid operation with the same reference");
      const operation: Operation = {
        id: fakeId("", 9),
        reference: checkout.reference,
        checkoutId,
        total: checkout.total,
        refunded: 0,
        status: STATUS[outcome],
        created: now().toISOString(),
      };
      operations.set(operation.id, operation);
      return back(checkout, { status: operation.status.code, type: "card", transactionId: operation.id });
    },
    settle(operationId, outcome) {
      const operation = operations.get(operationId);
      if (!operation) throw new Error(`mobbex fake: no operation ${operationId}`);
      operation.status = STATUS[outcome];
    },
    loseNextRefundAnswer() {
      loseRefundAnswer = true;
    },
    cancel(checkoutId) {
      return back(find(checkoutId), { status: "0", type: "none" });
    },
    webhook(operationId) {
      const operation = operations.get(operationId);
      if (!operation) throw new Error(`mobbex fake: no operation ${operationId}`);
      const body = JSON.stringify({
        type: "checkout",
        data: { result: true, payment: { ...view(operation), operation: { type: "payment.v2" } }, checkout: { uid: operation.checkoutId } },
      });
      // Mobbex posts to the webhook URL given at checkout creation: `url` is its path and query as our server sees it.
      const target = new URL(find(operation.checkoutId).webhook);
      return { body, headers: { "content-type": "application/json" }, url: `${target.pathname}${target.search}` };
    },
  };
}
