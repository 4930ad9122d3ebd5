import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Redis } from "ioredis";
import { compressBody, preferredEncoding } from "./compression";
import { CSRF_COOKIE } from "./http/auth";
import { SESSION_COOKIE } from "./http/sessions";

/**
 * The rendered-page cache for anonymous visitors (issue 16): a shop page that nobody is signed in to looks the same to
 * every visitor with the same address, language and display cookies, so it is rendered once and served from memory for
 * at most PAGE_CACHE_MS (≤ 1 s). A write through the API empties this instance's cache at once, and with Redis every
 * other instance's too; without Redis they see the write when their entries expire, which is why the lifetime is capped
 * at a second. Where every write reaches the cache (one instance, or Redis), a page past its lifetime is still served
 * for up to PAGE_STALE_MS while one render replaces it in the background, so a visitor after a quiet spell does not
 * wait for the render (what a first visit's Lighthouse run measured as its time to first byte).
 *
 * What keeps one visitor's data from another: only GETs without a session cookie are looked up; the key holds every
 * cookie but the CSRF one (which no page renders); a page whose render set a cookie, or did not answer 200, is never
 * stored. Cached pages carry no CSP nonce: their inline scripts are allowed by hash (see `inlineScriptHashes`), so a
 * page served twice never replays a nonce.
 */

/**
 * Public storefront pages: a shop's home, listings, product pages, catalogues and its blog with its entries (under
 * /tienda/{slug} or a sub-domain); never the blog's writing page, /blogs/crear.
 */
const shopPage = String.raw`(?:/(?:productos|servicios|experiencias|digitales)(?:/[^/]+/[^/]+)?|/catalogos(?:/[^/]+)?|/blogs(?:/(?!crear/?$)[^/]+)?)?/?`;
const cacheablePath = new RegExp(String.raw`^(?:/tienda/[^/]+${shopPage}|${shopPage})$`);
/** Query parameters that may carry a secret or a visitor's own data: such URLs are always rendered afresh. */
const privateParam = /token|pin|code|key|session|password|email|next/i;

export interface PageKeyInput {
  method: string;
  host: string | undefined;
  url: string;
  cookies: Record<string, string | undefined>;
  locale: string;
}

/** The path as the router reads it; a malformed escape is never a storefront page (and must not throw). */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** The request target as a URL; null when it does not parse as a path (`//`), which is never a shared page. */
function targetUrl(url: string): URL | null {
  return URL.canParse(url, "http://x") ? new URL(url, "http://x") : null;
}

/** `path` decoded, or undefined when it cannot be or the URL's query names a private parameter: never shared. */
function shareablePath(url: URL, path: string): string | undefined {
  for (const name of url.searchParams.keys()) if (privateParam.test(name)) return undefined;
  return decodedPath(path);
}

