import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, waitForHydration } from "../browser";
import { signedIn } from "./storefront-helpers";

/** What the sampler saw in one frame: the admin's parts on screen, and whether the page had hydrated. */
interface Frame {
  at: number;
  header: boolean;
  bar: boolean;
  gear: boolean;
  add: boolean;
  hydrated: boolean;
}

// Issue 16: the parts of a shop page that only its admins see (admin bar, settings gear, 'add' card) are rendered by the
// server for them, but their code downloads only for them (lib/rendered-part.tsx). The admin must not see the difference.
describe("shop pages: the admin's parts are rendered with the page, their code comes for the admin alone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("shows the admin bar, gear and add card from the first paint while their code is held back, then works on the first click", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.route(/\/assets\/(AdminBarNav|SettingsGearLink|AddItemLink)-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // Every frame from the first on: are the parts there and visible (not in a hidden, streamed-in block)?
    await page.addInitScript(() => {
      const frames: Frame[] = [];
      Object.assign(window, { frames_: frames });
      const visible = (element: Element | null | undefined) =>
        !!element && (element as HTMLElement).offsetHeight > 0 && !element.closest("[hidden]");
      const sample = () => {
        frames.push({
          at: performance.now(),
          header: visible(document.querySelector("header")),
          bar: visible(document.querySelector('nav[aria-label="Barra de administración"]')),
          gear: visible(document.querySelector('a[aria-label="Personalizar tienda"]')),
          add: visible([...document.querySelectorAll("a")].find((link) => link.textContent?.includes("Agregar producto"))),
          hydrated: document.documentElement.hasAttribute("data-hydrated"),
        });
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.goto("/tienda/demo/productos");
    await waitForHydration(page);
    const { frames, codeArrived } = await page.evaluate(() => ({
      frames: (window as unknown as { frames_: Frame[] }).frames_,
      codeArrived: Math.max(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => /AdminBarNav|SettingsGearLink|AddItemLink/.test(entry.name))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
      ),
    }));
    const painted = frames.filter((frame) => frame.header);
    expect(painted.length).toBeGreaterThan(10);
    expect(painted.filter((frame) => !frame.bar || !frame.gear || !frame.add)).toEqual([]);
    // The page hydrated once the parts' code was there, so nothing was live before it and nothing was thrown away.
    const hydratedAt = painted.find((frame) => frame.hydrated)?.at ?? 0;
    expect(codeArrived).toBeGreaterThan(1000);
    expect(hydratedAt).toBeGreaterThan(codeArrived);

    const bar = page.getByRole("navigation", { name: "Barra de administración" });
    await bar.getByRole("button", { name: "Expandir barra" }).click();
    await bar.getByRole("button", { name: "Contraer barra" }).waitFor();
    await bar.getByRole("button", { name: "Compartir tienda" }).click();
    expect(await page.getByRole("textbox", { name: "Compartir tienda" }).inputValue()).toMatch(/\/tienda\/demo$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
