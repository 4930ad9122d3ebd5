import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { type Locale, negotiateLocale } from "@tianguis/domain/locale";
import { audienceOf } from "@tianguis/domain/rules/audience";
import { integrationOrigins } from "@tianguis/domain/rules/shop-integrations";
import { locateShopByHost } from "@tianguis/domain/rules/shop-resolution";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ServerBuild, createRequestHandler } from "react-router";
import type { WebLoadContext } from "@tianguis/web/app/load-context";
import { CSRF_COOKIE, CSRF_HEADER, ensureCsrfCookie } from "./http/auth";
import { LOCALE_COOKIE } from "./http/locale";
import { newPageReads, withPageReads } from "./http/page-reads";
import { recentShopRoles } from "./http/kept-with-sessions";
import { type PageSession, SESSION_COOKIE, type SessionUser, sessionUserOf, withPageSession } from "./http/sessions";
import { hasShopRole } from "./modules/shops/service";
import { pageCacheRequests, ssrRenderSeconds } from "./metrics";
import {
  type BufferedPage,
  type SharedRead,
  apiReadKey,
  audiencePageKey,
  bufferedPage,
  encodedBody,
  pageCacheKey,
  sharedApiRead,
} from "./web-cache";
import { type RouteTables, routeTables } from "./web-route-tables";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web");

/**
 * The card fields of shops charging live with their own accounts (docs/PAYMENTS.md) load their provider's script, and
 * nothing else comes from outside: Stripe.js with the frames and API calls Stripe documents for it; Conekta.js, which
 * sends the card to Conekta's token API; openpay.js, which sends it to Openpay's token API (live or sandbox host), and
 * openpay-data.js, whose device-data collector is a 1-pixel frame and image on the same hosts.
 */
