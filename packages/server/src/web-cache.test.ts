import { createHash, randomUUID } from "node:crypto";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createTestCluster } from "./test/cluster";
import { createTestApp } from "./test/harness";
import {
  type BufferedPage,
  type Forgetting,
  type WriteChanges,
  apiReadKey,
  audiencePageKey,
  bufferedPage,
  createPageCache,
  encodedBody,
  forgettingFromMessage,
  forgettingMessage,
  forgettingOf,
  inlineScriptHashes,
  installPageCache,
  pageCacheKey,
  sharedApiRead,
} from "./web-cache";

const anonymous = { method: "GET", host: "localhost:3000", cookies: {}, locale: "es" };

function page(status = 200, headers: Record<string, string> = { "content-type": "text/html" }, body = "<html></html>"): BufferedPage {
  return bufferedPage(status, new Headers(headers), Buffer.from(body));
}

describe("which pages an anonymous visitor shares", () => {
  it.each([
    "/tienda/demo",
    "/tienda/demo/",
    "/tienda/demo/productos?page=2&q=rebozo",
    "/tienda/demo/servicios/lucia/abc123",
    "/tienda/demo/catalogos",
    "/tienda/demo/catalogos/verano",
    "/tienda/demo/blogs?page=2",
    "/tienda/demo/blogs/como-se-teje-un-rebozo",
    "/blogs/como-se-teje-un-rebozo",
    "/tienda/demo/productos.data?_routes=shop-path-productos",
    "/",
    "/_root.data",
    "/productos",
    "/digitales/lucia/abc123",
  ])("shares %s", (url) => {
    expect(pageCacheKey({ ...anonymous, url })).not.toBeNull();
  });

  it.each([
    "/tienda/demo/carrito",
    "/tienda/demo/comprar",
    "/tienda/demo/pagado",
    "/tienda/demo/mis-compras",
    "/tienda/demo/admin/configuracion",
    "/tienda/demo/blogs/crear",
    "/tienda/demo/blogs/crear.data",
    "/blogs/crear",
    "/tienda/demo/blogs/mi-entrada/editar",
    "/tienda/demo/admin/blogs",
    "/login",
    "/password/reset?token=abc",
    "/tienda/demo/productos?token=abc",
    "/tienda/demo/productos?next=/cuenta",
    "/me/payments/secret-token",
    "/apps/me/products",
    "/tienda/%E0%A4%A",
    "//",
    "//?a=1",
  ])("renders %s for each visitor", (url) => {
    expect(pageCacheKey({ ...anonymous, url })).toBeNull();
  });

  it("answers null, never throws, for a target that is not a path", () => {
    for (const url of ["//", "///", "//?a=1", "//%2f"]) {
      expect(pageCacheKey({ ...anonymous, url })).toBeNull();
      expect(audiencePageKey({ ...anonymous, url, userLevel: 1 })).toBeNull();
    }
  });

  it("never shares a signed-in visitor's page, nor a write", () => {
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo", cookies: { tianguis_session: "s" } })).toBeNull();
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo", method: "POST" })).toBeNull();
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo", method: "HEAD" })).toBeNull();
  });

  it("keys on host, address, language and display cookies, but not on the CSRF token", () => {
    const key = pageCacheKey({ ...anonymous, url: "/tienda/demo" });
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo", cookies: { tianguis_csrf: "abc" } })).toBe(key);
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo", host: "demo.localhost:3000" })).not.toBe(key);
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo?x=1" })).not.toBe(key);
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo", locale: "en" })).not.toBe(key);
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo", cookies: { theme: "dark" } })).not.toBe(key);
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo", cookies: { showResaleInfo: "false" } })).not.toBe(key);
    expect(pageCacheKey({ ...anonymous, url: "/tienda/demo", cookies: { theme: "dark", locale: "en" } })).toBe(
      pageCacheKey({ ...anonymous, url: "/tienda/demo", cookies: { locale: "en", theme: "dark" } }),
    );
  });
});

