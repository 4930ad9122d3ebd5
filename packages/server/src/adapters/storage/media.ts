import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import { passOnHeaders } from "./s3";
import { MEDIA_PREFIX, S3_PUBLIC_PREFIX, type Storages, isSafeKey } from "./storage";

const MEDIA_MAX_AGE_S = 7 * 24 * 3600;

/**
 * Serves public files at /media/: from the upload directory, or streamed from the bucket (so it needs no public access
 * and pages stay on one origin). With S3_PUBLIC_URL on another origin, pages may also show images from there.
 */
export async function serveMedia(app: FastifyInstance, config: Config, storages: Storages): Promise<void> {
  const s3 = storages.s3;
  if (!s3) {
    fs.mkdirSync(config.uploadDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: path.resolve(config.uploadDir),
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: "7d",
    });
    return;
  }
  app.get(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    if (!isSafeKey(key)) return reply.code(404).send();
    const conditional: Record<string, string> = {};
    for (const name of ["if-none-match", "if-modified-since", "range"]) {
      const value = request.headers[name];
      if (typeof value === "string") conditional[name] = value;
    }
    const object = await s3.getObject(S3_PUBLIC_PREFIX + key, conditional);
    if (!object) return reply.code(404).send();
    reply.code(object.statusCode ?? 200).headers(passOnHeaders(object.headers));
    reply.header("cache-control", `public, max-age=${MEDIA_MAX_AGE_S}`);
    if (object.statusCode === 304) {
      object.resume();
      return reply.send();
    }
    return reply.send(object);
  });

  const publicUrl = config.s3?.publicUrl;
  const origin = publicUrl && URL.canParse(publicUrl) ? new URL(publicUrl).origin : undefined;
  if (origin) {
    // The web pages' Content-Security-Policy names 'self' for images; add the bucket's or CDN's origin.
    app.addHook("onSend", async (_request, reply, payload) => {
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy === "string" && !policy.includes(origin))
        reply.header("content-security-policy", policy.replace(/img-src([^;]*)/, `img-src$1 ${origin}`));
      return payload;
    });
  }
}
