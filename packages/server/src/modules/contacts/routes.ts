import { contactsApi } from "@tianguis/domain/api/contacts";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requestLocale } from "../../http/locale";
import {
  countShopUnread,
  getContact,
  listMyTags,
  listReferred,
  listShopContacts,
  listShopTags,
  markContactRead,
  replyToContact,
  setContactTags,
} from "./service";

/** API: contacts; an answer or a tag changes a contact, never the catalogue. */
export function contactsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(contactsApi.shopList),
      handler: async (request) => listShopContacts(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(contactsApi.shopTags),
      handler: async (request) => listShopTags(ctx, request.params.slug, request.user),
    });
    app.route({
      ...routeOf(contactsApi.shopUnread),
      handler: async (request) => countShopUnread(ctx, request.params.slug, request.user),
    });
    app.route({
      ...routeOf(contactsApi.read),
      config: { changes: "not the catalogue" },
      handler: async (request) => markContactRead(ctx, request.params.id, request.user),
    });
    app.route({
      ...routeOf(contactsApi.referred),
      handler: async (request) => listReferred(ctx, request.user, request.query),
    });
    app.route({
      ...routeOf(contactsApi.myTags),
      handler: async (request) => listMyTags(ctx, request.user),
    });
    app.route({
      ...routeOf(contactsApi.detail),
      handler: async (request) => getContact(ctx, request.params.id, request.user),
    });
    app.route({
      ...routeOf(contactsApi.reply),
      config: { changes: "not the catalogue" },
      handler: async (request, reply) =>
        reply.status(201).send(await replyToContact(ctx, request.params.id, request.user, request.body, requestLocale(request))),
    });
    app.route({
      ...routeOf(contactsApi.setTags),
      config: { changes: "not the catalogue" },
      handler: async (request) => setContactTags(ctx, request.params.id, request.user, request.body),
    });
  };
}
