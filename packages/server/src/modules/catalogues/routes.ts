import { cataloguesApi } from "@tianguis/domain/api/catalogues";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../http/auth";
import { addCatalogueProduct, listCatalogueProducts, moveCatalogueProduct, removeCatalogueProduct } from "./catalogue-products";
import {
  createCatalogue,
  deleteCatalogue,
  duplicateCatalogue,
  listCatalogues,
  listPublishedCatalogues,
  moveCatalogue,
  readCatalogue,
  updateCatalogue,
} from "./service";
import { addToShop, inShopStatus, removeFromShop } from "./shop-products";

export function cataloguesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { onRequest: requireUser };
    const api = cataloguesApi;

    app.route({ ...routeOf(api.published), handler: async (request) => listPublishedCatalogues(ctx, request.query) });
    app.route({ ...routeOf(api.list), handler: async (request) => listCatalogues(ctx, request.params.slug, request.query) });
    app.route({ ...routeOf(api.get), handler: async (request) => readCatalogue(ctx, request.params.slug, request.params.id) });
    app.route({
      ...routeOf(api.products),
      handler: async (request) => listCatalogueProducts(ctx, request.params.slug, request.params.id, request.query),
    });

    app.route({
      ...routeOf(api.create),
      ...admin,
      handler: async (request, reply) =>
        reply.status(201).send(await createCatalogue(ctx, request.params.slug, request.user, request.body)),
    });
    app.route({
      ...routeOf(api.duplicate),
      ...admin,
      handler: async (request, reply) =>
        reply.status(201).send(await duplicateCatalogue(ctx, request.params.slug, request.user, request.body)),
    });
    app.route({
      ...routeOf(api.update),
      ...admin,
      handler: async (request) => updateCatalogue(ctx, request.params.slug, request.user, request.params.id, request.body),
    });
    app.route({
      ...routeOf(api.remove),
      ...admin,
      handler: async (request) => deleteCatalogue(ctx, request.params.slug, request.user, request.params.id, request.query),
    });
    app.route({
      ...routeOf(api.move),
      ...admin,
      handler: async (request) => moveCatalogue(ctx, request.params.slug, request.user, request.params.id, request.body.position),
    });
    app.route({
      ...routeOf(api.addProduct),
      ...admin,
      handler: async (request, reply) => {
        const added = await addCatalogueProduct(ctx, request.params.slug, request.user, request.params.id, request.body.product_id);
        return reply.status(201).send(added);
      },
    });
    app.route({
      ...routeOf(api.removeProduct),
      ...admin,
      handler: async (request, reply) => {
        await removeCatalogueProduct(ctx, request.params.slug, request.user, request.params.id, request.params.productId);
        return reply.status(204).send(null);
      },
    });
    app.route({
      ...routeOf(api.moveProduct),
      ...admin,
      handler: async (request) =>
        moveCatalogueProduct(ctx, request.params.slug, request.user, request.params.id, request.body.product, request.body.queue_position),
    });

    app.route({
      ...routeOf(api.inShop),
      ...admin,
      handler: async (request) => inShopStatus(ctx, request.params.slug, request.user, request.params.productId),
    });
    app.route({
      ...routeOf(api.addToShop),
      ...admin,
      handler: async (request, reply) =>
        reply.status(201).send(await addToShop(ctx, request.params.slug, request.user, request.body.product_id)),
    });
    app.route({
      ...routeOf(api.removeFromShop),
      ...admin,
      handler: async (request) => removeFromShop(ctx, request.params.slug, request.user, request.params.productId),
    });
  };
}
