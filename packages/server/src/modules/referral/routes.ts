import { routeOf } from "@tianguis/domain/api/endpoint";
import { followShortLink as followShortLinkRoute, referralApi } from "@tianguis/domain/api/referral";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../http/auth";
import { createCampaign, createShopShortLink, deleteCampaign, followShortLink, listCampaigns, updateCampaign } from "./campaigns";
import { createChannel, deleteChannel, listChannels, updateChannel } from "./channels";
import { followPerson, listPromoted, referralMe, unfollowPerson } from "./promoted";

export function referralRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { onRequest: requireUser };
    const api = referralApi;

    app.route({ ...routeOf(api.me), ...signedIn, handler: async (request) => referralMe(ctx, request.user) });

    app.route({ ...routeOf(api.listCampaigns), ...signedIn, handler: async (request) => listCampaigns(ctx, request.user, request.query) });
    app.route({
      ...routeOf(api.createCampaign),
      ...signedIn,
      handler: async (request, reply) => reply.status(201).send(await createCampaign(ctx, request.user, request.body)),
    });
    app.route({
      ...routeOf(api.updateCampaign),
      ...signedIn,
      handler: async (request) => updateCampaign(ctx, request.user, request.params.id, request.body),
    });
    app.route({
      ...routeOf(api.deleteCampaign),
      ...signedIn,
      handler: async (request) => deleteCampaign(ctx, request.user, request.params.id),
    });

    app.route({ ...routeOf(api.listChannels), ...signedIn, handler: async (request) => listChannels(ctx, request.user, request.query) });
    app.route({
      ...routeOf(api.createChannel),
      ...signedIn,
      handler: async (request, reply) => reply.status(201).send(await createChannel(ctx, request.user, request.body)),
    });
    app.route({
      ...routeOf(api.updateChannel),
      ...signedIn,
      handler: async (request) => updateChannel(ctx, request.user, request.params.id, request.body),
    });
    app.route({
      ...routeOf(api.deleteChannel),
      ...signedIn,
      handler: async (request) => deleteChannel(ctx, request.user, request.params.id),
    });

    app.route({
      ...routeOf(api.createShortLink),
      ...signedIn,
      handler: async (request, reply) =>
        reply.status(201).send(await createShopShortLink(ctx, request.params.slug, request.user, request.body)),
    });
    app.route({
      method: followShortLinkRoute.method,
      url: followShortLinkRoute.path,
      schema: {
        tags: [...followShortLinkRoute.tags],
        summary: followShortLinkRoute.summary,
        params: followShortLinkRoute.params,
        response: { 302: z.null().describe("Redirect to the campaign's page") },
      },
      handler: async (request, reply) => reply.redirect(await followShortLink(ctx, request.params.code), 302),
    });

    app.route({
      ...routeOf(api.promoted),
      handler: async (request) => listPromoted(ctx, request.params.slug, request.user, request.query),
    });
    app.route({ ...routeOf(api.follow), ...signedIn, handler: async (request) => followPerson(ctx, request.user, request.params.userId) });
    app.route({
      ...routeOf(api.unfollow),
      ...signedIn,
      handler: async (request) => unfollowPerson(ctx, request.user, request.params.userId),
    });
  };
}
