import { listOf } from "@tianguis/domain/schemas/common";
import { bannerInput, bannerView, headerBannerInput, headerBannerView, slideInput, slideView } from "@tianguis/domain/schemas/merchandising";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../http/auth";
import * as merch from "./service";

const shopParams = z.object({ slug: z.string() });
const itemParams = z.object({ slug: z.string(), id: z.string().uuid() });
const page = z.object({ offset: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(50).default(10) });

/** Banners, header banners and carousel slides: public lists filtered by the visitor's audience, admin lists and writes. */
export function merchandisingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { onRequest: requireUser };
    const kinds = [
      { path: "banners", view: bannerView, input: bannerInput, list: merch.listBanners, create: merch.createBanner, update: merch.updateBanner, remove: merch.deleteBanner },
      { path: "headers", view: headerBannerView, input: headerBannerInput, list: merch.listHeaders, create: merch.createHeader, update: merch.updateHeader, remove: merch.deleteHeader },
      { path: "slides", view: slideView, input: slideInput, list: merch.listSlides, create: merch.createSlide, update: merch.updateSlide, remove: merch.deleteSlide },
    ] as const;
    for (const kind of kinds) {
      const tags = ["merchandising"];
      app.get(`/shops/:slug/${kind.path}`, { schema: { tags, summary: `Public ${kind.path} for the visitor's audience`, params: shopParams, querystring: page, response: { 200: listOf(kind.view) } } }, async (request) =>
        kind.list(ctx, request.params.slug, request.user, false, request.query),
      );
      app.get(`/shops/:slug/admin/${kind.path}`, { ...admin, schema: { tags, summary: `All ${kind.path} (shop admin)`, params: shopParams, querystring: page, response: { 200: listOf(kind.view) } } }, async (request) =>
        kind.list(ctx, request.params.slug, request.user, true, request.query),
      );
      app.post(`/shops/:slug/${kind.path}`, { ...admin, schema: { tags, summary: `Create (shop admin)`, params: shopParams, body: kind.input, response: { 201: kind.view } } }, async (request, reply) =>
        // biome-ignore lint/suspicious/noExplicitAny: each kind pairs its own input schema with its own use case
        reply.status(201).send(await kind.create(ctx, request.params.slug, request.user, request.body as any)),
      );
      app.patch(`/shops/:slug/${kind.path}/:id`, { ...admin, schema: { tags, summary: `Update (shop admin)`, params: itemParams, body: kind.input, response: { 200: kind.view } } }, async (request) =>
        // biome-ignore lint/suspicious/noExplicitAny: as above
        kind.update(ctx, request.params.slug, request.user, request.params.id, request.body as any),
      );
      app.delete(`/shops/:slug/${kind.path}/:id`, { ...admin, schema: { tags, summary: `Delete (shop admin)`, params: itemParams } }, async (request, reply) => {
        await kind.remove(ctx, request.params.slug, request.user, request.params.id);
        return reply.status(204).send();
      });
    }
  };
}
