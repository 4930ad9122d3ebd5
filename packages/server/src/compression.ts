import { promisify } from "node:util";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Brotli or gzip for every text response (HTML, JSON, JS, CSS) of 1 KB or more (issue 16).
 *
 * Whole payloads (JSON from the API, strings and buffers) are compressed here, off the event loop (zlib's thread pool),
 * and remembered by payload: the anonymous listing API answers the same cached string for a second, so it is
 * compressed once, not once per request. Streams (a signed-in visitor's page, static files without a precompressed
 * copy) are left to @fastify/compress, and a response that already names its encoding (a cached page, a .br asset)
 * passes untouched.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const threshold = 1024;
const compressible = /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/i;
const maxRemembered = 200;
const maxRememberedBytes = 256 * 1024;

type Encoding = "br" | "gzip";

/** The encoding to answer in: brotli, then gzip, leaving out any the client refuses with q=0. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .toLowerCase()
      .split(",")
      .map((part) => part.split(";").map((piece) => piece.trim()))
      .filter(([, q]) => q === undefined || !/^q=0(?:\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}

export function compressBody(encoding: Encoding, body: string | Buffer): Promise<Buffer> {
  return encoding === "br" ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(body);
}

export async function registerCompression(app: FastifyInstance) {
  // Payload → its compressed forms; a Map keeps insertion order, so the oldest is dropped first.
  const remembered = new Map<string | Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (payload.length < threshold || reply.hasHeader("content-encoding") || reply.hasHeader("content-range")) return payload;
    if (!compressible.test(String(reply.getHeader("content-type") ?? "application/json"))) return payload;
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    if (payload.length > maxRememberedBytes) return sendCompressed(await compressBody(encoding, payload));
    let forms = remembered.get(payload);
    if (!forms) {
      if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value as string | Buffer);
      forms = {};
      remembered.set(payload, forms);
    }
    forms[encoding] ??= compressBody(encoding, payload);
    return sendCompressed(await forms[encoding]);

    function sendCompressed(body: Buffer) {
      reply.header("content-encoding", encoding).header("content-length", body.length);
      const vary = reply.getHeader("vary");
      if (
        !String(vary ?? "")
          .toLowerCase()
          .includes("accept-encoding")
      )
        reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
      return body;
    }
  });
  await app.register(fastifyCompress, { encodings: ["br", "gzip"], threshold });
}
