import { type FakeReply, type FakeRequest, fakeId, type RunningFake, startFakeServer } from "./http-fake";

/**
 * A local fake of Aplazo's Online API parts the Aplazo adapter uses (https://aplazo.gitbook.io/aplazo-integrations):
 * POST /api/auth (apiToken + merchantId → Bearer), POST /api/loan (required totalPrice, shopId, cartId, successUrl, errorUrl,
 * cartUrl, webHookUrl, buyer, products; cartId is the merchant's external id, so the same cartId is the same loan),
 * GET /api/v1/loan/status?cart_id=, POST /api/loan/refund-from-cart, the refund-status history GET /api/pos/loan/refund/{cartId}
 * (each entry also names its refundId), and the webhook it posts with the configured auth header.
 */
interface Loan {
  loanId: number;
  cartId: string;
  totalPrice: number;
  status: "NO_CONFIRMADO" | "ACTIVO" | "CANCELADO";
  successUrl: string;
  errorUrl: string;
  refunded: number;
}

export interface AplazoFake extends RunningFake {
  merchantId: number;
  apiToken: string;
  /** The header value Aplazo was asked to put on its webhooks (Bearer). */
  webhookToken: string;
  loan(cartId: string): Loan | undefined;
  /** The shopper pays the first instalment; answers successUrl. */
  approve(cartId: string): string;
  /** The shopper is rejected or gives up; answers errorUrl. */
  reject(cartId: string): string;
  webhook(cartId: string): { body: string; headers: Record<string, string> };
  /** The refunds requested of a cart, oldest first. */
  refunds(cartId: string): Refund[];
  /** Aplazo settles a requested refund (it sends no webhook for it: the status history shows it). */
  settleRefund(refundId: number, status: "REFUNDED" | "REJECTED"): void;
}

interface Refund {
  refundId: number;
  cartId: string;
  totalAmount: number;
  /** The refund's status history, oldest first. */
  history: { status: string; refundDate: string }[];
}

const failure = (status: number, error: string, message = ""): FakeReply => ({
  status,
  body: { timestamp: new Date().toISOString(), status, error, message, path: "" },
});

