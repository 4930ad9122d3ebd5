import { blogApi } from "@tianguis/domain/api/blog";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { idempotent } from "../../http/idempotency";
import { createEntry, getEntry, listPublishedEntries, listShopEntries, removeEntry, saveEntry } from "./service";

/** API: a shop's blog; public reading, writing for the shop's owner and admins (service.ts). */
export function blogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(blogApi.list),
      handler: async (request) => listPublishedEntries(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(blogApi.adminList),
      handler: async (request) => listShopEntries(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(blogApi.get),
      handler: async (request) => getEntry(ctx, request.params.slug, request.params.entry, request.user),
    });
    app.route({
      ...routeOf(blogApi.create),
      // A retried save with the same Idempotency-Key answers the first entry instead of writing a second one.
      handler: async (request, reply) =>
        idempotent(
          ctx,
          request,
          reply,
          async (scoped) => ({ status: 201, body: await createEntry(scoped, request.params.slug, request.user, request.body) }),
          { atomic: true },
        ),
    });
    app.route({
      ...routeOf(blogApi.update),
      handler: async (request) => saveEntry(ctx, request.params.slug, request.params.entry, request.user, request.body),
    });
    app.route({
      ...routeOf(blogApi.remove),
      handler: async (request, reply) => {
        await removeEntry(ctx, request.params.slug, request.params.entry, request.user);
        return reply.status(204).send(null);
      },
    });
  };
}
