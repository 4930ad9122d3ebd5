import type { Locator, Page } from "playwright-core";
import { baseURL } from "../browser";

/**
 * With the page's clock paused: moves it 50 ms at a time until `locator` is shown (`visible` true: a toast mounts once
 * its code and a render have come) or gone (false: its closing transition included), and answers how far it moved.
 */
async function advanceUntil(page: Page, locator: Locator, visible: boolean, limitMs = 3000): Promise<number> {
  for (let moved = 0; moved < limitMs; moved += 50) {
    if ((await locator.isVisible()) === visible) return moved;
    await page.clock.fastForward(50);
    await page.waitForTimeout(100);
  }
  throw new Error(visible ? "never shown" : "never hidden");
}

/**
 * `limitMs` bounds the page time stepped: a page's first toast also waits for the toasts' code to download, which on a
 * busy machine takes more than the default 3 s of steps (each 100 ms of real time).
 */
export const advanceUntilVisible = (page: Page, locator: Locator, limitMs?: number) => advanceUntil(page, locator, true, limitMs);
export const advanceUntilHidden = (page: Page, locator: Locator) => advanceUntil(page, locator, false);

/**
 * The server's dev clock moves `days` forward and every due job runs (a trial's end, a monthly renewal charge), as time
 * passing would; the events the jobs record are delivered with them.
 */
export async function advanceServerDays(days: number): Promise<void> {
  const post = (path: string, body?: object) =>
    fetch(`${baseURL()}/api/v1${path}`, {
      method: "POST",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  const moved = await post("/dev/clock", { advance_ms: days * 24 * 60 * 60 * 1000 });
  if (!moved.ok) throw new Error(`dev clock: ${moved.status}`);
  const ran = await post("/dev/jobs/run");
  if (!ran.ok) throw new Error(`dev jobs: ${ran.status}`);
}