describe("which pages a signed-in visitor shares with their audience", () => {
  const signedIn = { ...anonymous, cookies: { tianguis_session: "token-a", tianguis_csrf: "csrf-a" }, userLevel: 0 };

  it.each([
    ["/tienda/demo", "demo"],
    ["/tienda/demo/", "demo"],
    ["/tienda/demo/productos?page=2&q=rebozo", "demo"],
    ["/tienda/demo/servicios", "demo"],
    ["/tienda/demo/experiencias", "demo"],
    ["/tienda/demo/digitales", "demo"],
    ["/tienda/demo/productos/lucia/abc123", "demo"],
    ["/experiencias/lucia/abc123", null],
    ["/productos", null],
    ["/", null],
  ])("shares %s (shop %s)", (url, slug) => {
    expect(audiencePageKey({ ...signedIn, url })?.slug ?? null).toBe(slug);
    expect(audiencePageKey({ ...signedIn, url })?.key).toBeTypeOf("string");
  });

  it.each([
    "/tienda/demo/productos/lucia/abc123/editar",
    "/tienda/demo/catalogos",
    "/tienda/demo/blogs",
    "/tienda/demo/carrito",
    "/tienda/demo/mis-compras",
    "/tienda/demo/admin/configuracion",
    "/tienda/demo.data",
    "/tienda/demo/productos.data?_routes=shop-path-productos",
    "/_root.data",
    "/tienda/demo/productos?token=abc",
    "/tienda/demo/productos?email=carlos%40demo.tianguis.mx",
    "/preferencias",
    "/tienda/%E0%A4%A",
  ])("renders %s for each visitor", (url) => {
    expect(audiencePageKey({ ...signedIn, url })).toBeNull();
  });

  it("keys on level, host, address, language and display cookies, never on the session or CSRF token", () => {
    const key = audiencePageKey({ ...signedIn, url: "/tienda/demo" })?.key;
    const other = { tianguis_session: "token-b", tianguis_csrf: "csrf-b" };
    expect(audiencePageKey({ ...signedIn, url: "/tienda/demo", cookies: other })?.key).toBe(key);
    expect(key).not.toContain("token-a");
    expect(audiencePageKey({ ...signedIn, url: "/tienda/demo", userLevel: 2 })?.key).not.toBe(key);
    expect(audiencePageKey({ ...signedIn, url: "/tienda/demo", locale: "en" })?.key).not.toBe(key);
    expect(audiencePageKey({ ...signedIn, url: "/tienda/demo", host: "demo.localhost:3000" })?.key).not.toBe(key);
    expect(audiencePageKey({ ...signedIn, url: "/tienda/demo", cookies: { ...other, showResaleInfo: "false" } })?.key).not.toBe(key);
    expect(audiencePageKey({ ...signedIn, url: "/tienda/demo", method: "POST" })).toBeNull();
    // Never an anonymous visitor's page.
    expect(key).not.toBe(pageCacheKey({ ...anonymous, url: "/tienda/demo" }));
  });
});

