import { routeOf } from "@tianguis/domain/api/endpoint";
import { resellerApi } from "@tianguis/domain/api/reseller";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../http/auth";
import {
  decideAccess,
  getBulkAdd,
  getPolicy,
  listAccessRequests,
  listResaleCategories,
  requestAccess,
  searchDssuppliers,
  searchResale,
  setPolicy,
  startBulkAdd,
} from "./service";

/** Every route here is a shop admin's: the reseller's picker, or the supplier's dropshipping settings. */
export function resellerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { onRequest: requireUser };
    const api = resellerApi;

    app.route({
      ...routeOf(api.dssuppliers),
      ...admin,
      handler: async (request) => searchDssuppliers(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(api.search),
      ...admin,
      handler: async (request) => searchResale(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(api.categories),
      ...admin,
      handler: async (request) => listResaleCategories(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(api.bulkAdd),
      ...admin,
      handler: async (request, reply) => reply.status(201).send(await startBulkAdd(ctx, request.params.slug, request.user, request.body)),
    });
    app.route({
      ...routeOf(api.bulkAddStatus),
      ...admin,
      handler: async (request) => getBulkAdd(ctx, request.params.slug, request.user, request.params.id),
    });
    app.route({
      ...routeOf(api.requestAccess),
      ...admin,
      handler: async (request, reply) =>
        reply.status(201).send(await requestAccess(ctx, request.params.slug, request.user, request.params.supplierId)),
    });
    app.route({ ...routeOf(api.policy), ...admin, handler: async (request) => getPolicy(ctx, request.params.slug, request.user) });
    app.route({
      ...routeOf(api.setPolicy),
      ...admin,
      handler: async (request) => setPolicy(ctx, request.params.slug, request.user, request.body.audience),
    });
    app.route({
      ...routeOf(api.accessRequests),
      ...admin,
      handler: async (request) => listAccessRequests(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(api.decideAccess),
      ...admin,
      handler: async (request) => decideAccess(ctx, request.params.slug, request.user, request.params.resellerId, request.body.state),
    });
  };
}
