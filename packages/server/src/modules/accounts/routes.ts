import { authResponse, loginInput, pinActivationInput, pinResendInput, pinResponse, registrationInput, usernameExistsInput, usernameExistsResponse } from "@tianguis/domain/schemas/accounts";
import { meView } from "@tianguis/domain/schemas/user";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { clearSessionCookie, currentUser, requireUser, setSessionCookie } from "../../http/auth";
import { requestLocale } from "../../http/locale";
import { devOutboxRoutes } from "./dev-outbox-routes";
import { login } from "./profile";
import { profileRoutes } from "./profile-routes";
import { activate, register, resendPin, usernameExists } from "./registration";
import { SESSION_COOKIE, createSession, deleteSession } from "./sessions";
import { meOf } from "./users";

/** Per-IP limits on the endpoints worth guessing at (Redis-backed across instances when REDIS_URL is set). */
const limits = {
  register: { max: 20, timeWindow: "1 minute" },
  exists: { max: 60, timeWindow: "1 minute" },
  pin: { max: 20, timeWindow: "1 minute" },
  resend: { max: 10, timeWindow: "1 minute" },
  login: { max: 30, timeWindow: "1 minute", keyGenerator: (request: FastifyRequest) => `${request.ip}|${String((request.body as { username?: unknown } | undefined)?.username ?? "").toLowerCase()}` },
};

export function accountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  async function signInAs(request: FastifyRequest, reply: FastifyReply, user: { id: string; username: string; fullName: string; image: string | null; userLevel: number }) {
    const { token } = await createSession(ctx, user.id);
    setSessionCookie(reply, token, request.protocol === "https");
    return { user: await meOf(ctx.db, user) };
  }

  return async (app) => {
    app.get(
      "/auth/me",
      { preHandler: requireUser, schema: { tags: ["accounts"], summary: "The signed-in user", response: { 200: meView } } },
      async (request) => {
        const user = currentUser(request);
        return meOf(ctx.db, user);
      },
    );

    app.post(
      "/users/exist",
      { config: { rateLimit: limits.exists }, schema: { tags: ["accounts"], summary: "Whether an activated account uses this username", body: usernameExistsInput, response: { 200: usernameExistsResponse } } },
      async (request) => ({ exists: await usernameExists(ctx, request.body.username) }),
    );

    app.post(
      "/auth/register",
      {
        config: { rateLimit: limits.register },
        schema: { tags: ["accounts"], summary: "Sign up by e-mail or phone; sends a 6-digit PIN", body: registrationInput, response: { 200: pinResponse } },
      },
      async (request) => register(ctx, request.body, requestLocale(request)),
    );

    app.post(
      "/activate/pin/",
      {
        config: { rateLimit: limits.pin },
        schema: { tags: ["accounts"], summary: "Activate the account with its PIN and sign in", body: pinActivationInput, response: { 200: authResponse } },
      },
      async (request, reply) => signInAs(request, reply, await activate(ctx, request.body)),
    );

    app.post(
      "/auth/pin/resend",
      {
        config: { rateLimit: limits.resend },
        schema: { tags: ["accounts"], summary: "Send a new PIN (once a minute), optionally to a corrected e-mail or phone", body: pinResendInput, response: { 200: pinResponse } },
      },
      async (request) => resendPin(ctx, request.body, requestLocale(request)),
    );

    app.post(
      "/auth/login",
      { config: { rateLimit: limits.login }, schema: { tags: ["accounts"], summary: "Sign in with phone or e-mail and password", body: loginInput, response: { 200: authResponse } } },
      async (request, reply) => signInAs(request, reply, await login(ctx, request.body)),
    );

    app.post(
      "/auth/logout",
      { schema: { tags: ["accounts"], summary: "Sign out: ends the session", response: { 200: z.object({ ok: z.literal(true) }) } } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await deleteSession(ctx, token);
        clearSessionCookie(reply);
        return { ok: true as const };
      },
    );

    await app.register(profileRoutes(ctx));
    if (!ctx.config.isProduction) await app.register(devOutboxRoutes(ctx));
  };
}

