import { routeOf } from "@tianguis/domain/api/endpoint";
import { merchandisingApi } from "@tianguis/domain/api/merchandising";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../http/auth";
import type { SessionUser } from "../../http/sessions";
import { requireShopAdmin } from "../shops/service";
import * as merch from "./service";

type KindApi = (typeof merchandisingApi)[keyof typeof merchandisingApi];
type Input<K extends KindApi> = z.infer<K["create"]["body"]>;
type View<K extends KindApi> = z.infer<K["create"]["response"]>;
type Listing<K extends KindApi> = { results: View<K>[]; matches_estimated: number };
type SlugParams = { slug: string };
type ItemParams = { slug: string; id: string };

interface Kind<K extends KindApi> {
  api: K;
  list: (ctx: AppContext, slug: string, user: SessionUser | null, manage: boolean, page: merch.Page) => Promise<Listing<K>>;
  create: (ctx: AppContext, slug: string, user: SessionUser | null, input: Input<K>) => Promise<View<K>>;
  update: (ctx: AppContext, slug: string, user: SessionUser | null, id: string, input: Input<K>) => Promise<View<K>>;
  remove: (ctx: AppContext, slug: string, user: SessionUser | null, id: string) => Promise<void>;
}

/** Public list (the visitor's audience), admin list, create, update and delete for one kind of merchandising. */
function register<K extends KindApi>(app: FastifyInstance, ctx: AppContext, kind: Kind<K>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Who may edit is settled before the body is validated (Fastify validates after preValidation), so a
  // stranger learns 403 rather than which fields the shop's form expects.
  const admin = {
    onRequest: requireUser,
    preValidation: async (request: FastifyRequest) =>
      void (await requireShopAdmin(ctx, { slug: (request.params as SlugParams).slug }, request.user)),
  };
  const page = (query: unknown) => query as merch.Page;
  api.route({
    ...routeOf(kind.api.list),
    handler: async (request) =>
      (await kind.list(ctx, (request.params as SlugParams).slug, request.user, false, page(request.query))) as never,
  });
  api.route({
    ...routeOf(kind.api.adminList),
    ...admin,
    handler: async (request) =>
      (await kind.list(ctx, (request.params as SlugParams).slug, request.user, true, page(request.query))) as never,
  });
  api.route({
    ...routeOf(kind.api.create),
    ...admin,
    handler: async (request, reply) =>
      reply.status(201).send(await kind.create(ctx, (request.params as SlugParams).slug, request.user, request.body as Input<K>)),
  });
  api.route({
    ...routeOf(kind.api.update),
    ...admin,
    handler: async (request) => {
      const params = request.params as ItemParams;
      return kind.update(ctx, params.slug, request.user, params.id, request.body as Input<K>);
    },
  });
  api.route({
    ...routeOf(kind.api.remove),
    ...admin,
    handler: async (request, reply) => {
      const params = request.params as ItemParams;
      await kind.remove(ctx, params.slug, request.user, params.id);
      return reply.status(204).send(null);
    },
  });
}

/** Banners, header banners and carousel slides. */
export function merchandisingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { banners, headers, slides } = merchandisingApi;
    register(app, ctx, {
      api: banners,
      list: merch.listBanners,
      create: merch.createBanner,
      update: merch.updateBanner,
      remove: merch.deleteBanner,
    });
    register(app, ctx, {
      api: headers,
      list: merch.listHeaders,
      create: merch.createHeader,
      update: merch.updateHeader,
      remove: merch.deleteHeader,
    });
    register(app, ctx, {
      api: slides,
      list: merch.listSlides,
      create: merch.createSlide,
      update: merch.updateSlide,
      remove: merch.deleteSlide,
    });
  };
}