describe("which API reads a signed-in page shares", () => {
  it.each([
    ["/api/v1/shops/demo/products?type=product&limit=10", "everyone"],
    ["/api/v1/shops/demo/products", "everyone"],
    ["/api/v1/shops/demo/categories", "everyone"],
    ["/api/v1/shops/demo/catalogues?limit=5", "everyone"],
    ["/api/v1/shops/demo/franchises?limit=1", "everyone"],
    ["/api/v1/shops/demo/slides?limit=20", "audience"],
    ["/api/v1/shops/demo/headers?limit=10", "audience"],
    ["/api/v1/shops/demo/banners?limit=10", "audience"],
  ])("shares %s with %s", (url, kind) => {
    expect(sharedApiRead("GET", url)).toBe(kind);
  });

  it.each([
    "/api/v1/auth/me",
    "/api/v1/shops/demo",
    "/api/v1/cart",
    "/api/v1/shops/demo/admin/headers",
    "/api/v1/shops/demo/admin/franchises",
    "/api/v1/shops/demo/products/abc/edit",
    "/api/v1/shops/demo/products/abc",
    "/api/v1/shops/demo/franchises/instore",
    "/api/v1/shops/demo/catalogues/abc/products",
    "/api/v1/shops/demo/store-products",
    "/api/v1/shops/de%2Fmo/products",
    "/api/v1/alerts",
  ])("reads %s for each page", (url) => {
    expect(sharedApiRead("GET", url)).toBeNull();
  });

  it("never shares a write, and keys audience reads by audience", () => {
    expect(sharedApiRead("POST", "/api/v1/shops/demo/headers")).toBeNull();
    expect(sharedApiRead("PATCH", "/api/v1/shops/demo/products")).toBeNull();
    const key = { host: "localhost:3000", url: "/api/v1/shops/demo/headers?limit=10", locale: "es", audience: "ul0" };
    expect(apiReadKey(key)).not.toBe(apiReadKey({ ...key, audience: "ul2" }));
    expect(apiReadKey(key)).not.toBe(apiReadKey({ ...key, audience: "anon" }));
    expect(apiReadKey(key)).not.toBe(apiReadKey({ ...key, locale: "en" }));
    expect(apiReadKey(key)).not.toBe(apiReadKey({ ...key, host: "demo.localhost:3000" }));
    // No page's key is ever an API read's.
    expect(apiReadKey({ ...key, url: "/tienda/demo" })).not.toBe(pageCacheKey({ ...anonymous, url: "/tienda/demo" }));
  });
});

