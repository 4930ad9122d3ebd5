import { routeOf } from "@tianguis/domain/api/endpoint";
import { reportsApi } from "@tianguis/domain/api/reports";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requestLocale } from "../../http/locale";
import { attachmentHeader } from "../downloads/service";
import {
  createMyExport,
  createShopExport,
  getDashboard,
  getShopExport,
  listMyExports,
  listShopExports,
  openExportDownload,
} from "./service";

/** API: exports (queued, made by a job, downloaded privately) and the seller's dashboard; they change no shop data. */
export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(reportsApi.shopCreate),
      handler: async (request, reply) =>
        reply.status(201).send(await createShopExport(ctx, request.params.slug, request.user, request.body, requestLocale(request))),
    });

    app.route({
      ...routeOf(reportsApi.shopList),
      handler: async (request) => listShopExports(ctx, request.params.slug, request.user, request.query),
    });

    app.route({
      ...routeOf(reportsApi.shopGet),
      handler: async (request) => getShopExport(ctx, request.params.slug, request.user, request.params.id),
    });

    app.route({
      ...routeOf(reportsApi.myCreate),
      handler: async (request, reply) =>
        reply.status(201).send(await createMyExport(ctx, request.user, request.body, requestLocale(request))),
    });

    app.route({
      ...routeOf(reportsApi.myList),
      handler: async (request) => listMyExports(ctx, request.user, request.query),
    });

    app.route({
      ...routeOf(reportsApi.download),
      handler: async (request, reply) => {
        const file = await openExportDownload(ctx, request.user, request.params.id);
        if (file.size !== null) reply.header("content-length", file.size);
        return reply
          .header("content-type", file.contentType)
          .header("content-disposition", attachmentHeader(file.fileName))
          .header("cache-control", "private, no-store")
          .header("x-content-type-options", "nosniff")
          .send(file.stream as never);
      },
    });

    app.route({
      ...routeOf(reportsApi.dashboard),
      handler: async (request) => getDashboard(ctx, request.params.slug, request.user, request.query),
    });
  };
}