/** The cookies a shared page's key holds: every one but the CSRF and session ones (which no shared page renders). */
function keyCookies(cookies: Record<string, string | undefined>): [string, string | undefined][] {
  return Object.entries(cookies)
    .filter(([name, value]) => name !== CSRF_COOKIE && name !== SESSION_COOKIE && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The cache key of an anonymous visitor's page, or null when the request must be rendered for this visitor only. */
export function pageCacheKey(input: PageKeyInput): string | null {
  const url = targetUrl(input.url);
  if (!url || input.method !== "GET" || input.cookies[SESSION_COOKIE] !== undefined) return null;
  // Client navigations fetch the same page's loader data at {path}.data (the index route at /_root.data).
  const path = shareablePath(url, url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, ""));
  if (path === undefined || !cacheablePath.test(path)) return null;
  return JSON.stringify([input.host ?? "", input.url, input.locale, keyCookies(input.cookies)]);
}

/**
 * A shop's home, its four listings and its item pages: the shop pages whose server render depends on a signed-in
 * visitor without a role in the shop only by their audience.
 */
const audiencePath = /^(?:\/tienda\/([^/]+))?(?:\/(?:productos|servicios|experiencias|digitales)(?:\/[^/]+\/[^/]+)?)?\/?$/;

/**
 * The cache key of a signed-in visitor's shop home, listing or item page, shared by every signed-in visitor of the same user level
 * who has no role in the shop (web.ts checks both before asking): such a page differs between them only in the user
 * menu, which the shared page renders without the person (no name, photo, e-mail or own shop; the browser asks for
 * them after hydration, as it does for the cart). `slug` is the shop named in the path (null: the host's shop).
 * Null for any other page, a client navigation's data request (rendered per visitor) or a private parameter. The key
 * holds every cookie but the session and CSRF ones, and nothing of the person.
 */
export function audiencePageKey(input: PageKeyInput & { userLevel: number }): { key: string; slug: string | null } | null {
  const url = targetUrl(input.url);
  if (!url || input.method !== "GET" || url.pathname.endsWith(".data")) return null;
  const path = shareablePath(url, url.pathname);
  const match = path === undefined ? null : audiencePath.exec(path);
  if (!match) return null;
  const key = JSON.stringify(["audience", input.userLevel, input.host ?? "", input.url, input.locale, keyCookies(input.cookies)]);
  return { key, slug: match[1] ?? null };
}

/**
 * The API reads a shop page makes whose answers do not depend on who asks, so a signed-in visitor's page can share them
 * (issue 16) for the same lifetime as shared pages, forgotten on the same writes:
 * - `everyone`: a shop's product listing, categories, catalogues and franchises (their handlers never read the
 *   session); web.ts calls them without any cookie, so their answers cannot hold anyone's own data;
 * - `audience`: the shop's public slides, header banners and banners, filtered by the visitor's audience alone
 *   (anonymous or a user level, rules/audience.ts); keyed by that audience.
 * Everything else a page reads (the visitor, the shop with the visitor's role in it, the cart, alerts) is read per page.
 */
const everyoneRead = /^\/api\/v1\/shops\/[^/?]+\/(?:products|categories|catalogues|franchises)(?:\?|$)/;
const audienceRead = /^\/api\/v1\/shops\/[^/?]+\/(?:slides|headers|banners)(?:\?|$)/;

export type SharedRead = "everyone" | "audience";

export function sharedApiRead(method: string, url: string): SharedRead | null {
  if (method !== "GET") return null;
  const path = url.split("?")[0];
  if (decodedPath(path) !== path) return null;
  return everyoneRead.test(url) ? "everyone" : audienceRead.test(url) ? "audience" : null;
}

/** The cache key of a shared API read; `audience` is the visitor's for audience reads, "everyone" otherwise. */
export function apiReadKey(input: { host: string | undefined; url: string; locale: string; audience: string }): string {
  return JSON.stringify(["api", input.host ?? "", input.url, input.locale, input.audience]);
}

/** A page rendered into memory: what the visitor gets, whether it came from the cache or was rendered for them. */
export interface BufferedPage {
  status: number;
  headers: [string, string][];
  setCookies: string[];
  body: Buffer;
  /** CSP sources ('sha256-…') for every inline script of the body. */
  scriptHashes: string[];
  encoded: Partial<Record<"br" | "gzip", Promise<Buffer>>>;
}

/** The CSP hash source of every inline script (script elements without src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1]) || match[2] === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function bufferedPage(status: number, headers: Headers, body: Buffer): BufferedPage {
  const isHtml = (headers.get("content-type") ?? "").includes("text/html");
  return {
    status,
    headers: [...headers].filter(([name]) => name !== "set-cookie"),
    setCookies: headers.getSetCookie(),
    body,
    scriptHashes: isHtml ? inlineScriptHashes(body.toString("utf8")) : [],
    encoded: {},
  };
}

function isStorable(page: BufferedPage): boolean {
  if (page.status !== 200 || page.setCookies.length > 0) return false;
  const cacheControl = page.headers.find(([name]) => name === "cache-control")?.[1] ?? "";
  return !/private|no-store/i.test(cacheControl);
}

/** Brotli or gzip as the client accepts (brotli first); each encoding is made once per cached page, off the main thread. */
export function encodedBody(page: BufferedPage, acceptEncoding: string | undefined): { encoding?: "br" | "gzip"; body: Promise<Buffer> } {
  const encoding = page.body.length < 1024 ? undefined : preferredEncoding(acceptEncoding);
  if (!encoding) return { body: Promise.resolve(page.body) };
  page.encoded[encoding] ??= compressBody(encoding, page.body);
  return { encoding, body: page.encoded[encoding] };
}

interface Entry {
  page: BufferedPage;
  expires: number;
}

/** Renders a page; `background` when no request waits for it (it must then not stop with the request's connection). */
export type RenderPage = (background: boolean) => Promise<BufferedPage>;

export interface PageCache {
  /**
   * The page for `key`: a fresh cached one, a stale one (then replaced in the background), the one a concurrent request
   * is rendering, or `render()`'s. `shared` says whether the page may carry another request's output (then it has no
   * Set-Cookie); a page that cannot be stored is given only to the request that rendered it, and the requests that
   * waited for it render their own.
   */
  get(key: string, render: RenderPage): Promise<{ page: BufferedPage; shared: boolean }>;
  /** Forgets every page (a write happened). */
  clear(): void;
}

/** `staleMs`: how long past its lifetime a page is still served while it is rendered again (0: never). */
export function createPageCache(options: { ttlMs: number; staleMs?: number; maxEntries?: number; now?: () => number }): PageCache {
  const { ttlMs, staleMs = 0, maxEntries = 500, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<BufferedPage>>();
  let generation = 0;

  async function renderAndStore(key: string, render: () => Promise<BufferedPage>): Promise<BufferedPage> {
    const started = generation;
    const page = await render();
    // A write during the render may be missing from it: such a page is served to its own request only.
    if (ttlMs > 0 && started === generation && isStorable(page)) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { page, expires: now() + ttlMs });
    }
    return page;
  }

  return {
    async get(key, render) {
      const entry = entries.get(key);
      const at = now();
      if (entry && entry.expires > at) return { page: entry.page, shared: true };
      if (entry && entry.expires + staleMs > at) {
        if (!rendering.has(key)) {
          const promise = renderAndStore(key, () => render(true));
          rendering.set(key, promise);
          const settled = () => void (rendering.get(key) === promise && rendering.delete(key));
          promise.then(settled, settled);
        }
        return { page: entry.page, shared: true };
      }
      if (entry) entries.delete(key);
      const inFlight = rendering.get(key);
      if (inFlight) {
        const page = await inFlight.catch(() => null);
        if (page && isStorable(page)) return { page, shared: true };
        return { page: await render(false), shared: false };
      }
      const promise = renderAndStore(key, () => render(false));
      rendering.set(key, promise);
      try {
        return { page: await promise, shared: false };
      } finally {
        if (rendering.get(key) === promise) rendering.delete(key);
      }
    },
    clear() {
      generation += 1;
      entries.clear();
      rendering.clear();
    },
  };
}

