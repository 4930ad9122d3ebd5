import { createHash } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage } from "../browser";
import { demoPassword, open, signedIn } from "./storefront-helpers";

/** Storefront speed (issue 16) against the built app: compression, asset caching, and pages shared between anonymous visitors. */

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent (still compressed). */
  raw: Buffer;
  /** The body after undoing content-encoding. */
  text: string;
}

function request(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseURL()}${path}`, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const decoded = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: decoded.toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

function setCookies(response: RawResponse): Record<string, string> {
  return Object.fromEntries((response.headers["set-cookie"] ?? []).map((line) => line.split(";")[0].split("=") as [string, string]));
}

async function signIn(username: string) {
  const response = await request("/api/v1/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: demoPassword }),
  });
  expect(response.status).toBe(200);
  const cookies = setCookies(response);
  return { cookie: `tianguis_session=${cookies.tianguis_session}; tianguis_csrf=${cookies.tianguis_csrf}`, csrf: cookies.tianguis_csrf };
}

/** The inline scripts of a page must each be allowed by a hash in its CSP (a shared page has no nonce to replay). */
function expectScriptsAllowedByHash(page: RawResponse) {
  const csp = String(page.headers["content-security-policy"]);
  expect(csp).not.toContain("'nonce-");
  expect(page.text).not.toMatch(/\snonce=/);
  const inline = [...page.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes, text]) => !/src=/.test(attributes) && text,
  );
  expect(inline.length).toBeGreaterThan(0);
  for (const [, , text] of inline) expect(csp).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
}

describe("speed: compression and caching headers", () => {
  it("sends hashed assets compressed and cached for a year, and other files for an hour", async () => {
    const home = await request("/tienda/demo");
    const asset = home.text.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const plain = await request(asset as string);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // No browser may read a build asset as another type (issue #32 §3; docs/DEPLOY.md "Security headers").
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    for (const encoding of ["br", "gzip"]) {
      const compressed = await request(asset as string, { headers: { "accept-encoding": encoding } });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      expect(compressed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(compressed.headers.vary).toContain("accept-encoding");
      expect(compressed.raw.length).toBeLessThan(plain.raw.length);
      expect(compressed.text).toBe(plain.text);
    }
    const favicon = await request("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("compresses server-rendered pages and API answers, with the same content", async () => {
    const plain = await request("/tienda/demo/productos");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const encoding of ["br", "gzip"]) {
      const page = await request("/tienda/demo/productos", { headers: { "accept-encoding": encoding } });
      expect(page.headers["content-encoding"]).toBe(encoding);
      expect(page.raw.length).toBeLessThan(plain.raw.length / 4);
      expect(page.text).toBe(plain.text);
      const api = await request("/api/v1/shops/demo/products?limit=30", { headers: { "accept-encoding": encoding } });
      expect(api.headers["content-encoding"]).toBe(encoding);
      expect(JSON.parse(api.text)).toEqual(JSON.parse((await request("/api/v1/shops/demo/products?limit=30")).text));
    }
    // A page rendered for one signed-in visitor is streamed, and compressed on the way.
    const { cookie } = await signIn("carlos@demo.tianguis.mx");
    const signedIn = await request("/tienda/demo/catalogos", { headers: { cookie, "accept-encoding": "br" } });
    expect(signedIn.headers["content-encoding"]).toBe("br");
    expect(signedIn.text).toContain("carlos@demo.tianguis.mx");
    // One shared with the visitor's audience is compressed once and kept so.
    const shared = await request("/tienda/demo", { headers: { cookie, "accept-encoding": "br" } });
    expect(shared.headers["content-encoding"]).toBe("br");
    expect(shared.headers["x-page-cache"]).toMatch(/^(hit|miss)$/);
  });
});

describe("speed: what a first visit downloads", () => {
  /** The scripts a page makes the browser load before it runs: module preloads and script sources. */
  const scriptsOf = (html: string) => [
    ...new Set([...html.matchAll(/<(?:link rel="modulepreload" href|script[^>]*\bsrc)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1])),
  ];

  it("a shop's first visit brings neither zod nor a second language: the client calls the API by schema-free routes", async () => {
    const spanish = "Ha ocurrido un error, por favor intenta de nuevo";
    const english = "An error has occurred, please try again";
    for (const path of ["/tienda/demo", "/tienda/demo/productos"]) {
      const scripts = await Promise.all(scriptsOf((await request(path)).text).map(async (script) => (await request(script)).text));
      expect(scripts.filter((code) => code.includes("ZodError")).length, path).toBe(0);
      expect(
        scripts.some((code) => code.includes(spanish)),
        path,
      ).toBe(true);
      expect(
        scripts.some((code) => code.includes(english)),
        path,
      ).toBe(false);
    }
  });

  it("a shop's pages load only the storefront's chunks: no admin-only library chunk, editor or drawer", async () => {
    for (const path of ["/tienda/demo", "/tienda/demo/productos"]) {
      const scripts = scriptsOf((await request(path)).text);
      expect(scripts.length).toBeGreaterThan(3);
      expect(scripts.length).toBeLessThanOrEqual(12);
      for (const chunk of ["mantine", "domain", "storefront"])
        expect(scripts.some((script) => script.startsWith(`/assets/${chunk}-`))).toBe(true);
      expect(
        scripts.filter((script) =>
          /-more-|MerchandisingTools|ColourEditor|AlertsBell|PickerModal|SignupForm|InStoreControl|RichText|QrCamera/.test(script),
        ),
      ).toEqual([]);
    }
  });

  it("a shop page's first paint waits only for the Mantine styles its HTML uses; other pages wait for all of them", async () => {
    const stylesheets = (html: string) =>
      [...html.matchAll(/<link rel="stylesheet" href="([^"#]+)#?"( media="print")?/g)].map((match) => ({
        href: match[1],
        blocking: !match[2],
      }));
    const { cookie } = await signIn("lucia@demo.tianguis.mx");
    const listing = (await request("/tienda/demo/productos")).text;
    const product = /href="(\/tienda\/demo\/productos\/[^"/?]+\/[^"/?]+)"/.exec(listing)?.[1] as string;
    expect(product).toBeDefined();
    // The shop's admin too: her shop pages carry the admin bar and tools.
    for (const headers of [{}, { cookie }] as Record<string, string>[])
      for (const path of ["/tienda/demo", "/tienda/demo/productos", "/tienda/demo/productos?q=rebozo", product]) {
        const html = (await request(path, { headers })).text;
        const sheets = stylesheets(html);
        const more = sheets.find((sheet) => sheet.href.includes("/mantine-more-"));
        expect(more?.blocking, path).toBe(false);
        const deferred = (await request(more?.href as string)).text;
        const blocking = (
          await Promise.all(sheets.filter((sheet) => sheet.blocking).map(async (sheet) => (await request(sheet.href)).text))
        ).join("\n");
        // The page's own classes (issue 28: its markup is styled by its own CSS modules) and any of Mantine's.
        const classes = [...new Set([...html.matchAll(/\sclass="([^"]+)"/g)].flatMap((match) => match[1].split(" ")))];
        expect(classes.length, path).toBeGreaterThan(10);
        // Every class of the page is styled before its first paint: none is defined only in the deferred sheet.
        expect(
          classes.filter((name) => deferred.includes(`.${name}`) && !blocking.includes(`.${name}`)),
          path,
        ).toEqual([]);
      }
    const admin = stylesheets((await request("/tienda/demo/admin/configuracion", { headers: { cookie } })).text);
    expect(admin.find((sheet) => sheet.href.includes("/mantine-more-"))?.blocking).toBe(true);
  });
});

describe("speed: pages shared between anonymous visitors", () => {
  it("never shows a signed-in visitor's name or another visitor's CSRF token to anyone else", async () => {
    const customer = await signIn("carlos@demo.tianguis.mx");
    // Signed in first: the page is the customer's own and is not kept.
    const own = await request("/tienda/demo/catalogos", { headers: { cookie: customer.cookie } });
    expect(own.status).toBe(200);
    expect(own.headers["x-page-cache"]).toBeUndefined();
    expect(own.text).toContain("carlos@demo.tianguis.mx");
    const nonce = String(own.headers["content-security-policy"]).match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeDefined();
    expect(own.text).toContain(`nonce="${nonce}"`);

    // Visitor A (with its own CSRF cookie) renders the anonymous page; visitor B is served the same page from memory.
    const tokenA = "visitorAtoken0123456789ab";
    const first = await request("/tienda/demo/catalogos", { headers: { cookie: `tianguis_csrf=${tokenA}` } });
    const second = await request("/tienda/demo/catalogos");
    expect(second.headers["x-page-cache"]).toBe("hit");
    for (const page of [first, second]) {
      expect(page.status).toBe(200);
      expect(page.text).not.toContain("carlos@demo.tianguis.mx");
      expect(page.text).not.toContain("Carlos");
      expect(page.text).not.toContain(customer.csrf);
      expect(page.text).not.toContain(tokenA);
      expectScriptsAllowedByHash(page);
    }
    expect(setCookies(first).tianguis_csrf).toBeUndefined();
    const tokenB = setCookies(second).tianguis_csrf;
    expect(tokenB).toMatch(/^[\w-]{20,}$/);
    expect(tokenB).not.toBe(tokenA);

    // Signed in again while the anonymous page is kept: the customer still gets their own page.
    const again = await request("/tienda/demo/catalogos", { headers: { cookie: customer.cookie } });
    expect(again.headers["x-page-cache"]).toBeUndefined();
    expect(again.text).toContain("carlos@demo.tianguis.mx");
  });

  it("after a quiet spell serves the kept page at once while it is rendered again, and never hides a write", async () => {
    const path = "/tienda/demo/productos";
    const owner = await signIn("lucia@demo.tianguis.mx");
    const { name } = JSON.parse((await request("/api/v1/shops/demo")).text) as { name: string };
    const rename = (to: string) =>
      request("/api/v1/shops/demo", {
        method: "PATCH",
        headers: { "content-type": "application/json", cookie: owner.cookie, "x-csrf-token": owner.csrf },
        body: JSON.stringify({ name: to }),
      });
    await request(path);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const kept = await request(path);
    expect([kept.status, kept.headers["x-page-cache"]]).toEqual([200, "hit"]);
    try {
      expect((await rename("Tianguis Renombrado")).status).toBe(200);
      const renamed = await request(path);
      expect(renamed.headers["x-page-cache"]).toBe("miss");
      expect(renamed.text).toContain("Tianguis Renombrado");
    } finally {
      expect((await rename(name)).status).toBe(200);
    }
  });

  it("keeps pages apart by language and by display cookies", async () => {
    const spanish = await request("/tienda/demo/productos", { headers: { "accept-language": "es-MX" } });
    const english = await request("/tienda/demo/productos", { headers: { "accept-language": "es-MX", cookie: "locale=en" } });
    expect(spanish.text).toContain('lang="es"');
    expect(english.text).toContain('lang="en"');
    const dark = await request("/tienda/demo/productos", { headers: { "accept-language": "es-MX", cookie: "theme=dark" } });
    // The colour-scheme script falls back to the theme cookie's scheme.
    expect(dark.text).toContain(': "dark";');
    expect(spanish.text).toContain(': "auto";');
    expect(spanish.text).not.toContain(': "dark";');
  });

  it("shows a seller's change to anonymous visitors at once", async () => {
    const seller = await signIn("lucia@demo.tianguis.mx");
    const before = await request("/tienda/demo");
    expect(before.status).toBe(200);
    const renamed = `Tienda renombrada ${Date.now()}`;
    const patch = (name: string) =>
      request("/api/v1/shops/demo", {
        method: "PATCH",
        headers: { cookie: seller.cookie, "x-csrf-token": seller.csrf, "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
    const original = JSON.parse((await request("/api/v1/shops/demo")).text).name as string;
    expect((await patch(renamed)).status).toBe(200);
    try {
      const after = await request("/tienda/demo");
      expect(after.text).toContain(renamed);
    } finally {
      expect((await patch(original)).status).toBe(200);
    }
    expect((await request("/tienda/demo")).text).not.toContain(renamed);
  });
});

describe("speed: a shop page's first visit brings only the texts it shows", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page that notes which text chunks (all of a language) it requested. */
  async function watched(locale = "es-MX") {
    const { context, page } = await newPage(browser, { locale });
    const texts: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => {
      // The name's hash is 8 characters and may itself hold a '-' (_tianguis-messages_en-Dpkdvg-8.js).
      const chunk = /\/assets\/_tianguis-messages_([a-z]{2}(?:-[A-Z]{2})?)-[\w-]{8}\.js$/.exec(request.url());
      if (chunk) texts.push(chunk[1]);
    });
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    return { context, page, texts, problems };
  }

  it("a Spanish shop page hydrates on its own texts and loads the rest at the visitor's first key; other pages hydrate with all", async () => {
    const listing = (await request("/tienda/demo/productos")).text;
    const product = /href="(\/tienda\/demo\/productos\/[^"/?]+\/[^"/?]+)"/.exec(listing)?.[1] as string;
    const { context, page, texts, problems } = await watched();
    for (const path of ["/tienda/demo", "/tienda/demo/productos", product]) {
      await open(page, path);
      // Hydrated without asking for a text: every text these pages show came with their scripts.
      await page.waitForLoadState("networkidle");
      expect(texts, path).toEqual([]);
    }
    await page.getByRole("heading", { name: "Opiniones", exact: true }).waitFor();
    // The first key (or click) brings all of Spanish, before anything the visitor opens could need it.
    await page.keyboard.press("Tab");
    await expect.poll(() => texts).toEqual(["es"]);
    // A page outside the shop's own (the cart) shows its texts after a link from the shop page.
    await page.goto("/tienda/demo/carrito");
    await page.getByText("Tu carrito está vacío").waitFor();
    expect(problems).toEqual([]);
    await context.close();

    // Elsewhere the page's whole language comes before hydration.
    for (const [path, locale, chunks] of [
      ["/login", "es-MX", ["es"]],
      ["/tienda/demo", "en-US", ["en"]],
    ] as const) {
      const visit = await watched(locale);
      await open(visit.page, path);
      expect(visit.texts, path).toEqual(chunks);
      expect(visit.problems, path).toEqual([]);
      await visit.context.close();
    }
  });
});

describe("speed: a shop page's scripts wait for its largest paint", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The page's HTML without the <noscript> that holds React Router's scripts until the largest paint. */
  const outsideNoscript = (html: string) => html.replace(/<noscript id="deferred-scripts">[\s\S]*?<\/noscript>/, "");

  it("asks for no module script before the largest paint, then hydrates, also signed in and after a link", async () => {
    const listing = (await request("/tienda/demo/productos")).text;
    const product = /href="(\/tienda\/demo\/productos\/[^"/?]+\/[^"/?]+)"/.exec(listing)?.[1] as string;
    expect(product).toBeDefined();
    for (const path of ["/tienda/demo", product]) {
      const html = (await request(path)).text;
      expect(html, path).toContain('<noscript id="deferred-scripts"><link rel="modulepreload"');
      expect(outsideNoscript(html), path).not.toMatch(/rel="modulepreload"|type="module"/);
    }
    // Other pages keep React Router's scripts as they are.
    expect(outsideNoscript((await request("/login")).text)).toMatch(/rel="modulepreload"[\s\S]*type="module"/);

    for (const visitor of [undefined, "carlos@demo.tianguis.mx"]) {
      const { context, page } = visitor ? await signedIn(browser, visitor) : await newPage(browser);
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      for (const path of ["/tienda/demo", product]) {
        await open(page, path);
        const timing = await page.evaluate(async () => {
          const largest = await new Promise<PerformanceEntryList>((resolve) =>
            new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: "largest-contentful-paint", buffered: true }),
          );
          const scripts = performance
            .getEntriesByType("resource")
            .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"));
          return {
            largestPaint: Math.max(...largest.map((entry) => entry.startTime)),
            firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
            scripts: scripts.length,
          };
        });
        expect(timing.scripts, `${path} ${visitor}`).toBeGreaterThan(3);
        expect(timing.firstScript, `${path} ${visitor}`).toBeGreaterThan(timing.largestPaint);
      }
      // A link still navigates in the browser, without loading the page again.
      await page.evaluate(() => Object.assign(window, { stayed: true }));
      await page
        .getByRole("link", { name: /Productos/ })
        .first()
        .click();
      await page.waitForURL(/\/tienda\/demo\/productos$/);
      await expect.poll(() => page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
      expect(problems, visitor).toEqual([]);
      await context.close();
    }
  });
});

describe("speed: the parts a shop page shows only some visitors come to those visitors only", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The chunks of those parts, by their modules' names (features/admin, picker, products, subscriptions, onboarding, support). */
  const partChunk =
    /\/assets\/(AdminBarNav|SettingsGearLink|ShareShopPopover|AddItemLink|PickerTriggers|ShopAdminBanner|CommissionPromoButton|DisabledShopAlert)-[^/]+\.js$/;

  it("an anonymous first visit requests no code of the shop admin's bar, gear and add card; the shop's admin gets it with her page", async () => {
    for (const visitor of [undefined, "lucia@demo.tianguis.mx"]) {
      const { context, page } = visitor ? await signedIn(browser, visitor) : await newPage(browser);
      const parts: string[] = [];
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
        const chunk = partChunk.exec(request.url());
        if (chunk) parts.push(chunk[1]);
      });
      for (const path of ["/tienda/demo", "/tienda/demo/productos"]) {
        await open(page, path);
        await page.waitForLoadState("networkidle");
      }
      if (visitor) {
        // The names above are the chunks' real names: the shop's admin loads them, and her page shows the parts.
        expect(parts).toEqual(expect.arrayContaining(["AdminBarNav", "SettingsGearLink", "AddItemLink"]));
        await page.getByRole("navigation", { name: "Barra de administración" }).waitFor();
        await page.getByRole("link", { name: "Agregar producto" }).waitFor();
      } else {
        expect(scripts.length).toBeGreaterThan(3);
        expect(parts).toEqual([]);
        // Nor does any script it loaded hold their code (their storage keys and the gear's address), under any name.
        const code = await Promise.all(scripts.map(async (script) => (await fetch(script)).text()));
        for (const mark of ["tianguis-admin-bar-collapsed", "showCustomShopToggle", "tianguis:subscription-prompt-hidden"])
          expect(code.filter((text) => text.includes(mark)).length, mark).toBe(0);
        expect(await page.getByRole("navigation", { name: "Barra de administración" }).count()).toBe(0);
      }
      await context.close();
    }
  });
});
