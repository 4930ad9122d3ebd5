import type { FastifyInstance } from "fastify";

/** A year: browsers keep to https for that long after one answer over https (docs/DEPLOY.md, "Security headers"). */
export const HSTS = "max-age=31536000";

/**
 * Headers every answer carries: `nosniff`, so no browser reads API JSON, a build asset or an upload as another type;
 * HSTS on answers that went out over https (`request.protocol` reads X-Forwarded-Proto from a trusted proxy only).
 * No includeSubDomains: a shop's own domain may have other hosts that are not ours. Pages add their CSP (web.ts).
 */
export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
