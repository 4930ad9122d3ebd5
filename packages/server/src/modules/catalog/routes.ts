import { searchResult } from "@tianguis/domain/schemas/search";
import { listingSorts, productPhotoMaxBytes, productPhotosMax } from "@tianguis/domain/rules/product-form";
import { listOf, pageOffset } from "@tianguis/domain/schemas/common";
import { productTypes, productView } from "@tianguis/domain/schemas/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { selectShop } from "../shops/queries";
import { type UploadedPhoto, addProductPhotos, createShopProduct, deleteProductPhoto, getEditableProduct, photoRejected, updateShopProduct } from "./products";
import { autocomplete } from "./search";
import { cacheEnabled } from "./cache";
import { getShopProduct, listShopCategories, listShopProducts, listShopProductsJson } from "./service";

const productBody = z.record(z.string(), z.unknown());
const slugParams = z.object({ slug: z.string() });
const productParams = z.object({ slug: z.string(), id: z.string().uuid() });

export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/shops/:slug/products",
      {
        schema: {
          tags: ["catalog"],
          summary: "Items a shop shows (own and resold), by type, paginated, sorted and searched",
          description: "q is a text query (terms joined with AND / OR, `term*` for a prefix) over the Spanish full-text index. page is 1-based and wins over offset.",
          params: slugParams,
          querystring: z.object({
            type: z.enum(productTypes).optional(),
            offset: z.coerce.number().int().min(0).default(0),
            page: z.coerce.number().int().min(1).optional(),
            limit: z.coerce.number().int().min(1).max(100).default(30),
            sort: z.enum(listingSorts).default("queue_position"),
            q: z.string().max(200).optional(),
            category: z.string().max(80).optional(),
          }),
          response: { 200: listOf(productView) },
        },
      },
      async (request, reply) => {
        const { page, ...query } = request.query;
        const options = { ...query, offset: page ? pageOffset(page, query.limit) : query.offset, q: query.q?.trim() || undefined };
        if (!request.user && cacheEnabled()) return reply.type("application/json; charset=utf-8").send((await listShopProductsJson(ctx, request.params.slug, options)) as never);
        return listShopProducts(ctx, request.params.slug, options);
      },
    );

    app.get(
      "/shops/:slug/categories",
      {
        schema: {
          tags: ["catalog"],
          summary: "Categories of a shop's items with their item counts, most populated first",
          params: slugParams,
          response: { 200: z.object({ results: z.array(z.object({ name: z.string(), count: z.number().int() })) }) },
        },
      },
      async (request) => listShopCategories(ctx, request.params.slug),
    );

    app.get(
      "/shops/:slug/products/:id",
      { schema: { tags: ["catalog"], summary: "One item as this shop shows it (404 unless own or resold here)", params: productParams, response: { 200: productView } } },
      async (request) => getShopProduct(ctx, request.params.slug, request.params.id),
    );

    app.get(
      "/products/:id",
      { schema: { tags: ["catalog"], summary: "One public item by id", params: z.object({ id: z.string().uuid() }), response: { 200: productView } } },
      async (request) => getShopProduct(ctx, null, request.params.id),
    );

    app.get(
      "/search/autocomplete",
      {
        schema: {
          tags: ["catalog"],
          summary: "Prefix search for the search panel: published items of one type, optionally in one shop",
          querystring: z.object({
            type: z.enum(productTypes).default("product"),
            q: z.string().trim().min(1).max(100),
            shop: z.string().optional(),
            limit: z.coerce.number().int().min(1).max(20).default(8),
          }),
          response: { 200: z.object({ results: z.array(searchResult) }) },
        },
      },
      async (request) => {
        const { shop, ...query } = request.query;
        const shopId = shop ? await getShopIdOrNull(ctx, shop) : undefined;
        if (shopId === null) return { results: [] };
        return { results: await autocomplete(ctx, { ...query, shopId }) };
      },
    );

    app.post(
      "/shops/:slug/products",
      {
        preHandler: requireUser,
        schema: { tags: ["catalog"], summary: "Create an item (shop owner or admin only)", params: slugParams, body: productBody, response: { 201: productView } },
      },
      async (request, reply) => reply.status(201).send(await createShopProduct(ctx, request.params.slug, currentUser(request), request.body)),
    );

    app.get(
      "/shops/:slug/products/:id/edit",
      { preHandler: requireUser, schema: { tags: ["catalog"], summary: "An item for its edit form (403 unless an admin of its owner shop)", params: productParams, response: { 200: productView } } },
      async (request) => getEditableProduct(ctx, request.params.slug, currentUser(request), request.params.id),
    );

    app.patch(
      "/shops/:slug/products/:id",
      {
        preHandler: requireUser,
        schema: { tags: ["catalog"], summary: "Edit an item (admin of the owner shop only; 403 otherwise)", params: productParams, body: productBody, response: { 200: productView } },
      },
      async (request) => updateShopProduct(ctx, request.params.slug, currentUser(request), request.params.id, request.body),
    );

    app.post(
      "/shops/:slug/products/:id/photos",
      {
        preHandler: requireUser,
        schema: {
          tags: ["catalog"],
          summary: `Upload photos (multipart 'photos'; jpeg, png or svg, ≤ ${productPhotoMaxBytes} bytes each, ≤ ${productPhotosMax} per item); variants 400x300 and 350x419, original kept`,
          consumes: ["multipart/form-data"],
          params: productParams,
          response: { 200: productView },
        },
      },
      async (request) => {
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
    );

    app.delete(
      "/shops/:slug/products/:id/photos/:imageId",
      {
        preHandler: requireUser,
        schema: { tags: ["catalog"], summary: "Delete one photo of an item", params: productParams.extend({ imageId: z.string().uuid() }), response: { 200: productView } },
      },
      async (request) => deleteProductPhoto(ctx, request.params.slug, currentUser(request), request.params.id, request.params.imageId),
    );
  };
}

async function getShopIdOrNull(ctx: AppContext, slug: string): Promise<string | null> {
  const found = await selectShop(ctx.db, { slug });
  return found ? found.shop.id : null;
}
