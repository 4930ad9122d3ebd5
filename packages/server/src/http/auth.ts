import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { SESSION_COOKIE, SESSION_DAYS, type SessionUser, hashSessionToken, sessionUserOf } from "./sessions";
import { AppError } from "./errors";

export const CSRF_COOKIE = "tianguis_csrf";
export const CSRF_HEADER = "x-csrf-token";

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The CSRF token of a session: an HMAC of it, so a token planted from another session (or made up) does not fit. */
export function csrfTokenFor(secret: string, sessionToken: string): string {
  return createHmac("sha256", secret)
    .update(`csrf:${hashSessionToken(sessionToken)}`)
    .digest("base64url");
}

/**
 * Resolves the session cookie into request.user, and guards cookie-authenticated writes: the request must not come
 * from another site, and the x-csrf-token header and the readable tianguis_csrf cookie must both hold the session's
 * token. Webhooks and anonymous calls carry no session cookie and are not affected.
 */
export function installAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    const token = request.cookies[SESSION_COOKIE];
    const cookie = request.cookies[CSRF_COOKIE];
    // Before any refusal, so a browser holding an older token gets the session's for its retry.
    ensureCsrfCookie(request, reply, ctx.config.APP_SECRET);
    if (!token) return;
    request.user = await sessionUserOf(ctx, token);
    if (request.user && unsafeMethods.has(request.method)) {
      if (isCrossSite(request, ctx.config.BASE_DOMAIN)) throw new AppError("csrf_invalid");
      const expected = csrfTokenFor(ctx.config.APP_SECRET, token);
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== "string" || !cookie || !sameToken(header, expected) || !sameToken(cookie, expected)) {
        throw new AppError("csrf_invalid");
      }
    }
  });
}

/**
 * Another site's page writing with the visitor's cookies: Sec-Fetch-Site says so, or the Origin is neither this host
 * nor the marketplace ({BASE_DOMAIN} and its shops' {slug}.{BASE_DOMAIN}). Clients that send neither header (curl,
 * server-side calls) still need the CSRF token.
 */
export function isCrossSite(request: FastifyRequest, baseDomain: string): boolean {
  if (request.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const url = URL.canParse(origin) ? new URL(origin) : null;
  if (!url || url.origin === "null") return true;
  if (url.host === request.host) return false;
  return url.hostname !== baseDomain && !url.hostname.endsWith(`.${baseDomain}`);
}

/** Gives the browser the CSRF token its next write needs: the session's, or a random one before signing in. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, secret: string) {
  const session = request.cookies[SESSION_COOKIE];
  const current = request.cookies[CSRF_COOKIE];
  const wanted = session ? csrfTokenFor(secret, session) : (current ?? randomBytes(18).toString("base64url"));
  if (wanted === current) return;
  request.cookies[CSRF_COOKIE] = wanted;
  setCsrfCookie(reply, wanted, request.protocol === "https");
}

function setCsrfCookie(reply: FastifyReply, value: string, secure: boolean) {
  reply.setCookie(CSRF_COOKIE, value, { path: "/", sameSite: "lax", httpOnly: false, secure, maxAge: 365 * 24 * 3600 });
}

/** The session cookie and, with it, the session's CSRF token. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge: SESSION_DAYS * 24 * 3600 });
  setCsrfCookie(reply, csrfTokenFor(reply.server.ctx.config.APP_SECRET, token), secure);
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError("unauthorized");
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthorized");
  return request.user;
}
