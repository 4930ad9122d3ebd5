import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { SESSION_COOKIE, SESSION_DAYS, type SessionUser, findSessionUser } from "./sessions";
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

/**
 * Resolves the session cookie into request.user, and enforces double-submit CSRF on cookie-authenticated
 * writes: the x-csrf-token header must equal the readable tianguis_csrf cookie. Webhooks and
 * anonymous calls carry no session cookie and are not affected.
 */
export function installAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!request.cookies[CSRF_COOKIE]) issueCsrfCookie(reply, request);
    if (!token) return;
    request.user = await findSessionUser(ctx, token);
    if (request.user && unsafeMethods.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof header !== "string" || !cookie || !sameToken(header, cookie)) throw new AppError("csrf_invalid");
    }
  });
}

function issueCsrfCookie(reply: FastifyReply, request: FastifyRequest) {
  const value = randomBytes(18).toString("base64url");
  request.cookies[CSRF_COOKIE] = value;
  reply.setCookie(CSRF_COOKIE, value, { path: "/", sameSite: "lax", httpOnly: false, maxAge: 365 * 24 * 3600 });
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge: SESSION_DAYS * 24 * 3600 });
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
