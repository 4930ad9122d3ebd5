import { collaboratorsApi } from "@tianguis/domain/api/collaborators";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requestLocale } from "../../http/locale";
import {
  acceptInvitation,
  changeCollaboratorProfiles,
  inviteCollaborator,
  leaveCollaboration,
  listCollaborations,
  listCollaborators,
  profileOptions,
  refreshInvitation,
  removeCollaborator,
} from "./service";

export function collaboratorsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(collaboratorsApi.list),
      handler: async (request) => listCollaborators(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(collaboratorsApi.invite),
      handler: async (request, reply) => {
        const view = await inviteCollaborator(ctx, request.params.slug, request.user, request.body, requestLocale(request));
        return reply.status(201).send(view);
      },
    });
    app.route({
      ...routeOf(collaboratorsApi.update),
      handler: async (request) => changeCollaboratorProfiles(ctx, request.params.slug, request.params.id, request.user, request.body),
    });
    app.route({
      ...routeOf(collaboratorsApi.remove),
      handler: async (request) => removeCollaborator(ctx, request.params.slug, request.params.id, request.user),
    });
    app.route({
      ...routeOf(collaboratorsApi.refresh),
      handler: async (request) => refreshInvitation(ctx, request.params.slug, request.params.id, request.user, requestLocale(request)),
    });
    app.route({
      ...routeOf(collaboratorsApi.profiles),
      handler: async (request) => profileOptions(requestLocale(request)),
    });
    app.route({
      ...routeOf(collaboratorsApi.collaborations),
      handler: async (request) => listCollaborations(ctx, request.user, request.query),
    });
    app.route({
      ...routeOf(collaboratorsApi.accept),
      handler: async (request) => acceptInvitation(ctx, request.user, request.params.id),
    });
    app.route({
      ...routeOf(collaboratorsApi.decline),
      handler: async (request) => leaveCollaboration(ctx, request.user, request.params.id),
    });
  };
}
