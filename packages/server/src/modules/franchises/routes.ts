import { routeOf } from "@tianguis/domain/api/endpoint";
import { franchisesApi } from "@tianguis/domain/api/franchises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import {
  addFranchise,
  franchisesInStore,
  listAdminFranchises,
  listFranchises,
  removeFranchise,
  searchPublishedFranchises,
} from "./service";

export function franchisesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(franchisesApi.list),
      handler: async (request) => listFranchises(ctx, request.params.slug, request.query),
    });
    app.route({
      ...routeOf(franchisesApi.adminList),
      handler: async (request) => listAdminFranchises(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(franchisesApi.published),
      handler: async (request) => searchPublishedFranchises(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(franchisesApi.inStore),
      handler: async (request) => franchisesInStore(ctx, request.params.slug, request.user, request.body.ids),
    });
    app.route({
      ...routeOf(franchisesApi.add),
      handler: async (request) => addFranchise(ctx, request.params.slug, request.user, request.params.franchiseId),
    });
    app.route({
      ...routeOf(franchisesApi.remove),
      handler: async (request) => removeFranchise(ctx, request.params.slug, request.user, request.params.franchiseId),
    });
  };
}
