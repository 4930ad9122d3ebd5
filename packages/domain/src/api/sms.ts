import { z } from "zod";
import { smsPackageIds } from "../rules/sms";
import { listOf } from "../schemas/common";
import {
  smsAccountView,
  smsEntriesQuery,
  smsEntryView,
  smsPackageView,
  smsPayBody,
  smsPayResult,
  smsPurchaseResponse,
  smsPurchaseView,
} from "../schemas/sms";
import { endpoint } from "./endpoint";

const shopParams = z.object({ slug: z.string() });
const buyParams = z.object({ slug: z.string(), id: z.enum(smsPackageIds) });
const tokenParams = z.object({ token: z.string().min(16).max(100) });

/**
 * SMS credits (issue 30 §3): the packages on sale, a shop's balance and ledger (owner, admins, accountants), buying a
 * package (owner and admins) and paying it through the payment gateway like a membership package.
 */
export const smsApi = {
  packages: endpoint({
    method: "GET",
    path: "/sms/packages",
    tags: ["sms"],
    summary: "The SMS packages on sale, smallest first, in the request's locale",
    response: z.object({ results: z.array(smsPackageView) }),
  }),
  account: endpoint({
    method: "GET",
    path: "/shops/:slug/sms",
    tags: ["sms"],
    summary: "The shop's SMS credits: balance, sent and bought (owner, admins, accountants)",
    params: shopParams,
    response: smsAccountView,
  }),
  entries: endpoint({
    method: "GET",
    path: "/shops/:slug/sms/entries",
    tags: ["sms"],
    summary: "The shop's SMS ledger, newest first: packages bought and SMS sent",
    params: shopParams,
    query: smsEntriesQuery,
    response: listOf(smsEntryView),
  }),
  purchase: endpoint({
    method: "PUT",
    path: "/shops/:slug/sms/packages/:id/purchase",
    tags: ["sms"],
    summary: "Buy an SMS package for the shop (owner, admins): the payment token of its open purchase (the same on a retry)",
    params: buyParams,
    response: smsPurchaseResponse,
  }),
  purchaseByToken: endpoint({
    method: "GET",
    path: "/sms/purchases/:token",
    tags: ["sms"],
    summary: "An SMS package purchase by its payment token, for whoever may buy for its shop",
    params: tokenParams,
    response: smsPurchaseView,
  }),
  pay: endpoint({
    method: "POST",
    path: "/sms/purchases/:token/pay",
    tags: ["sms"],
    summary: "Pay an SMS package purchase with a card token (accepts Idempotency-Key; one attempt in flight per purchase)",
    params: tokenParams,
    body: smsPayBody,
    response: smsPayResult,
  }),
};
