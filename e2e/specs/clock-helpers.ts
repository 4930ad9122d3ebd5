import type { Locator, Page } from "playwright-core";

/**
 * With the page's clock paused: moves it 50 ms at a time until `locator` is shown (`visible` true: a toast mounts once
 * its code and a render have come) or gone (false: its closing transition included), and answers how far it moved.
 */
async function advanceUntil(page: Page, locator: Locator, visible: boolean): Promise<number> {
  for (let moved = 0; moved < 3000; moved += 50) {
    if ((await locator.isVisible()) === visible) return moved;
    await page.clock.fastForward(50);
    await page.waitForTimeout(100);
  }
  throw new Error(visible ? "never shown" : "never hidden");
}

export const advanceUntilVisible = (page: Page, locator: Locator) => advanceUntil(page, locator, true);
export const advanceUntilHidden = (page: Page, locator: Locator) => advanceUntil(page, locator, false);