describe("CSP hashes of a shared page", () => {
  it("hashes each inline script's exact text and skips external scripts", () => {
    const inline = 'window.__x = {"a":"<\\u002fscript>"};';
    const html = `<head><script src="/assets/a.js"></script><script type="module">${inline}</script><script>${inline}</script></head>`;
    const expected = `'sha256-${createHash("sha256").update(inline).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
  });
});

describe("the page cache", () => {
  function clock() {
    let now = 0;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  }

  it("renders once per key within its lifetime, and again after it", async () => {
    const time = clock();
    const cache = createPageCache({ ttlMs: 1000, now: time.now });
    let renders = 0;
    const render = async () => {
      renders += 1;
      return page(200, { "content-type": "text/html" }, `render ${renders}`);
    };
    expect((await cache.get("k", render)).shared).toBe(false);
    time.advance(999);
    const second = await cache.get("k", render);
    expect(second.shared).toBe(true);
    expect(second.page.body.toString()).toBe("render 1");
    time.advance(1);
    expect((await cache.get("k", render)).page.body.toString()).toBe("render 2");
  });

  it("lets concurrent visitors wait for one render", async () => {
    const cache = createPageCache({ ttlMs: 1000 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page();
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.get("k", render)));
    expect(renders).toBe(1);
    expect(results.filter((result) => result.shared)).toHaveLength(9);
  });

  it("never stores a page that set a cookie, failed, or said private; waiting visitors render their own", async () => {
    const cache = createPageCache({ ttlMs: 1000 });
    for (const refused of [
      () => page(200, { "content-type": "text/html", "set-cookie": "cart=1" }),
      () => page(404),
      () => page(302, { location: "/login" }),
      () => page(200, { "content-type": "text/html", "cache-control": "private" }),
    ]) {
      let renders = 0;
      const render = async () => {
        renders += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return refused();
      };
      const results = await Promise.all([cache.get("k", render), cache.get("k", render)]);
      expect(results.map((result) => result.shared)).toEqual([false, false]);
      expect(renders).toBe(2);
      expect((await cache.get("k", render)).shared).toBe(false);
    }
  });

  it("forgets every page on a write, including one rendered while the write happened", async () => {
    const cache = createPageCache({ ttlMs: 1000 });
    await cache.get("a", async () => page());
    cache.clear();
    expect((await cache.get("a", async () => page())).shared).toBe(false);
    let release = () => {};
    const slow = cache.get("b", () => new Promise<BufferedPage>((resolve) => (release = () => resolve(page()))));
    await Promise.resolve();
    cache.clear();
    release();
    await slow;
    expect((await cache.get("b", async () => page())).shared).toBe(false);
  });

  it("serves a page past its lifetime for up to staleMs while one background render replaces it", async () => {
    const time = clock();
    const cache = createPageCache({ ttlMs: 1000, staleMs: 5000, now: time.now });
    const calls: boolean[] = [];
    let fail = false;
    const render = async (background: boolean) => {
      calls.push(background);
      if (fail) throw new Error("render failed");
      return page(200, { "content-type": "text/html" }, `render ${calls.length}`);
    };
    const body = async () => (await cache.get("k", render)).page.body.toString();
    expect(await body()).toBe("render 1");
    time.advance(1500);
    // Past its lifetime: the kept page at once, to every visitor, while one render runs in the background.
    const stale = await Promise.all([cache.get("k", render), cache.get("k", render)]);
    expect(stale.map((result) => [result.shared, result.page.body.toString()])).toEqual([
      [true, "render 1"],
      [true, "render 1"],
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([false, true]);
    expect(await body()).toBe("render 2");
    // A failed background render keeps the old page within the window; past it, a visitor waits for a render.
    time.advance(1500);
    fail = true;
    expect(await body()).toBe("render 2");
    await new Promise((resolve) => setImmediate(resolve));
    fail = false;
    time.advance(5000);
    const fresh = await cache.get("k", render);
    expect([fresh.shared, fresh.page.body.toString(), calls.at(-1)]).toEqual([false, "render 4", false]);
    // A write forgets kept pages too: the next visitor waits for a render with the write in it.
    time.advance(2000);
    cache.clear();
    expect((await cache.get("k", render)).shared).toBe(false);
  });

  it("keeps nothing when its lifetime is zero", async () => {
    const cache = createPageCache({ ttlMs: 0 });
    await cache.get("k", async () => page());
    expect((await cache.get("k", async () => page())).shared).toBe(false);
  });
});

describe("compressed bodies of a cached page", () => {
  const html = `<html>${"<p>Rebozo de seda</p>".repeat(200)}</html>`;

  it("answers brotli first, then gzip, then the plain body, honouring q=0", async () => {
    const cached = page(200, { "content-type": "text/html" }, html);
    const br = encodedBody(cached, "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(await br.body).toString()).toBe(html);
    const gz = encodedBody(cached, "gzip;q=1, br;q=0");
    expect(gz.encoding).toBe("gzip");
    expect(zlib.gunzipSync(await gz.body).toString()).toBe(html);
    const plain = encodedBody(cached, undefined);
    expect(plain.encoding).toBeUndefined();
    expect((await plain.body).toString()).toBe(html);
    expect(encodedBody(cached, "br").body).toBe(br.body);
  });
});

describe("what a write forgets", () => {
  const everything = { catalogue: true, items: true };
  const listings = { catalogue: true, items: false };
  const neither = { catalogue: false, items: false };

  it("reads a route's changes: anything, stock, orders and ratings (the items stay), not the catalogue, or nothing", () => {
    expect(forgettingOf(undefined)).toEqual(everything);
    expect(forgettingOf("stock, orders and ratings")).toEqual(listings);
    expect(forgettingOf("not the catalogue")).toEqual(neither);
    expect(forgettingOf("nothing")).toBeNull();
  });

  it("says the same over Redis, in messages an instance of the previous release reads safely", () => {
    for (const what of [everything, listings, neither]) expect(forgettingFromMessage(forgettingMessage(what))).toEqual(what);
    // The previous release sends and reads these two; it forgets everything on any other message.
    expect(forgettingMessage(everything)).toBe("clear");
    expect(forgettingMessage(neither)).toBe("clear:not-catalogue");
    expect(["clear", "clear:not-catalogue"]).not.toContain(forgettingMessage(listings));
    expect(forgettingFromMessage("clear")).toEqual(everything);
    expect(forgettingFromMessage("clear:from-a-later-release")).toEqual(everything);
  });
});

describe("forgetting pages on writes through the API", () => {
  const redisUrl = process.env.REDIS_URL;
  const render = async () => page();
  const isShared = async (app: FastifyInstance) => (await app.pageCache.get("/tienda/demo", render)).shared;

  it("empties this instance's cache when a write succeeds, and keeps it on reads and refused writes", async () => {
    const t = await createTestApp({ PAGE_CACHE_MS: "1000" });
    try {
      await t.app.pageCache.get("/tienda/demo", render);
      await t.app.inject({ method: "GET", url: "/api/v1/health" });
      await t.app.inject({ method: "POST", url: "/api/v1/dev/clock", payload: { advance_ms: "x" } });
      expect(await isShared(t.app)).toBe(true);
      expect((await t.app.inject({ method: "POST", url: "/api/v1/dev/clock", payload: { advance_ms: 0 } })).statusCode).toBe(200);
      expect(await isShared(t.app)).toBe(false);
    } finally {
      await t.close();
    }
  });

  describe.skipIf(!redisUrl)("on two instances sharing Redis (skipped without REDIS_URL)", () => {
    it("empties the other instance's cache too, within moments of the write", async () => {
      const cluster = await createTestCluster(2, { REDIS_URL: redisUrl!, PAGE_CACHE_MS: "1000" });
      try {
        const [a, b] = cluster.apps;
        await b.app.pageCache.get("/tienda/demo", render);
        expect(await isShared(b.app)).toBe(true);
        expect((await a.app.inject({ method: "POST", url: "/api/v1/dev/clock", payload: { advance_ms: 0 } })).statusCode).toBe(200);
        // Redis delivers to the other instance's subscriber within moments, however busy the machine. Until then B keeps
        // serving its page (each look past the second's lifetime serves it stale and renders it again), so only the
        // write's message can make it render afresh.
        let shared = true;
        for (let waited = 0; shared && waited < 60_000; waited += 50) {
          shared = await isShared(b.app);
          if (shared) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(shared).toBe(false);
      } finally {
        await cluster.close();
      }
    });

    it("tells the other instances what each kind of write forgets", async () => {
      const redis = new Redis(redisUrl!);
      const bus = { redis, channel: `tianguis-test-${randomUUID()}-page-cache-clear` };
      const writer = Fastify();
      const listener = Fastify();
      const heard: Forgetting[] = [];
      installPageCache(writer, { ttlMs: 1000, staleMs: 0 }, bus);
      installPageCache(listener, { ttlMs: 1000, staleMs: 0 }, bus, (what) => heard.push(what));
      const kinds: (WriteChanges | undefined)[] = [undefined, "stock, orders and ratings", "not the catalogue", "nothing"];
      for (const [index, changes] of kinds.entries()) writer.post(`/api/write/${index}`, { config: { changes } }, async () => ({}));
      try {
        await Promise.all([writer.ready(), listener.ready()]);
        for (const index of kinds.keys())
          expect((await writer.inject({ method: "POST", url: `/api/write/${index}` })).statusCode).toBe(200);
        for (let waited = 0; heard.length < 3 && waited < 60_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(heard).toEqual([
          { catalogue: true, items: true },
          { catalogue: true, items: false },
          { catalogue: false, items: false },
        ]);
      } finally {
        await Promise.all([writer.close(), listener.close()]);
        await redis.quit();
      }
    });
  });
});
