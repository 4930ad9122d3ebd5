import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

/** The storefront's theme as the browser paints it: the page background and the top bar's two-colour border. */
const painted = (page: Page) =>
  page.evaluate(() => ({
    background: getComputedStyle(document.querySelector("main")?.parentElement as Element).backgroundImage,
    border: getComputedStyle(document.querySelector("header") as Element).borderImageSource,
  }));

/** The shop's theme (commerce-and-accounts §9): named themes of two colours, gradients, a picker with alpha. */
describe("the shop's theme", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Lucía picks the Océano theme, the Cielo gradient and a translucent second colour; the opacity she drags saves 2 decimals", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    const theme = async () => (await (await context.request.get("/api/v1/shops/demo")).json()).store_theme_info;
    await open(page, "/tienda/demo/admin/configuracion");
    const themes = page.getByRole("group", { name: "Temas" });
    await themes.getByRole("button", { name: "Océano" }).click();
    await expect.poll(theme).toMatchObject({ theme: "oceano", color1: "#1d4ed8", color2: "#06b6d4" });
    expect(await themes.getByRole("button", { name: "Océano" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("group", { name: "Fondo degradado" }).getByRole("button", { name: "Cielo" }).click();
    await expect.poll(theme).toMatchObject({ gradient: "cielo" });

    const second = page.getByRole("textbox", { name: "Color secundario" });
    await second.fill("rgba(236, 72, 153, 0.5)");
    await expect.poll(theme).toMatchObject({ theme: null, color1: "#1d4ed8", color2: "#ec489980" });
    expect(await themes.getByRole("button", { name: "Océano" }).getAttribute("aria-pressed")).toBe("false");
    const preview = page.getByRole("region", { name: "Vista previa" });
    await expect.poll(async () => preview.evaluate((box) => getComputedStyle(box).borderImageSource)).toContain("rgba(236, 72, 153, 0.5)");

    // Dragging the opacity slider to a third of its width: the colour is saved with its alpha rounded to 2 decimals.
    const opacity = page.getByRole("slider", { name: "Color secundario: Opacidad" });
    await opacity.scrollIntoViewIfNeeded();
    const box = await opacity.boundingBox();
    if (!box) throw new Error("the opacity slider is not shown");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.333, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => second.inputValue()).not.toBe("rgba(236, 72, 153, 0.5)");
    const alpha = Number(/, ([\d.]+)\)$/.exec(await second.inputValue())?.[1]);
    expect(alpha).toBeGreaterThan(0.2);
    expect(alpha).toBeLessThan(0.45);
    expect(Math.round(alpha * 100) / 100).toBe(alpha);
    const byte = Math.round(alpha * 255)
      .toString(16)
      .padStart(2, "0");
    await expect.poll(theme).toMatchObject({ color2: `#ec4899${byte}` });
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "themes-settings-desktop", { fullPage: true });
    await context.close();
  });

  it("a visitor's storefront has the theme in its first paint, at desktop and at phone width in the dark scheme, and stays accessible", async () => {
    const { context, page } = await newPage(browser);
    const { color1, color2 } = (await (await context.request.get("/api/v1/shops/demo")).json()).store_theme_info;
    expect(color2).toMatch(/^#ec4899[0-9a-f]{2}$/);
    // The server-rendered page already carries the gradient and the colours: nothing changes after the scripts run.
    const html = await (await context.request.get("/tienda/demo")).text();
    expect(html).toContain("linear-gradient(160deg, light-dark(#eff6ff");
    expect(html).toContain(`linear-gradient(90deg, ${color1}, ${color2})`);
    await open(page, "/tienda/demo");
    const alpha = Math.round((Number.parseInt(color2.slice(7), 16) / 255) * 100) / 100;
    expect(await painted(page)).toEqual({
      background: expect.stringContaining("linear-gradient(160deg, rgb(239, 246, 255)"),
      border: `linear-gradient(90deg, rgb(29, 78, 216), rgba(236, 72, 153, ${alpha}))`,
    });
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "themes-storefront-desktop");

    // At phone width in the dark scheme the gradient's stops are the darkened ones (#3c3d3e, #3b3d3e).
    const small = await newPage(browser, { viewport: phone });
    await small.context.addCookies([{ name: "theme", value: "dark", url: baseURL() }]);
    await open(small.page, "/tienda/demo/productos");
    expect((await painted(small.page)).background).toBe("linear-gradient(160deg, rgb(60, 61, 62), rgb(59, 61, 62))");
    expect(await seriousViolations(small.page)).toEqual([]);
    await snap(small.page, "themes-storefront-phone", { fullPage: true });
    await small.context.close();
    await context.close();
  });
});
