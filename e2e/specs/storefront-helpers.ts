import type { Browser, BrowserContext, Page } from "playwright-core";
import { newPage, waitForHydration } from "../browser";
import { expect } from "vitest";

export const demoPassword = "demo12345";

/** A browser context signed in through the real login endpoint (POST /api/v1/auth/login). */
export async function signedIn(
  browser: Browser,
  username: string,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, { viewport });
  const response = await opened.context.request.post("/api/v1/auth/login", { data: { username, password: demoPassword } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return opened;
}

/** A JSON write from the signed-in context, with the double-submit CSRF header the API requires. */
export async function apiWrite(context: BrowserContext, method: "POST" | "PATCH" | "PUT", path: string, data: unknown) {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === "tianguis_csrf")?.value ?? "";
  const response = await context.request.fetch(`/api/v1${path}`, { method, data, headers: { "x-csrf-token": csrf } });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

export async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The card of a product in a listing, found by its visible name. */
export function card(page: Page, name: string) {
  return page.getByTestId("product-card").filter({ hasText: name });
}

/**
 * Opens the shop's search panel. Clicked again until it says it is open: a click in the moment before the page
 * hydrated reaches no handler.
 */
export async function openSearchPanel(page: Page) {
  const toggle = page.getByRole("button", { name: /^(Buscar|Cerrar búsqueda)$/ });
  await expect
    .poll(async () => {
      if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click({ timeout: 1000 }).catch(() => undefined);
      return toggle.getAttribute("aria-expanded");
    })
    .toBe("true");
}
