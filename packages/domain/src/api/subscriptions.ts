import { z } from "zod";
import { listOf, pageQuery } from "../schemas/common";
import {
  addCardBody,
  addCardResult,
  cardDeletion,
  chargeRefundBody,
  chargeView,
  installResult,
  installSubscriptionBody,
  planView,
  savedCardView,
  selectCardBody,
  shopSubscriptionView,
  subscriptionView,
} from "../schemas/subscription";
import { endpoint } from "./endpoint";

const cardParams = z.object({ id: z.string().uuid() });
const slugParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * Plans, the signed-in user's subscription, saved cards and billing (commerce-and-accounts §2 'Tarjeta Bancaria', §3
 * Subscription and Plan, §4 'Subscription prompt' and card deletion, §7 'Subscription: get current membership; install').
 * Everything under /me answers 401 to visitors and only ever the caller's own rows.
 */
export const subscriptionsApi = {
  refundCharge: endpoint({
    method: "POST",
    path: "/subscriptions/charges/:id/refund",
    tags: ["subscriptions"],
    summary:
      "Refund a subscription's paid monthly charge (platform admins): the money goes back through the gateway, the " +
      "period it paid ends now if it is the running one, and the promoter's 15 % commission on it is reversed (issue 30 §4)",
    params: cardParams,
    body: chargeRefundBody,
    response: chargeView,
  }),
  shopCharges: endpoint({
    method: "GET",
    path: "/platform/shops/:slug/subscription",
    tags: ["subscriptions"],
    summary: "A shop owner's subscription and its charges, newest first, for the refund screen (platform admins)",
    params: slugParams,
    query: pageQuery,
    response: shopSubscriptionView,
  }),
  plans: endpoint({
    method: "GET",
    path: "/plans",
    tags: ["subscriptions"],
    summary: "The static plan list (199.00 MXN a month, commission rate 0.5, contribution margin 99.50)",
    response: z.object({ results: z.array(planView) }),
  }),
  current: endpoint({
    method: "GET",
    path: "/me/subscription",
    tags: ["subscriptions"],
    summary: "The current membership and subscription, with the prompt the spec's 7 cases give",
    response: subscriptionView,
  }),
  install: endpoint({
    method: "PUT",
    path: "/me/subscription",
    tags: ["subscriptions"],
    summary:
      "Install a plan: starts its trial, subscribes (charging the card on file, maybe through 3-D Secure: url_3ds), " +
      "reactivates or changes to the upgrade plan; pending_subscription when a card must be set up",
    body: installSubscriptionBody,
    response: installResult,
  }),
  cancel: endpoint({
    method: "POST",
    path: "/me/subscription/cancel",
    tags: ["subscriptions"],
    summary: "Cancel: the plan stays until the period ends",
    response: subscriptionView,
  }),
  cards: endpoint({
    method: "GET",
    path: "/me/cards",
    tags: ["subscriptions"],
    summary: "Saved cards (brand, last4, expiry, default); cards being deleted are left out",
    response: z.object({ results: z.array(savedCardView) }),
  }),
  addCard: endpoint({
    method: "POST",
    path: "/me/cards",
    tags: ["subscriptions"],
    summary: "Save a card from the gateway's card frame token; makes the $10 MXN validation charge (refunded by a job)",
    body: addCardBody,
    response: addCardResult,
    status: 201,
  }),
  selectCard: endpoint({
    method: "PUT",
    path: "/me/cards/default",
    tags: ["subscriptions"],
    summary: "Choose the card recurring charges use ('Guardar cambios')",
    body: selectCardBody,
    response: z.object({ results: z.array(savedCardView) }),
  }),
  deleteCard: endpoint({
    method: "DELETE",
    path: "/me/cards/:id",
    tags: ["subscriptions"],
    summary: "Delete a card after a 5-second undo window (never the selected or the only card: 409 card_in_use)",
    params: cardParams,
    response: cardDeletion,
  }),
  restoreCard: endpoint({
    method: "POST",
    path: "/me/cards/:id/restore",
    tags: ["subscriptions"],
    summary: "Undo a card's deletion within its 5-second window",
    params: cardParams,
    response: savedCardView,
  }),
  charges: endpoint({
    method: "GET",
    path: "/me/subscription/charges",
    tags: ["subscriptions"],
    summary: "Billing history, newest first",
    query: pageQuery,
    response: listOf(chargeView),
  }),
  charge: endpoint({
    method: "GET",
    path: "/me/subscription/charges/:id",
    tags: ["subscriptions"],
    summary: "One charge's receipt",
    params: cardParams,
    response: chargeView,
  }),
};
