import { catalogApi } from "@tianguis/domain/api/catalog";
import { routeOf } from "@tianguis/domain/api/endpoint";
import { productPhotoMaxBytes, productPhotosMax } from "@tianguis/domain/rules/product-form";
import { pageOffset } from "@tianguis/domain/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import {
  type UploadedPhoto,
  addProductPhotos,
  createShopProduct,
  deleteProductPhoto,
  getEditableProduct,
  photoRejected,
  updateShopProduct,
} from "./products";
import { suggest } from "./search";
import { cacheEnabled } from "./cache";
import { getShopProduct, listShopCategories, listShopProducts, listShopProductsJson } from "./service";

export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(catalogApi.listProducts),
      handler: async (request, reply) => {
        const { page, ...query } = request.query;
        const options = { ...query, offset: page ? pageOffset(page, query.limit) : query.offset, q: query.q?.trim() || undefined };
        // Built in the contract's shape (toProductView) and sent as JSON text, cached for anonymous visitors or not,
        // without a second pass of every item through the response schema.
        const json =
          !request.user && cacheEnabled()
            ? await listShopProductsJson(ctx, request.params.slug, options)
            : JSON.stringify(await listShopProducts(ctx, request.params.slug, options));
        return reply.type("application/json; charset=utf-8").send(json as never);
      },
    });
    app.route({ ...routeOf(catalogApi.categories), handler: async (request) => listShopCategories(ctx, request.params.slug) });
    app.route({
      ...routeOf(catalogApi.shopProduct),
      handler: async (request) => getShopProduct(ctx, request.params.slug, request.params.id),
    });
    app.route({ ...routeOf(catalogApi.product), handler: async (request) => getShopProduct(ctx, null, request.params.id) });
    app.route({
      ...routeOf(catalogApi.autocomplete),
      handler: async (request, reply) => {
        const { results, source } = await suggest(ctx, request.query);
        // Which path answered, for whoever measures it (the bench waits for the index before its steady-state rows).
        reply.header("server-timing", `autocomplete;desc="${source}"`);
        return { results };
      },
    });
    app.route({
      ...routeOf(catalogApi.create),
      preHandler: requireUser,
      handler: async (request, reply) =>
        reply.status(201).send(await createShopProduct(ctx, request.params.slug, currentUser(request), request.body)),
    });
    app.route({
      ...routeOf(catalogApi.editable),
      preHandler: requireUser,
      handler: async (request) => getEditableProduct(ctx, request.params.slug, currentUser(request), request.params.id),
    });
    app.route({
      ...routeOf(catalogApi.update),
      preHandler: requireUser,
      handler: async (request) => updateShopProduct(ctx, request.params.slug, currentUser(request), request.params.id, request.body),
    });
    const photos = routeOf(catalogApi.addPhotos);
    app.route({
      ...photos,
      schema: { ...photos.schema, consumes: ["multipart/form-data"] },
      preHandler: requireUser,
      handler: async (request) => {
        const user = currentUser(request);
        if (!request.isMultipart()) throw photoRejected();
        const files: UploadedPhoto[] = [];
        for await (const part of request.parts({ limits: { fileSize: productPhotoMaxBytes + 1, files: productPhotosMax } })) {
          if (part.type !== "file") continue;
          const data = await part.toBuffer().catch(() => null);
          if (!data || part.file.truncated) throw photoRejected();
          files.push({ mimetype: part.mimetype, data, filename: part.filename });
        }
        return addProductPhotos(ctx, request.params.slug, user, request.params.id, files);
      },
    });
    app.route({
      ...routeOf(catalogApi.deletePhoto),
      preHandler: requireUser,
      handler: async (request) =>
        deleteProductPhoto(ctx, request.params.slug, currentUser(request), request.params.id, request.params.imageId),
    });
  };
}
