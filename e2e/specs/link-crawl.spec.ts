import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, waitForHydration } from "../browser";
import { demoPassword } from "./storefront-helpers";

/**
 * Every link the product renders lands on a page (issue 31, 'Dead ends'). For each demo account, and for an anonymous
 * visitor, a crawl of the demo's pages: seeded with the links of the hydrated pages in Chromium (the account menu's
 * too, which the browser renders), then breadth-first over the server-rendered HTML of every page it reaches, following
 * redirects. Any link answering 404 or 5xx fails the test, with the page that showed it.
 *
 * Bounded: at most PAGES_PER_ACCOUNT pages per account, and at most PER_SHAPE pages of one path shape (ids, numbers and
 * query values left out), so a shop with many products costs a few product pages, not all of them.
 */
const PAGES_PER_ACCOUNT = 100;
const PER_SHAPE = 2;
const CONCURRENCY = 4;

const accounts = [null, "lucia", "mateo", "sofia", "carlos", "admin", "asesora", "puerta"] as const;
/** Where each crawl starts, besides the links the hydrated pages and the account menu show. */
const startPages = ["/", "/tienda/demo", "/tienda/mateo", "/tienda/sabores", "/apps/paquetes", "/red-comercial", "/ayuda"];
const browserPages = ["/", "/tienda/demo", "/tienda/sabores"];

/** Paths that are not pages: signing out, the API, media and file downloads. */
const notPages = /^\/(logout|api\/|media\/)|\.(pdf|csv|png|jpe?g|webp|gif|svg|pkpass|ics|xml|txt|zip)$/i;

function pageKey(url: URL): string {
  return `${url.pathname.replace(/\/+$/, "") || "/"}${url.search}`;
}

/** A page's shape: path with ids and numbers left out, and the names of its query parameters. */
function shapeOf(url: URL): string {
  const path = url.pathname
    .replace(/\/+$/, "")
    .split("/")
    .map((part) => (/^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(part) ? ":id" : /^\d+$/.test(part) ? ":n" : part))
    .join("/");
  return `${path}?${[...url.searchParams.keys()].sort().join("&")}`;
}

const entities: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };

/** The same-origin page links of an HTML document (anchors only; download links and other hosts left out). */
function linksOf(html: string, from: URL): URL[] {
  const links: URL[] = [];
  for (const match of html.matchAll(/<a\b[^>]*>/gi)) {
    const tag = match[0];
    if (/\sdownload(\s|=|>)/i.test(tag)) continue;
    const href = tag.match(/\shref="([^"]*)"/i)?.[1];
    if (href === undefined) continue;
    const decoded = href.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => entities[entity] ?? entity);
    const link = absolute(decoded, from);
    if (link) links.push(link);
  }
  return links;
}

function absolute(href: string, from: URL): URL | null {
  if (!href || href.startsWith("#") || /^(mailto|tel|javascript|sms|whatsapp):/i.test(href)) return null;
  const url = new URL(href, from);
  url.hash = "";
  if (url.origin !== from.origin || notPages.test(url.pathname)) return null;
  return url;
}

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: demoPassword }),
  });
  expect(response.status, `login ${username}`).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

interface Visit {
  status: number;
  finalUrl: URL;
  html: string;
}

/** GETs a page as the account, following same-origin redirects (at most 5); the first failing status wins. */
async function visit(url: URL, cookie: string | undefined): Promise<Visit> {
  let current = url;
  for (let hop = 0; hop < 6; hop += 1) {
    const response = await fetch(current, { redirect: "manual", headers: { ...(cookie ? { cookie } : {}), accept: "text/html" } });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, current);
      if (next.origin !== current.origin) return { status: 200, finalUrl: next, html: "" };
      current = next;
      continue;
    }
    const html = (response.headers.get("content-type") ?? "").includes("text/html") ? await response.text() : "";
    if (!html) await response.body?.cancel().catch(() => undefined);
    return { status: response.status, finalUrl: current, html };
  }
  return { status: 508, finalUrl: current, html: "" };
}

/** The links a signed-in (or anonymous) browser shows on the hydrated pages, the account menu's included. */
async function browserLinks(browser: Browser, cookie: string | undefined): Promise<URL[]> {
  const { context, page } = await newPage(browser);
  if (cookie)
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name, value: value.join("="), url: baseURL() };
      }),
    );
  const found: URL[] = [];
  for (const path of browserPages) {
    await page.goto(path);
    await waitForHydration(page);
    const menu = page.getByRole("button", { name: cookie ? "Menú de cuenta" : "Abrir menú", exact: true });
    if (cookie && (await menu.count()) > 0) {
      await menu.first().click();
      await page.getByRole("menu").waitFor();
    }
    const hrefs = await page.evaluate(() => [...document.querySelectorAll("a[href]")].map((anchor) => anchor.getAttribute("href") ?? ""));
    for (const href of hrefs) {
      const url = absolute(href, new URL(page.url()));
      if (url) found.push(url);
    }
  }
  await context.close();
  return found;
}

describe("every link of the demo lands on a page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(accounts)(
    "as %s: no link answers 404 or 5xx",
    async (account) => {
      const cookie = account ? await signIn(`${account}@demo.tianguis.mx`) : undefined;
      const base = new URL(baseURL());
      const seeds = [...startPages.map((path) => new URL(path, base)), ...(await browserLinks(browser, cookie))];
      const queue: { url: URL; from: string }[] = seeds.map((url) => ({ url, from: "(start)" }));
      const seen = new Set<string>();
      const shapes = new Map<string, number>();
      const failures: string[] = [];
      let crawled = 0;

      const take = (): { url: URL; from: string } | undefined => {
        while (queue.length > 0 && crawled < PAGES_PER_ACCOUNT) {
          const next = queue.shift() as { url: URL; from: string };
          const key = pageKey(next.url);
          const shape = shapeOf(next.url);
          if (seen.has(key) || (shapes.get(shape) ?? 0) >= PER_SHAPE) continue;
          seen.add(key);
          shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
          crawled += 1;
          return next;
        }
        return undefined;
      };
      // Idle workers wait for a visit to end (it may add links); they stop when nothing is queued and none is running.
      let active = 0;
      let waiters: (() => void)[] = [];
      const visitEnded = () => new Promise<void>((resolve) => waiters.push(resolve));
      const worker = async () => {
        for (;;) {
          const next = take();
          if (!next) {
            if (active === 0 || crawled >= PAGES_PER_ACCOUNT) return;
            await visitEnded();
            continue;
          }
          active += 1;
          try {
            const result = await visit(next.url, cookie);
            if (result.status === 404 || result.status >= 500)
              failures.push(`${result.status} ${pageKey(next.url)} (linked from ${next.from})`);
            else for (const link of linksOf(result.html, result.finalUrl)) queue.push({ url: link, from: pageKey(result.finalUrl) });
          } finally {
            active -= 1;
            const woken = waiters;
            waiters = [];
            for (const wake of woken) wake();
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));

      expect(failures, `${account ?? "anonymous"} crawled ${crawled} pages`).toEqual([]);
      // The crawl really went through the demo: its shops' pages and (signed in) the account's own pages.
      expect(crawled).toBeGreaterThan(20);
      expect(seen.has("/tienda/demo/productos")).toBe(true);
      if (account) expect(seen.has("/preferencias")).toBe(true);
      // The franchise's menu 'Contacto' (once a dead end, storefront-and-admin L66) is among the links followed.
      if (account === "sofia") expect(seen.has("/tienda/sabores/info")).toBe(true);
    },
    300_000,
  );
});