/**
 * What a route's successful writes can change for the short-lived read caches (its `config.changes`):
 * - "nothing": a POST that only computes, like a cart quote;
 * - "not the catalogue": a cart line, signing in or out: no item, shop or listing changes;
 * - "stock, orders and ratings": a purchase, a payment, an order's, a return's or a ticket's step, a review: listings
 *   may show other stock, sales or ratings, but no item's name, photos, publication, visibility or owner changes, nor
 *   what a shop resells (all that the shops' autocomplete indexes hold), so those indexes stay current.
 * A route without it can change anything, and every cache is emptied.
 */
export type WriteChanges = "nothing" | "not the catalogue" | "stock, orders and ratings";

declare module "fastify" {
  interface FastifyInstance {
    pageCache: PageCache;
  }
  interface FastifyContextConfig {
    /** What a successful write (POST, PUT, PATCH, DELETE) of this route can change; unset: anything. */
    changes?: WriteChanges;
  }
}

const readMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** With Redis (several instances), a write on one instance empties every instance's cache, not only its own. */
export interface PageCacheBus {
  redis: Redis;
  channel: string;
}

/**
 * What a write may have changed: `catalogue`, the catalogue's answers (items, shops, listings with their stock, sales and
 * ratings); `items`, what the items themselves are (names, photos, publication, visibility, owners, the items a shop
 * resells), all that the shops' autocomplete indexes hold. `items` implies `catalogue`.
 */