const providerOrigins = {
  script: ["https://js.stripe.com", "https://cdn.conekta.io", "https://js.openpay.mx"],
  connect: ["https://api.stripe.com", "https://api.conekta.io", "https://api.openpay.mx", "https://sandbox-api.openpay.mx"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com", "https://api.openpay.mx", "https://sandbox-api.openpay.mx"],
  img: ["https://api.openpay.mx", "https://sandbox-api.openpay.mx"],
};

/**
 * The page's CSP: inline scripts run by the request's nonce, or, on a page shared between visitors, by their hashes;
 * outside scripts, frames and calls only from the payment providers' origins above and the shops' integrations
 * (LiveChat and the Facebook pixel, rules/shop-integrations.ts).
 */
function cspHeader(scripts: { nonce: string } | { scriptHashes: string[] }, dev: boolean): string {
  const inline = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.scriptHashes;
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...inline, ...providerOrigins.script, ...integrationOrigins.script, ...(dev ? ["'unsafe-eval'"] : [])].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${[...providerOrigins.img, ...integrationOrigins.img].join(" ")}`,
    "font-src 'self' data:",
    `connect-src ${["'self'", ...providerOrigins.connect, ...integrationOrigins.connect, ...(dev ? ["ws:", "wss:"] : [])].join(" ")}`,
    `frame-src 'self' ${[...providerOrigins.frame, ...integrationOrigins.frame].join(" ")}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Files under assets/ have a content hash in their names, so a browser keeps them for a year without asking again;
 * the others (favicon.svg) keep their names across releases and are checked again after an hour.
 */
function assetCacheControl(relativePath: string): string {
  return relativePath.split(path.sep)[0] === "assets" ? "public, max-age=31536000, immutable" : "public, max-age=3600";
}

/** An in-process API call's answer, before each loader parses it. */
interface ApiAnswer {
  status: number;
  text: string;
  setCookies: string[];
}

/** The browser's Origin and Sec-Fetch-Site, for the API's cross-site check (http/auth.ts). */
function siteHeaders(headers: FastifyRequest["headers"]): Record<string, string> {
  const { origin, "sec-fetch-site": fetchSite } = headers;
  return {
    ...(typeof origin === "string" ? { origin } : {}),
    ...(typeof fetchSite === "string" ? { "sec-fetch-site": fetchSite } : {}),
  };
}

/** The web request of a Fastify request; aborted when `reply`'s connection closes (none: a render nobody waits for). */
function toWebRequest(request: FastifyRequest, reply?: FastifyReply): Request {
  // An empty Host is refused before any route (http/request-target.ts); HTTP/1.0 sends none.
  const origin = `${request.protocol}://${request.headers.host || "localhost"}`;
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, String(value));
  }
  const controller = new AbortController();
  reply?.raw.on("close", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: request.raw as unknown as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

/** One request handler per route table, each derived once, picked by the request's path. */
function byRouteTable(tables: RouteTables, handlerOf: (build: ServerBuild) => ReturnType<typeof createRequestHandler>) {
  const handlers = new Map<ServerBuild, ReturnType<typeof createRequestHandler>>();
  return (request: Request, context: never) => {
    const table = tables.forPath(new URL(request.url).pathname);
    let handler = handlers.get(table);
    if (!handler) {
      handler = handlerOf(table);
      handlers.set(table, handler);
    }
    return handler(request, context);
  };
}

export async function registerWeb(app: FastifyInstance, mode: "build" | "vite") {
  // Dev: a function, so each request gets Vite's current modules. Build: the module itself, so React Router derives its
  // route table and handlers once (given a function, it derives them again on every request: 4 % of a page's CPU).
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (mode === "vite") {
    const { createServer } = await import("vite");
    const middie = (await import("@fastify/middie")).default;
    const vite = await createServer({ root: webRoot, server: { middlewareMode: true }, appType: "custom" });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook("onClose", async () => vite.close());
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildDir = path.resolve(webRoot, process.env.WEB_BUILD_DIR ?? "build");
    const buildFile = path.join(buildDir, "server/index.js");
    build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    await app.register(fastifyStatic, {
      root: path.join(buildDir, "client"),
      prefix: "/",
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (packages/web/scripts/precompress.mjs).
      preCompressed: true,
      // Our own header: with send's, the plugin would overwrite it with max-age=0.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader("cache-control", assetCacheControl(path.relative(path.join(buildDir, "client"), filePath)));
        res.setHeader("vary", "accept-encoding");
      },
    });
  }
  // Whether the visitor has a role in the page's shop, kept as their session is (http/kept-with-sessions.ts).
  const hasRecentShopRole = recentShopRoles((shop, userId) => hasShopRole(app.ctx, shop, userId));
  // A built app serves the shop pages under /tienda/{slug} and the others with a route table each (web-route-tables.ts).
  const handleRequest =
    typeof build === "function"
      ? createRequestHandler(build, "development")
      : byRouteTable(routeTables(build, "shop-path"), (table) => createRequestHandler(table, "production"));
  /** React Router's render, timed (tianguis_ssr_render_duration_seconds): a page rendered whole, or to its first byte. */
  const handle = async (request: Request, context: never, renderMode: "whole" | "streamed"): Promise<Response> => {
    const end = ssrRenderSeconds.startTimer({ mode: renderMode });
    try {
      return await handleRequest(request, context);
    } finally {
      end();
    }
  };
  const { baseDomain } = { baseDomain: app.ctx.config.BASE_DOMAIN };

  /**
   * What loaders and actions get (load-context.ts): the visitor's locale and shop, and the API called in-process as them.
   * `sharedWith`: the signed-in visitor of a page shared with their audience (already looked up): the root renders
   * their level only, never the person.
   */
  function loadContext(request: FastifyRequest, locale: Locale, nonce: string, sharedWith?: SessionUser): WebLoadContext {
    // A form post to a page's action writes through the API with the CSRF token filled in here, so the API's
    // cross-site check needs the browser's own Origin and Sec-Fetch-Site.
    const fetchSite = request.method === "GET" || request.method === "HEAD" ? {} : siteHeaders(request.headers);
    const cookieHeader = Object.entries(request.cookies)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${encodeURIComponent(value as string)}`)
      .join("; ");
    const reads = new Map<string, Promise<ApiAnswer>>();
    // Every call of this page shares one lookup of the visitor's session (http/sessions.ts), until the page writes.
    const token = request.cookies[SESSION_COOKIE];
    let pageSession: PageSession | undefined = token ? { token, ...(sharedWith ? { user: Promise.resolve(sharedWith) } : {}) } : undefined;
    // The page's reads share their lookups of the shop and the visitor's roles in it (http/page-reads.ts), until a write.
    let pageReads = newPageReads(app.ctx.db);
    const inject = async (method: string, url: string, body: unknown, anonymous = false): Promise<ApiAnswer> => {
      // Without cookies (a read shared with everyone, see sharedRead) the call is an anonymous visitor's.
      const call = () =>
        app.inject({
          method: method as "GET",
          url,
          // The visitor's address, not loopback: rate limits key on it (a login through a route action is the visitor's).
          remoteAddress: request.ip,
          headers: anonymous
            ? { host: request.headers.host ?? "localhost", "accept-language": locale }
            : {
                cookie: cookieHeader,
                host: request.headers.host ?? "localhost",
                "accept-language": request.headers["accept-language"] ?? "",
                [CSRF_HEADER]: request.cookies[CSRF_COOKIE] ?? "",
                ...fetchSite,
                ...(body !== undefined ? { "content-type": "application/json" } : {}),
              },
          payload: body === undefined ? undefined : JSON.stringify(body),
        });
      // Writes run outside the page's shared reads.
      const scope = pageReads;
      const scoped = method === "GET" ? () => withPageReads(scope, call) : call;
      const response = await (pageSession && !anonymous ? withPageSession(pageSession, scoped) : scoped());
      const setCookie = response.headers["set-cookie"];
      return {
        status: response.statusCode,
        text: response.body,
        setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
      };
    };
    /**
     * A read that is the same for every visitor, or every visitor of one audience (web-cache.ts `sharedApiRead`): kept
     * with the shared pages for up to PAGE_CACHE_MS and forgotten on every write, so a signed-in page does not read
     * the shop's listings and merchandising afresh. Anything that answered otherwise than 200, or set a cookie, is
     * given to this page only.
     */
    const pageUser = async () => {
      const session = pageSession;
      return session ? withPageSession(session, () => sessionUserOf(app.ctx, session.token)) : null;
    };
    const sharedRead = async (url: string, kind: SharedRead): Promise<ApiAnswer> => {
      const audience = kind === "everyone" ? kind : audienceOf((await pageUser())?.userLevel);
      const key = apiReadKey({ host: request.headers.host, url, locale, audience });
      const { page, shared } = await app.pageCache.get(key, async () => {
        const answer = await inject("GET", url, undefined, kind === "everyone");
        const headers = new Headers({ "content-type": "application/json" });
        // A call without cookies is given a CSRF token of its own, which is nobody's: only the visitor's cookies pass on.
        if (kind === "audience") for (const cookie of answer.setCookies) headers.append("set-cookie", cookie);
        return bufferedPage(answer.status, headers, Buffer.from(answer.text));
      });
      return { status: page.status, text: page.body.toString("utf8"), setCookies: shared ? [] : page.setCookies };
    };
    return {
      nonce,
      locale,
      baseDomain,
      demoMode: app.ctx.config.demoMode,
      shopLocator: locateShopByHost(request.headers.host, baseDomain),
      ...(sharedWith ? { sharedViewer: { userLevel: sharedWith.userLevel } } : {}),
      api: async (method, url, body) => {
        // The layout and the page often read the same thing (the shop): one call per URL and page, until a write.
        if (method !== "GET") {
          reads.clear();
          // A write may end or change the session (logging out, a password change): later calls look it up again.
          pageSession = token ? { token } : undefined;
          // And it may change the shop or the visitor's roles in it: later reads look them up again.
          pageReads = newPageReads(app.ctx.db);
        }
        let read = method === "GET" ? reads.get(url) : undefined;
        if (!read) {
          const shared = mode === "build" ? sharedApiRead(method, url) : null;
          read = shared ? sharedRead(url, shared) : inject(method, url, body);
          if (method === "GET") reads.set(url, read);
        }
        const { status, text, setCookies } = await read;
        // Parsed per caller, so no loader sees another's changes to its data.
        return { status, data: text ? JSON.parse(text) : null, setCookies };
      },
    };
  }

  /**
   * A signed-in visitor's page that is shared with their audience (web-cache.ts `audiencePageKey`): a shop's home,
   * listing or item page, when the visitor has no role in the shop (its admins see its controls, so theirs is rendered for them).
   */
  async function audiencePage(request: FastifyRequest, locale: Locale) {
    const token = request.cookies[SESSION_COOKIE];
    if (mode !== "build" || !token || request.method !== "GET") return null;
    const user = await sessionUserOf(app.ctx, token);
    if (!user) return null;
    const page = audiencePageKey({
      method: request.method,
      host: request.headers.host,
      url: request.url,
      cookies: request.cookies,
      locale,
      userLevel: user.userLevel,
    });
    if (!page) return null;
    const locator = locateShopByHost(request.headers.host, baseDomain);
    const shop = page.slug
      ? { slug: page.slug }
      : locator.kind === "subdomain"
        ? { slug: locator.slug }
        : locator.kind === "domain"
          ? { domain: locator.hostname }
          : null;
    if (!shop || (await hasRecentShopRole(shop, user.id))) return null;
    return { key: page.key, user, shop };
  }

  /** Whether a page rendered for `user` shows anything of them: their e-mail (username), id or full name. */
  function showsPerson(page: BufferedPage, user: SessionUser): boolean {
    const traces = [user.username, user.id, user.fullName].filter((trace) => trace.trim().length >= 3);
    return traces.some((trace) => page.body.includes(trace));
  }

  /** Sends a page rendered into memory; another request's page never carries its cookies (it has none to carry). */
  async function sendBuffered(reply: FastifyReply, page: BufferedPage, shared: boolean, acceptEncoding: string | undefined) {
    reply.status(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    if (!shared) for (const cookie of page.setCookies) reply.header("set-cookie", cookie);
    if (page.headers.some(([name, value]) => name === "content-type" && value.includes("text/html"))) {
      securityHeaders(reply, { scriptHashes: page.scriptHashes });
    }
    const { encoding, body } = encodedBody(page, acceptEncoding);
    if (encoding) reply.header("content-encoding", encoding).header("vary", "accept-encoding");
    reply.header("content-length", (await body).length);
    return reply.send(await body);
  }

  function securityHeaders(reply: FastifyReply, scripts: { nonce: string } | { scriptHashes: string[] }) {
    reply.header("content-security-policy", cspHeader(scripts, mode === "vite"));
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
  }

  await app.register(async (scope) => {
    // React Router reads request bodies itself: keep them raw inside this scope.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      handler: async (request, reply) => {
        if (request.url.startsWith("/api/")) {
          return reply.status(404).send({ code: "not_found", message: "Not found" });
        }
        const locale = negotiateLocale(request.cookies[LOCALE_COOKIE], request.headers["accept-language"]);
        ensureCsrfCookie(request, reply, app.ctx.config.APP_SECRET);
        const key =
          mode === "build" &&
          pageCacheKey({
            method: request.method,
            host: request.headers.host,
            url: request.url,
            cookies: request.cookies,
            locale,
          });
        if (key) {
          // An anonymous storefront page: rendered whole, without a nonce, and shared for up to a second (web-cache.ts).
          const { page, shared } = await app.pageCache.get(key, async (background) => {
            const response = await handle(
              toWebRequest(request, background ? undefined : reply),
              { ...loadContext(request, locale, ""), renderWhole: true } as never,
              "whole",
            );
            return bufferedPage(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
          });
          reply.header("x-page-cache", shared ? "hit" : "miss");
          pageCacheRequests.inc({ result: shared ? "hit" : "miss" });
          return sendBuffered(reply, page, shared, request.headers["accept-encoding"]);
        }
        const audience = await audiencePage(request, locale);
        if (audience) {
          const { page, shared } = await app.pageCache.get(audience.key, async (background) => {
            const response = await handle(
              toWebRequest(request, background ? undefined : reply),
              { ...loadContext(request, locale, "", audience.user), renderWhole: true } as never,
              "whole",
            );
            const rendered = bufferedPage(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
            // Kept for others only without the person, and only if the visitor did not gain a role in the shop meanwhile.
            const person = showsPerson(rendered, audience.user);
            // Also where the person is on the page by right (the author of one of an item's reviews).
            if (person) app.log.debug({ url: request.url }, "a page shared by audience shows its visitor: kept for them only");
            if (person || (await hasShopRole(app.ctx, audience.shop, audience.user.id))) {
              rendered.headers.push(["cache-control", "private, no-store"]);
            }
            return rendered;
          });
          reply.header("x-page-cache", shared ? "hit" : "miss");
          pageCacheRequests.inc({ result: shared ? "hit" : "miss" });
          return sendBuffered(reply, page, shared, request.headers["accept-encoding"]);
        }
        const nonce = randomBytes(16).toString("base64");
        const response = await handle(toWebRequest(request, reply), loadContext(request, locale, nonce) as never, "streamed");
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key === "set-cookie") continue;
          reply.header(key, value);
        }
        for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
        if ((response.headers.get("content-type") ?? "").includes("text/html")) securityHeaders(reply, { nonce });
        if (!response.body) return reply.send(undefined);
        const { Readable } = await import("node:stream");
        return reply.send(Readable.fromWeb(response.body as never));
      },
    });
  });
}
