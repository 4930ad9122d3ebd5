import { listOf } from "@tianguis/domain/schemas/common";
import { bannerInput, bannerView, headerBannerInput, headerBannerView, slideInput, slideView } from "@tianguis/domain/schemas/merchandising";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../http/auth";
import type { SessionUser } from "../accounts/sessions";
import * as merch from "./service";

const shopParams = z.object({ slug: z.string() });
const itemParams = z.object({ slug: z.string(), id: z.string().uuid() });
const page = z.object({ offset: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(50).default(10) });

interface Kind<Input extends z.ZodType, View extends z.ZodType> {
  path: string;
  input: Input;
  view: View;
  list: (ctx: AppContext, slug: string, user: SessionUser | null, manage: boolean, page: merch.Page) => Promise<{ results: z.infer<View>[]; matches_estimated: number }>;
  create: (ctx: AppContext, slug: string, user: SessionUser | null, input: z.infer<Input>) => Promise<z.infer<View>>;
  update: (ctx: AppContext, slug: string, user: SessionUser | null, id: string, input: z.infer<Input>) => Promise<z.infer<View>>;
  remove: (ctx: AppContext, slug: string, user: SessionUser | null, id: string) => Promise<void>;
}

/** Public list (the visitor's audience), admin list, create, update and delete for one kind of merchandising. */
function register<Input extends z.ZodType, View extends z.ZodType>(app: FastifyInstance, ctx: AppContext, kind: Kind<Input, View>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["merchandising"];
  const admin = { onRequest: requireUser };
  api.get(`/shops/:slug/${kind.path}`, { schema: { tags, summary: `Public ${kind.path} for the visitor's audience`, params: shopParams, querystring: page, response: { 200: listOf(kind.view as z.ZodType) } } }, async (request) =>
    kind.list(ctx, request.params.slug, request.user, false, request.query),
  );
  api.get(`/shops/:slug/admin/${kind.path}`, { ...admin, schema: { tags, summary: `All ${kind.path} (shop admin)`, params: shopParams, querystring: page, response: { 200: listOf(kind.view as z.ZodType) } } }, async (request) =>
    kind.list(ctx, request.params.slug, request.user, true, request.query),
  );
  api.post(`/shops/:slug/${kind.path}`, { ...admin, schema: { tags, summary: "Create (shop admin)", params: shopParams, body: kind.input, response: { 201: kind.view as z.ZodType } } }, async (request, reply) =>
    reply.status(201).send(await kind.create(ctx, request.params.slug, request.user, request.body as z.infer<Input>)),
  );
  api.patch(`/shops/:slug/${kind.path}/:id`, { ...admin, schema: { tags, summary: "Update (shop admin)", params: itemParams, body: kind.input, response: { 200: kind.view as z.ZodType } } }, async (request) =>
    kind.update(ctx, request.params.slug, request.user, request.params.id, request.body as z.infer<Input>),
  );
  api.delete(`/shops/:slug/${kind.path}/:id`, { ...admin, schema: { tags, summary: "Delete (shop admin)", params: itemParams } }, async (request, reply) => {
    await kind.remove(ctx, request.params.slug, request.user, request.params.id);
    return reply.status(204).send();
  });
}

/** Banners, header banners and carousel slides. */
export function merchandisingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    register(app, ctx, { path: "banners", input: bannerInput, view: bannerView, list: merch.listBanners, create: merch.createBanner, update: merch.updateBanner, remove: merch.deleteBanner });
    register(app, ctx, { path: "headers", input: headerBannerInput, view: headerBannerView, list: merch.listHeaders, create: merch.createHeader, update: merch.updateHeader, remove: merch.deleteHeader });
    register(app, ctx, { path: "slides", input: slideInput, view: slideView, list: merch.listSlides, create: merch.createSlide, update: merch.updateSlide, remove: merch.deleteSlide });
  };
}