export interface Forgetting {
  catalogue: boolean;
  items: boolean;
}

/** What a successful write of a route forgets, by its `changes` config; null: nothing at all. */
export function forgettingOf(changes: WriteChanges | undefined): Forgetting | null {
  if (changes === "nothing") return null;
  if (changes === "not the catalogue") return { catalogue: false, items: false };
  if (changes === "stock, orders and ratings") return { catalogue: true, items: false };
  return { catalogue: true, items: true };
}

/** The Redis messages, one per kind of write; an instance that does not know a message forgets everything. */
const forgetEverything = "clear";
const keepCatalogue = "clear:not-catalogue";
const keepItems = "clear:not-items";

/** The message telling the other instances what a write forgets. */
export function forgettingMessage(what: Forgetting): string {
  return what.items ? forgetEverything : what.catalogue ? keepItems : keepCatalogue;
}

/** What another instance's message says to forget; an unknown one (a newer instance's) forgets everything. */
export function forgettingFromMessage(message: string): Forgetting {
  if (message === keepCatalogue) return { catalogue: false, items: false };
  if (message === keepItems) return { catalogue: true, items: false };
  return { catalogue: true, items: true };
}

/**
 * Decorates the app with its page cache and empties it after every successful write through the API, here and (with
 * Redis) on every instance; `alsoForget` empties other short-lived read caches at the same moments, told whether the
 * catalogue, and its items themselves, may have changed (a route's `changes` config).
 */
export function installPageCache(
  app: FastifyInstance,
  lifetime: { ttlMs: number; staleMs: number },
  bus?: PageCacheBus,
  alsoForget: (what: Forgetting) => void = () => {},
) {
  const cache = createPageCache(lifetime);
  const forget = (what: Forgetting) => {
    cache.clear();
    alsoForget(what);
  };
  app.decorate("pageCache", cache);
  if (bus) {
    const subscriber = bus.redis.duplicate();
    subscriber.on("message", (channel, message) => channel === bus.channel && forget(forgettingFromMessage(message)));
    // Subscribed before the app takes requests; a Redis that does not answer in time leaves the TTL as the only bound.
    app.addHook("onReady", async () => {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 2_000).unref());
      await Promise.race([subscriber.subscribe(bus.channel), timeout]).catch((error: unknown) =>
        app.log.warn({ err: error }, "page cache: no Redis subscription yet"),
      );
    });
    app.addHook("onClose", async () => void (await subscriber.quit().catch(() => subscriber.disconnect())));
  }
  // onSend, not onResponse: the write has committed, and no later request may find the old page here or elsewhere.
  app.addHook("onSend", async (request, reply: FastifyReply, payload) => {
    if (readMethods.has(request.method) || !request.url.startsWith("/api/") || reply.statusCode >= 400) return payload;
    const what = forgettingOf(request.routeOptions.config?.changes);
    if (!what) return payload;
    forget(what);
    // Without Redis the other instances' pages still expire within the second (the TTL's cap).
    if (bus) await bus.redis.publish(bus.channel, forgettingMessage(what)).catch(() => undefined);
    return payload;
  });
}
