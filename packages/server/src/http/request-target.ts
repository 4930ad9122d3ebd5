import type { FastifyInstance } from "fastify";
import { sendError } from "./errors";
import { requestLocale } from "./locale";

/**
 * A Host header's value as RFC 9110 §7.2 allows it: a registered name, an IPv4 address or a bracketed IPv6 one, and an
 * optional port of at most 65535 (the characters a browser sends; pages build their URL on it). Absent (HTTP/1.0) is
 * fine; empty, spaces, a lone bracket or port 99999 are not.
 */
const hostPattern = /^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export function isValidHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const match = hostPattern.exec(host);
  if (!match || (match[1] !== undefined && Number(match[1]) > 65535)) return false;
  return URL.canParse(`http://${host}/`);
}

/**
 * A request target every handler can read as a path: it starts with one slash, has no backslash (browsers read `/\x`
 * as `//x`, another host) and parses as a URL. `//`, `///`, `//?a=1`, `//%2f` and `/\` are none of a page's.
 */
export function isValidTarget(url: string): boolean {
  const path = url.split("?", 1)[0];
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return false;
  return URL.canParse(url, "http://localhost");
}

/** Answers 400 (coded, before any route) to a malformed Host or request target, which pages and caches cannot read. */
export function installRequestTargetCheck(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (isValidHost(request.headers.host) && isValidTarget(request.url)) return;
    return sendError(reply, requestLocale(request), 400, "validation_failed");
  });
}
