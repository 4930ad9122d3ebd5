import type { Browser, BrowserContext, Page } from "playwright-core";
import { newPage, waitForHydration } from "../browser";

export const owner = { username: "lucia@demo.tianguis.mx", password: "demo12345" };
export const customer = { username: "carlos@demo.tianguis.mx", password: "demo12345" };

/** Signs the browser context in through the real login endpoint (the session cookie lands in the context). */
export async function signedInPage(
  browser: Browser,
  account = owner,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, options);
  const response = await opened.context.request.post("/api/v1/auth/login", {
    data: { username: account.username, password: account.password },
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return opened;
}

/** The shop's floating admin bar. */
export const adminBar = (page: Page) => page.getByRole("navigation", { name: "Barra de administración" });

/**
 * Opens a section of the admin bar (Ventas, Catálogo, Marketing, Dinero, Tienda) so its submenu's links show; one the
 * current page belongs to is open already.
 */
export async function openAdminSection(page: Page, section: string) {
  const button = adminBar(page).getByRole("button", { name: new RegExp(`^${section}(?: \\(|$)`) });
  await button.waitFor();
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await adminBar(page).getByRole("group", { name: section }).waitFor();
}

export async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** A colourful SVG image of the given size, as a file for a dropzone. */
export function svgImage(name: string, width: number, height: number, colours: [string, string]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="50%" y="55%" font-size="${Math.round(height / 5)}" text-anchor="middle" fill="white" font-family="sans-serif">${name}</text></svg>`;
  return { name: `${name}.svg`, mimeType: "image/svg+xml", buffer: Buffer.from(svg) };
}

/** Drops a file on the n-th dropzone of the open dialog (or page). */
export async function dropFile(scope: Page | ReturnType<Page["getByRole"]>, index: number, file: ReturnType<typeof svgImage>) {
  await scope.locator('input[type="file"]').nth(index).setInputFiles(file);
}

/** Waits for the toast with this text. */
export async function toast(page: Page, text: string) {
  await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
}
