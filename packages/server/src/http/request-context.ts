import { fastifyRequestContext, requestContext } from "@fastify/request-context";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SessionUser } from "./sessions";

declare module "@fastify/request-context" {
  interface RequestContextData {
    request: FastifyRequest;
  }
}

/**
 * The request a use case runs for, reachable without passing it down (@fastify/request-context, AsyncLocalStorage): the
 * audit log names who wrote and from which address without every service taking the request as a parameter. Read
 * lazily, so the user the auth hook sets after this one is seen.
 */
export async function installRequestContext(app: FastifyInstance) {
  await app.register(fastifyRequestContext, { hook: "onRequest", defaultStoreValues: (request) => ({ request }) });
}

export interface RequestActor {
  user: SessionUser | null;
  /** The client's address (request.ip, which believes X-Forwarded-For only from TRUST_PROXY). */
  address: string;
}

/** Who the current request is from; null outside a request (jobs, event deliveries after the commit, scripts). */
export function currentRequestActor(): RequestActor | null {
  const request = requestContext.get("request");
  if (!request) return null;
  return { user: request.user ?? null, address: request.ip };
}
