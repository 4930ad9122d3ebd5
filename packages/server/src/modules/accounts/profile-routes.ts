import { profileUpdate, profileView, slugExistsInput, slugExistsResponse, storeCreated, storeInput } from "@tianguis/domain/schemas/accounts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { checkSlug, listOwnedStores } from "../shops/stores";
import { getProfile, updateProfile } from "./profile";
import { createStore } from "./stores";

/** Profile (GET/PUT /profile) and the user's own stores (/affiliate/store…). */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/profile",
      { preHandler: requireUser, schema: { tags: ["accounts"], summary: "The signed-in user's profile", response: { 200: profileView } } },
      async (request) => getProfile(ctx, currentUser(request).id),
    );

    app.put(
      "/profile",
      { preHandler: requireUser, schema: { tags: ["accounts"], summary: "Update the profile with the non-empty fields sent", body: profileUpdate, response: { 200: profileView } } },
      async (request) => updateProfile(ctx, currentUser(request).id, request.body),
    );

    app.post(
      "/affiliate/store/slug/exists",
      { config: { rateLimit: { max: 120, timeWindow: "1 minute" } }, schema: { tags: ["accounts"], summary: "Whether a store slug is taken, with free suggestions", body: slugExistsInput, response: { 200: slugExistsResponse } } },
      async (request) => checkSlug(ctx, request.body),
    );

    app.post(
      "/affiliate/store",
      { preHandler: requireUser, schema: { tags: ["accounts"], summary: "Create a store owned by the signed-in user (user level ul2)", body: storeInput, response: { 200: storeCreated } } },
      async (request) => {
        const user = currentUser(request);
        return createStore(ctx, user, request.body);
      },
    );

    app.get(
      "/affiliate/store",
      {
        preHandler: requireUser,
        schema: { tags: ["accounts"], summary: "The stores the signed-in user owns", response: { 200: z.object({ results: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })) }) } },
      },
      async (request) => ({
        results: await listOwnedStores(ctx.db, currentUser(request).id),
      }),
    );
  };
}
