import { catalogueDuplicate, catalogueInput, catalogueMove, catalogueProductAdd, catalogueUpdate, catalogueView, inStoreView, productMove, shortLinkInput, shortLinkView } from "@tianguis/domain/schemas/catalogue";
import { listOf } from "@tianguis/domain/schemas/common";
import { productView } from "@tianguis/domain/schemas/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../http/auth";
import { addCatalogueProduct, listCatalogueProducts, moveCatalogueProduct, removeCatalogueProduct } from "./catalogue-products";
import { createCatalogue, deleteCatalogue, duplicateCatalogue, listCatalogues, moveCatalogue, readCatalogue, updateCatalogue } from "./service";
import { createShortLink, resolveShortLink } from "./short-links";
import { addToStore, inStoreStatus, removeFromStore } from "./store-products";

const tags = ["catalogues"];
const shopParams = z.object({ slug: z.string() });
const catalogueParams = z.object({ slug: z.string(), id: z.string() });
const page = (limit: number) => z.object({ offset: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(100).default(limit), text: z.string().trim().max(100).optional() });

export function cataloguesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { onRequest: requireUser };

    app.get("/shops/:slug/catalogues", { schema: { tags, summary: "A shop's catalogues by position", params: shopParams, querystring: page(30), response: { 200: listOf(catalogueView) } } }, async (request) =>
      listCatalogues(ctx, request.params.slug, request.query),
    );
    app.get("/shops/:slug/catalogues/:id", { schema: { tags, summary: "One catalogue by id or slug", params: catalogueParams, response: { 200: catalogueView } } }, async (request) =>
      readCatalogue(ctx, request.params.slug, request.params.id),
    );
    app.get(
      "/shops/:slug/catalogues/:id/products",
      { schema: { tags, summary: "Items of a catalogue by queue_position", params: catalogueParams, querystring: page(30), response: { 200: listOf(productView).extend({ catalogue: z.string() }) } } },
      async (request) => listCatalogueProducts(ctx, request.params.slug, request.params.id, request.query),
    );

    app.post("/shops/:slug/catalogues", { ...admin, schema: { tags, summary: "Create a catalogue", params: shopParams, body: catalogueInput, response: { 201: catalogueView } } }, async (request, reply) =>
      reply.status(201).send(await createCatalogue(ctx, request.params.slug, request.user, request.body)),
    );
    app.post(
      "/shops/:slug/catalogues/duplicate",
      { ...admin, schema: { tags, summary: "Duplicate a catalogue (origin_id or origin_slug); level 2 only", params: shopParams, body: catalogueDuplicate, response: { 201: catalogueView } } },
      async (request, reply) => reply.status(201).send(await duplicateCatalogue(ctx, request.params.slug, request.user, request.body)),
    );
    app.patch("/shops/:slug/catalogues/:id", { ...admin, schema: { tags, summary: "Rename or change the photo", params: catalogueParams, body: catalogueUpdate, response: { 200: catalogueView } } }, async (request) =>
      updateCatalogue(ctx, request.params.slug, request.user, request.params.id, request.body),
    );
    app.delete("/shops/:slug/catalogues/:id", { ...admin, schema: { tags, summary: "Delete a catalogue", params: catalogueParams, response: { 200: z.object({ remaining: z.number().int() }) } } }, async (request) =>
      deleteCatalogue(ctx, request.params.slug, request.user, request.params.id),
    );
    app.post(
      "/shops/:slug/catalogues/:id/move",
      { ...admin, schema: { tags, summary: "Reorder: move the catalogue to a zero-based position", params: catalogueParams, body: catalogueMove, response: { 200: listOf(catalogueView) } } },
      async (request) => moveCatalogue(ctx, request.params.slug, request.user, request.params.id, request.body.position),
    );
    app.post(
      "/shops/:slug/catalogues/:id/products",
      { ...admin, schema: { tags, summary: "Add an item to the catalogue", params: catalogueParams, body: catalogueProductAdd, response: { 201: z.object({ catalogue: z.string(), product: z.string() }) } } },
      async (request, reply) => reply.status(201).send(await addCatalogueProduct(ctx, request.params.slug, request.user, request.params.id, request.body.product_id)),
    );
    app.delete(
      "/shops/:slug/catalogues/:id/products/:productId",
      { ...admin, schema: { tags, summary: "Remove an item from the catalogue", params: catalogueParams.extend({ productId: z.string().uuid() }) } },
      async (request, reply) => {
        await removeCatalogueProduct(ctx, request.params.slug, request.user, request.params.id, request.params.productId);
        return reply.status(204).send();
      },
    );
    app.post(
      "/shops/:slug/catalogues/:id/products/move",
      { ...admin, schema: { tags, summary: "Position update: queue_position (zero-based) and product", params: catalogueParams, body: productMove, response: { 200: z.object({ product: z.string(), queue_position: z.number().int() }) } } },
      async (request) => moveCatalogueProduct(ctx, request.params.slug, request.user, request.params.id, request.body.product, request.body.queue_position),
    );

    const storeParams = shopParams.extend({ productId: z.string().uuid() });
    app.get("/shops/:slug/store-products/:productId", { ...admin, schema: { tags, summary: "Is the item in my store?", params: storeParams, response: { 200: inStoreView } } }, async (request) =>
      inStoreStatus(ctx, request.params.slug, request.user, request.params.productId),
    );
    app.post("/shops/:slug/store-products", { ...admin, schema: { tags, summary: "Add an item to my store", params: shopParams, body: catalogueProductAdd, response: { 201: inStoreView } } }, async (request, reply) =>
      reply.status(201).send(await addToStore(ctx, request.params.slug, request.user, request.body.product_id)),
    );
    app.delete("/shops/:slug/store-products/:productId", { ...admin, schema: { tags, summary: "Remove an item from my store", params: storeParams, response: { 200: inStoreView } } }, async (request) =>
      removeFromStore(ctx, request.params.slug, request.user, request.params.productId),
    );

    app.post("/shops/:slug/short-links", { ...admin, schema: { tags, summary: "Short link for sharing (name, url, state)", params: shopParams, body: shortLinkInput, response: { 201: shortLinkView } } }, async (request, reply) =>
      reply.status(201).send(await createShortLink(ctx, request.params.slug, request.user, request.body)),
    );
    app.get("/short-links/:code", { schema: { tags, summary: "Follow a short link", params: z.object({ code: z.string() }) } }, async (request, reply) =>
      reply.redirect(await resolveShortLink(ctx, request.params.code), 302),
    );
  };
}
