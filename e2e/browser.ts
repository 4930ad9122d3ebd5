import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import type { RunningServer } from "./server";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

function server(): RunningServer {
  const running = (globalThis as { tianguisServer?: RunningServer }).tianguisServer;
  if (!running) throw new Error("the spec's server is not running (see setup-server.ts)");
  return running;
}

export function baseURL(): string {
  return server().baseURL;
}

/** The same server reached through a shop's sub-domain: http://{slug}.localhost:{port}. */
export function shopHostURL(slug: string): string {
  return `http://${slug}.localhost:${server().port}`;
}

export async function newPage(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: options.locale ?? "es-MX",
    viewport: options.viewport ?? { width: 1280, height: 900 },
    baseURL: baseURL(),
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot under /screenshots (git-ignored) so a person can look at what the test saw. */
export async function snap(page: Page, name: string) {
  const dir = path.resolve(import.meta.dirname, "../screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/** Waits until React has hydrated the page, so clicks reach event handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined &&
      document.readyState === "complete",
  );
}
