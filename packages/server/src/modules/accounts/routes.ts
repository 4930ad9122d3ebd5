import { accountsApi } from "@tianguis/domain/api/accounts";
import { routeOf } from "@tianguis/domain/api/endpoint";
import { trackingValue, withSignupTracking } from "@tianguis/domain/rules/referral";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { clearSessionCookie, currentUser, requireUser, setSessionCookie } from "../../http/auth";
import { requestLocale } from "../../http/locale";
import { loginLimits } from "../../http/login-throttle";
import { SESSION_COOKIE } from "../../http/sessions";
import { acceptInvitationsOnSignIn } from "../collaborators/service";
import { transactionWithEvents } from "../../events/bus";
import { recordReferredUser } from "../referral/service";
import { devOutboxRoutes } from "./dev-outbox-routes";
import { alertLockedAccount } from "./login-alert";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { login } from "./profile";
import { profileRoutes } from "./profile-routes";
import { activate, register, resendPin, usernameExists } from "./registration";
import { createSession, deleteSession } from "./sessions";
import { meOf, meView, rememberLocale, selectOwnShopAndStaff } from "./users";
import { keptWithSessions } from "../../http/kept-with-sessions";

/** Per-IP limits on the endpoints worth guessing at (Redis-backed across instances when REDIS_URL is set). */
const limits = {
  register: { max: 20, timeWindow: "1 minute" },
  exists: { max: 60, timeWindow: "1 minute" },
  pin: { max: 20, timeWindow: "1 minute" },
  resend: { max: 10, timeWindow: "1 minute" },
};

type SignedInUser = { id: string; username: string; fullName: string; image: string | null; userLevel: number };

export function accountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  async function signInAs(request: FastifyRequest, reply: FastifyReply, user: SignedInUser) {
    await rememberLocale(ctx.db, user.id, requestLocale(request));
    const { token } = await createSession(ctx, user.id);
    // Signing in with an address a shop invited accepts its invitations (commerce-and-accounts §7, collaborators).
    await acceptInvitationsOnSignIn(ctx, user);
    setSessionCookie(reply, token, request.protocol === "https");
    return { user: await meOf(ctx.db, user) };
  }

  // Every signed-in page asks /auth/me: the own shop and staff roles are kept as the session is, by user id.
  const ownShopAndStaff = keptWithSessions(
    (userId: string) => selectOwnShopAndStaff(ctx.db, userId),
    (userId) => userId,
  );

  return async (app) => {
    app.route({
      ...routeOf(accountsApi.me),
      preHandler: requireUser,
      handler: async (request) => {
        const user = currentUser(request);
        return meView(user, await ownShopAndStaff(user.id));
      },
    });
    app.route({
      ...routeOf(accountsApi.usernameExists),
      config: { rateLimit: limits.exists },
      handler: async (request) => ({ exists: await usernameExists(ctx, request.body.username) }),
    });
    app.route({
      ...routeOf(accountsApi.register),
      config: { rateLimit: limits.register },
      // The click that brought the visitor (tracking cookies) goes with the sign-up, as a landing's click_id does.
      handler: async (request) => register(ctx, withSignupTracking(request.body, request.cookies), requestLocale(request)),
    });
    app.route({
      ...routeOf(accountsApi.activate),
      config: { rateLimit: limits.pin },
      handler: async (request, reply) => {
        const user = await activate(ctx, request.body);
        // Someone who arrived by a promoter's link (referralID cookie, kept 1 day) joins that promoter's promoted people,
        // and the promoter's contacts (referral.user_referred, delivered with this transaction).
        const referral = trackingValue(request.cookies.referralID);
        const campaign = trackingValue(request.cookies.campaign);
        await transactionWithEvents(ctx, (tx) => recordReferredUser(tx, user.id, referral, ctx.clock.now(), campaign));
        return signInAs(request, reply, user);
      },
    });
    app.route({
      ...routeOf(accountsApi.resendPin),
      config: { rateLimit: limits.resend },
      handler: async (request) => resendPin(ctx, request.body, requestLocale(request)),
    });
    app.route({
      ...routeOf(accountsApi.login),
      config: { rateLimit: loginLimits.perAddress, changes: "not the catalogue" },
      handler: async (request, reply) => {
        const { username } = request.body;
        const attempt = {
          username,
          source: request.ip,
          onAccountLocked: (details: { failures: number; minutes: number }) => alertLockedAccount(ctx, username, details),
        };
        return signInAs(request, reply, await app.loginThrottle.attempt(attempt, reply, () => login(ctx, request.body)));
      },
    });
    app.route({
      ...routeOf(accountsApi.passwordForgot),
      config: { rateLimit: limits.resend },
      handler: async (request) => {
        await requestPasswordReset(ctx, request.body.username, requestLocale(request));
        return { sent: true as const };
      },
    });
    app.route({
      ...routeOf(accountsApi.passwordReset),
      config: { rateLimit: limits.pin },
      handler: async (request, reply) => signInAs(request, reply, await resetPassword(ctx, request.body)),
    });
    app.route({
      ...routeOf(accountsApi.logout),
      config: { changes: "not the catalogue" },
      handler: async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await deleteSession(ctx, token);
        clearSessionCookie(reply);
        return { ok: true as const };
      },
    });

    await app.register(profileRoutes(ctx));
    if (!ctx.config.isProduction || ctx.config.demoMode) await app.register(devOutboxRoutes(ctx));
  };
}
