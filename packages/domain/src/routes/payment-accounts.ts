// Written by `npm run routes -w @tianguis/domain` from src/api/payment-accounts.ts: change the contract there, then run it again.
import type { paymentAccountsApi as paymentAccountsApiContract } from "../api/payment-accounts";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/payment-accounts.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const paymentAccountsApi = routes<typeof paymentAccountsApiContract>({
  list: { method: "GET", path: "/shops/:slug/payment-accounts" },
  connect: { method: "PUT", path: "/shops/:slug/payment-accounts/:provider" },
  test: { method: "POST", path: "/shops/:slug/payment-accounts/:provider/test" },
  disconnect: { method: "DELETE", path: "/shops/:slug/payment-accounts/:provider" },
  mode: { method: "PUT", path: "/shops/:slug/payment-mode" },
  webhook: { method: "POST", path: "/webhooks/:provider/:accountId" },
});
