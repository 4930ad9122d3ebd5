import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, type Download, type Page, chromium } from "playwright-core";
import { inject } from "vitest";
import { browserOptions } from "./chromium";
import type { RunningServer } from "./server";

export { chromiumPath } from "./chromium";

/**
 * The run's Chromium (global-setup.ts starts one for every spec file; a spec's contexts are its own, as isolated from
 * other files' as a browser of its own would be), or a browser of its own where no run-wide one was started. Closing
 * what this returns closes the spec's contexts and leaves the shared browser running.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject("browserEndpoint");
  return endpoint ? chromium.connect(endpoint) : chromium.launch(browserOptions);
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

/**
 * Saves a screenshot under /screenshots (git-ignored) so a person can look at what the test saw; `fullPage` takes the
 * whole page from its top. A screenshot is for people: when Chromium cannot capture one (it happens on a loaded
 * machine), it tries once more and then lets the journey go on.
 */
export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = path.resolve(import.meta.dirname, "../screenshots");
  fs.mkdirSync(dir, { recursive: true });
  if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  for (const attempt of [1, 2]) {
    try {
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false });
      return;
    } catch (error) {
      if (attempt === 2) console.warn(`screenshot ${name} not taken: ${String(error)}`);
    }
  }
}

/** Waits until React has hydrated the page, so clicks reach event handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated") && document.readyState === "complete");
}

/** A download's bytes, read through Playwright's stream: a browser connected to the run's Chromium has no local path. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