export async function startAplazoFake(): Promise<AplazoFake> {
  const merchantId = 1000 + Math.floor(Math.random() * 8000);
  const apiToken = `${fakeId("", 8)}-${fakeId("", 4)}-${fakeId("", 4)}-${fakeId("", 12)}`;
  const webhookToken = fakeId("", 32);
  const bearers = new Set<string>();
  const loans = new Map<string, Loan>();
  const refunds: Refund[] = [];
  let nextLoanId = 150_000;
  let running: RunningFake | undefined;

  /** Aplazo asks for a new token on each call; the fake accepts each token once, like a strict gateway would. */
  const useBearer = (request: FakeRequest) => {
    const header = request.headers.authorization;
    if (typeof header !== "string" || !header.startsWith("Bearer ") || !bearers.has(header.slice(7))) return false;
    bearers.delete(header.slice(7));
    return true;
  };

  const createLoan = (request: FakeRequest): FakeReply => {
    if (!useBearer(request)) return failure(401, "Unauthorized");
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const field of ["totalPrice", "shopId", "cartId", "successUrl", "errorUrl", "cartUrl", "webHookUrl", "buyer", "products"])
      if (body[field] === undefined || body[field] === "") return failure(400, "Bad Request", `${field} is required`);
    const buyer = body.buyer as Record<string, string>;
    if (!buyer.email || !buyer.firstName || !buyer.lastName || !buyer.phone)
      return failure(400, "Bad Request", "buyer email, firstName, lastName and phone are required");
    if (typeof body.totalPrice !== "number" || body.totalPrice <= 0) return failure(400, "Bad Request", "totalPrice must be positive");
    for (const field of ["successUrl", "errorUrl", "cartUrl", "webHookUrl"])
      if (!/^https?:\/\//.test(String(body[field]))) return failure(400, "Bad Request", `${field} must be a URI`);
    const cartId = String(body.cartId);
    let loan = loans.get(cartId);
    if (!loan) {
      loan = {
        loanId: nextLoanId++,
        cartId,
        totalPrice: body.totalPrice,
        status: "NO_CONFIRMADO",
        successUrl: String(body.successUrl),
        errorUrl: String(body.errorUrl),
        refunded: 0,
      };
      loans.set(cartId, loan);
    }
    return { status: 200, body: { loanId: loan.loanId, url: `${running?.url}/main/${loan.loanId}`, cartId } };
  };

  running = await startFakeServer(
    [
      [
        "POST",
        /^\/api\/auth$/,
        (request) => {
          const body = (request.body ?? {}) as { apiToken?: string; merchantId?: number };
          if (body.apiToken !== apiToken || Number(body.merchantId) !== merchantId) return failure(401, "Unauthorized");
          const token = fakeId("eyJ", 60);
          bearers.add(token);
          return { status: 200, body: { Authorization: `Bearer ${token}` } };
        },
      ],
      ["POST", /^\/api\/loan$/, createLoan],
      [
        "GET",
        /^\/api\/v1\/loan\/status$/,
        (request) => {
          if (!useBearer(request)) return failure(401, "Unauthorized");
          const loan = loans.get(request.query.get("cart_id") ?? "");
          return loan ? { status: 200, body: { loanId: loan.loanId, status: loan.status } } : failure(404, "Not Found", "Cart not found");
        },
      ],
      [
        "POST",
        /^\/api\/loan\/refund-from-cart$/,
        (request) => {
          if (!useBearer(request)) return failure(401, "Unauthorized");
          const body = (request.body ?? {}) as { cartId?: string; totalAmount?: number; reason?: string };
          const loan = loans.get(body.cartId ?? "");
          if (!loan || loan.status !== "ACTIVO") return failure(500, "Internal Server Error");
          if (!body.reason || typeof body.totalAmount !== "number" || body.totalAmount <= 0)
            return failure(400, "Bad Request", "totalAmount and reason are required");
          if (loan.refunded + body.totalAmount > loan.totalPrice + 1e-9) return failure(400, "Bad Request", "Refund exceeds the loan");
          loan.refunded += body.totalAmount;
          const refund: Refund = {
            refundId: nextLoanId++,
            cartId: loan.cartId,
            totalAmount: body.totalAmount,
            history: [{ status: "REQUESTED", refundDate: new Date().toISOString() }],
          };
          refunds.push(refund);
          return {
            status: 200,
            body: {
              refundId: refund.refundId,
              merchantId,
              cartId: loan.cartId,
              refundStatus: "REQUESTED",
              refundDate: refund.history[0].refundDate,
            },
          };
        },
      ],
      [
        "GET",
        /^\/api\/pos\/loan\/refund\/([^/]+)$/,
        (request, [cartId]) => {
          if (!useBearer(request)) return failure(401, "Unauthorized");
          const history = refunds
            .filter((refund) => refund.cartId === decodeURIComponent(cartId))
            .flatMap((refund) => refund.history.map((entry) => ({ refundId: refund.refundId, cartId: refund.cartId, ...entry })));
          return { status: 200, body: history };
        },
      ],
    ],
    () => failure(404, "Not Found"),
  );

  const find = (cartId: string) => {
    const loan = loans.get(cartId);
    if (!loan) throw new Error(`aplazo fake: no loan for cart ${cartId}`);
    return loan;
  };

  return {
    ...running,
    merchantId,
    apiToken,
    webhookToken,
    loan: (cartId) => loans.get(cartId),
    approve(cartId) {
      const loan = find(cartId);
      loan.status = "ACTIVO";
      return loan.successUrl;
    },
    reject(cartId) {
      const loan = find(cartId);
      loan.status = "CANCELADO";
      return loan.errorUrl;
    },
    refunds: (cartId) => refunds.filter((refund) => refund.cartId === cartId),
    settleRefund(refundId, status) {
      const refund = refunds.find((candidate) => candidate.refundId === refundId);
      if (!refund) throw new Error(`aplazo fake: no refund ${refundId}`);
      refund.history.push({ status, refundDate: new Date().toISOString() });
    },
    webhook(cartId) {
      const loan = find(cartId);
      const status = loan.status === "ACTIVO" ? "Activo" : loan.status === "CANCELADO" ? "Cancelado" : "No confirmado";
      const body = JSON.stringify({ status, loanId: loan.loanId, cartId: loan.cartId, merchantId });
      return { body, headers: { "content-type": "application/json", authorization: `Bearer ${webhookToken}` } };
    },
  };
}
