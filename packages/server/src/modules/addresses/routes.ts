import { addressesApi } from "@tianguis/domain/api/addresses";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { deleteAddress, listAddresses, saveAddress, updateAddress } from "./service";

/** The signed-in customer's address book (commerce-and-accounts §3 'Address fields'); no write to it changes the catalogue. */
export function addressesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("preHandler", requireUser);

    app.route({
      ...routeOf(addressesApi.list),
      handler: async (request) => {
        const results = await listAddresses(ctx, currentUser(request).id);
        return { results, matches_estimated: results.length };
      },
    });

    app.route({
      ...routeOf(addressesApi.create),
      config: { changes: "not the catalogue" },
      handler: async (request, reply) => reply.status(201).send(await saveAddress(ctx.db, currentUser(request).id, request.body)),
    });

    app.route({
      ...routeOf(addressesApi.update),
      config: { changes: "not the catalogue" },
      handler: async (request) => updateAddress(ctx, currentUser(request).id, request.params.id, request.body),
    });

    app.route({
      ...routeOf(addressesApi.remove),
      config: { changes: "not the catalogue" },
      handler: async (request, reply) => {
        await deleteAddress(ctx, currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
