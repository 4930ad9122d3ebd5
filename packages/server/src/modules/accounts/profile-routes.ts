import { accountsApi } from "@tianguis/domain/api/accounts";
import { routeOf } from "@tianguis/domain/api/endpoint";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { requestLocale } from "../../http/locale";
import { SESSION_COOKIE } from "../../http/sessions";
import { checkSlug, listOwnedShops } from "../shops/service";
import { createShop } from "./own-shop";
import { decideCoordinatorRequest, listCoordinatorRequests, requestCoordinator } from "./coordinator";
import { getProfile, getTourSetting, setTourSetting, updateProfile } from "./profile";
import { alertLockedAccount } from "./login-alert";

/** Profile (GET/PUT /profile), the tour setting (GET/PATCH /profile/setup-apps) and the user's own shops (/affiliate/store…). */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(accountsApi.profile),
      preHandler: requireUser,
      handler: async (request) => getProfile(ctx, currentUser(request).id),
    });
    app.route({
      ...routeOf(accountsApi.updateProfile),
      preHandler: requireUser,
      // A wrong current password spends the account's login budget, so a stolen session cannot guess it either.
      handler: async (request, reply) => {
        const user = currentUser(request);
        const attempt = {
          username: user.username,
          source: request.ip,
          onAccountLocked: (details: { failures: number; minutes: number }) => alertLockedAccount(ctx, user.username, details),
        };
        return app.loginThrottle.attempt(attempt, reply, () =>
          updateProfile(ctx, user.id, request.body, { locale: requestLocale(request), token: request.cookies[SESSION_COOKIE] }),
        );
      },
    });
    app.route({
      ...routeOf(accountsApi.requestCoordinator),
      preHandler: requireUser,
      handler: async (request) => requestCoordinator(ctx, currentUser(request).id),
    });
    app.route({
      ...routeOf(accountsApi.coordinatorRequests),
      handler: async (request) => listCoordinatorRequests(ctx, request.user, request.query),
    });
    app.route({
      ...routeOf(accountsApi.grantCoordinator),
      handler: async (request) => decideCoordinatorRequest(ctx, request.user, request.params.userId, { decision: "granted" }),
    });
    app.route({
      ...routeOf(accountsApi.refuseCoordinator),
      handler: async (request) =>
        decideCoordinatorRequest(ctx, request.user, request.params.userId, { decision: "refused", reason: request.body.reason }),
    });
    app.route({
      ...routeOf(accountsApi.tourSetting),
      preHandler: requireUser,
      handler: async (request) => getTourSetting(ctx, currentUser(request).id),
    });
    app.route({
      ...routeOf(accountsApi.updateTourSetting),
      preHandler: requireUser,
      handler: async (request) => setTourSetting(ctx, currentUser(request).id, request.body),
    });
    app.route({
      ...routeOf(accountsApi.slugExists),
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      handler: async (request) => checkSlug(ctx, request.body),
    });
    app.route({
      ...routeOf(accountsApi.createShop),
      preHandler: requireUser,
      handler: async (request) => createShop(ctx, currentUser(request), request.body),
    });
    app.route({
      ...routeOf(accountsApi.ownShops),
      preHandler: requireUser,
      handler: async (request) => ({ results: await listOwnedShops(ctx.db, currentUser(request).id) }),
    });
  };
}
