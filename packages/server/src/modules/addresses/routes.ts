import { listOf } from "@tianguis/domain/schemas/common";
import { deliveryAddress, savedAddressView } from "@tianguis/domain/schemas/address";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { deleteAddress, listAddresses, saveAddress, updateAddress } from "./service";

const idParams = z.object({ id: z.string().uuid() });

/** The signed-in customer's address book (commerce-and-accounts §3 'Address fields'). */
export function addressesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("preHandler", requireUser);

    app.get(
      "/me/addresses",
      { schema: { tags: ["addresses"], summary: "The customer's saved addresses, most recently used first", response: { 200: listOf(savedAddressView) } } },
      async (request) => {
        const results = await listAddresses(ctx, currentUser(request).id);
        return { results, matches_estimated: results.length };
      },
    );

    app.post(
      "/me/addresses",
      { schema: { tags: ["addresses"], summary: "Save an address (at most 20)", body: deliveryAddress, response: { 201: savedAddressView } } },
      async (request, reply) => reply.status(201).send(await saveAddress(ctx.db, currentUser(request).id, request.body)),
    );

    app.put(
      "/me/addresses/:id",
      { schema: { tags: ["addresses"], summary: "Replace a saved address", params: idParams, body: deliveryAddress, response: { 200: savedAddressView } } },
      async (request) => updateAddress(ctx, currentUser(request).id, request.params.id, request.body),
    );

    app.delete(
      "/me/addresses/:id",
      { schema: { tags: ["addresses"], summary: "Remove a saved address", params: idParams } },
      async (request, reply) => {
        await deleteAddress(ctx, currentUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
