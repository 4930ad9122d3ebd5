import { auditApi } from "@tianguis/domain/api/audit";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import type { SessionUser } from "../../http/sessions";
import { listShopActivity, listShopActivityActors } from "./service";

/**
 * The shop `slug` if `user` owns it (401 for visitors, 403 for anyone else, 404 for no such shop). The shops module's
 * door, handed in by app.ts: importing it here would close a cycle, since the shops module records its changes here.
 */
export type RequireShopOwner = (ctx: AppContext, slug: string, user: SessionUser | null) => Promise<{ id: string }>;

/** API: the shop's audit log, for its owner. */
export function auditRoutes(ctx: AppContext, requireShopOwner: RequireShopOwner): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(auditApi.list),
      handler: async (request) => {
        const shop = await requireShopOwner(ctx, request.params.slug, request.user);
        return listShopActivity(ctx, shop.id, request.query);
      },
    });
    app.route({
      ...routeOf(auditApi.actors),
      handler: async (request) => {
        const shop = await requireShopOwner(ctx, request.params.slug, request.user);
        return listShopActivityActors(ctx, shop.id);
      },
    });
  };
}
