// Written by `npm run routes -w @tianguis/domain` from src/api/sms.ts: change the contract there, then run it again.
import type { smsApi as smsApiContract } from "../api/sms";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/sms.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const smsApi = routes<typeof smsApiContract>({
  packages: { method: "GET", path: "/sms/packages" },
  account: { method: "GET", path: "/shops/:slug/sms" },
  entries: { method: "GET", path: "/shops/:slug/sms/entries" },
  purchase: { method: "PUT", path: "/shops/:slug/sms/packages/:id/purchase" },
  purchaseByToken: { method: "GET", path: "/sms/purchases/:token" },
  pay: { method: "POST", path: "/sms/purchases/:token/pay" },
});
