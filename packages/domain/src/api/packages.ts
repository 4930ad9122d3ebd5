import { z } from "zod";
import { packageIds } from "../rules/packages";
import {
  currentPackageResponse,
  packagePayBody,
  packagePayResult,
  packagePurchaseResponse,
  packagePurchaseView,
  packageRefundBody,
  packageView,
} from "../schemas/package";
import { endpoint } from "./endpoint";

const idParams = z.object({ id: z.enum(packageIds) });
const tokenParams = z.object({ token: z.string().min(16).max(100) });

/**
 * Membership packages (commerce-and-accounts §2 /apps/paquetes, §4 Package change, §7 package purchase): the public list,
 * the signed-in user's current package, buying one (a payment token, never two for a retried request) and paying it.
 */
export const packagesApi = {
  list: endpoint({
    method: "GET",
    path: "/packages",
    tags: ["packages"],
    summary: "The membership packages, cheapest first, in the request's locale",
    response: z.object({ results: z.array(packageView) }),
  }),
  current: endpoint({
    method: "GET",
    path: "/packages/current",
    tags: ["packages"],
    summary: "The package the signed-in user holds now and when it ends (null when none runs)",
    response: currentPackageResponse,
  }),
  get: endpoint({
    method: "GET",
    path: "/packages/:id",
    tags: ["packages"],
    summary: "One membership package",
    params: idParams,
    response: packageView,
  }),
  purchase: endpoint({
    method: "PUT",
    path: "/packages/:id/purchase",
    tags: ["packages"],
    summary:
      "Buy a package (signed in): answers the payment token of the user's open purchase of it (the same one on a retry); " +
      "a downgrade while the current package is active is refused with package_still_active_no_downgrade",
    params: idParams,
    response: packagePurchaseResponse,
  }),
  purchaseByToken: endpoint({
    method: "GET",
    path: "/packages/purchases/:token",
    tags: ["packages"],
    summary: "The signed-in user's package purchase by its payment token",
    params: tokenParams,
    response: packagePurchaseView,
  }),
  pay: endpoint({
    method: "POST",
    path: "/packages/purchases/:token/pay",
    tags: ["packages"],
    summary: "Pay a package purchase with a card token (accepts Idempotency-Key; one attempt in flight per purchase)",
    params: tokenParams,
    body: packagePayBody,
    response: packagePayResult,
  }),
  refund: endpoint({
    method: "POST",
    path: "/packages/purchases/:token/refund",
    tags: ["packages"],
    summary:
      "Refund a paid package purchase (platform admins): the money goes back through the gateway and the promoter's " +
      "membership commission on it is reversed with the reason (issue 30 §4)",
    params: tokenParams,
    body: packageRefundBody,
    response: packagePurchaseView,
  }),
};
