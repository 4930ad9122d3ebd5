import { routeOf } from "@tianguis/domain/api/endpoint";
import { subscriptionsApi } from "@tianguis/domain/api/subscriptions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { idempotent } from "../../http/idempotency";
import {
  addMyCard,
  cancelSubscription,
  deleteMyCard,
  getMyCharge,
  getShopSubscription,
  refundSubscriptionCharge,
  getSubscription,
  installPlan,
  listMyCards,
  listMyCharges,
  listPlans,
  restoreMyCard,
  selectMyCard,
} from "./service";

/** API: plans, the caller's subscription, saved cards and billing history. */
export function subscriptionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...routeOf(subscriptionsApi.plans), handler: async () => listPlans() });
    app.route({ ...routeOf(subscriptionsApi.current), handler: async (request) => getSubscription(ctx, request.user) });
    app.route({
      ...routeOf(subscriptionsApi.install),
      handler: async (request, reply) =>
        idempotent(ctx, request, reply, async () => ({ status: 200, body: await installPlan(ctx, request.user, request.body) })),
    });
    app.route({ ...routeOf(subscriptionsApi.cancel), handler: async (request) => cancelSubscription(ctx, request.user) });
    app.route({ ...routeOf(subscriptionsApi.cards), handler: async (request) => listMyCards(ctx, request.user) });
    app.route({
      ...routeOf(subscriptionsApi.addCard),
      handler: async (request, reply) =>
        idempotent(ctx, request, reply, async () => ({ status: 201, body: await addMyCard(ctx, request.user, request.body.token) })),
    });
    app.route({
      ...routeOf(subscriptionsApi.selectCard),
      handler: async (request) => selectMyCard(ctx, request.user, request.body.card_id),
    });
    app.route({
      ...routeOf(subscriptionsApi.deleteCard),
      handler: async (request) => deleteMyCard(ctx, request.user, request.params.id),
    });
    app.route({
      ...routeOf(subscriptionsApi.restoreCard),
      handler: async (request) => restoreMyCard(ctx, request.user, request.params.id),
    });
    app.route({
      ...routeOf(subscriptionsApi.charges),
      handler: async (request) => listMyCharges(ctx, request.user, request.query),
    });
    app.route({
      ...routeOf(subscriptionsApi.charge),
      handler: async (request) => getMyCharge(ctx, request.user, request.params.id),
    });
    app.route({
      ...routeOf(subscriptionsApi.shopCharges),
      handler: async (request) => getShopSubscription(ctx, request.user, request.params.slug, request.query),
    });
    app.route({
      ...routeOf(subscriptionsApi.refundCharge),
      handler: async (request) => refundSubscriptionCharge(ctx, request.user, request.params.id, request.body.reason),
    });
  };
}
