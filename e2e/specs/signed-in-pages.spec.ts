import { describe, expect, it } from "vitest";
import { baseURL } from "../browser";
import { demoPassword } from "./storefront-helpers";

/**
 * Signed-in shop pages (issue 16) share the shop's public reads with other pages for up to a second: listings,
 * categories, catalogues and franchises with everyone, slides and banners with the visitor's audience only
 * (packages/server/src/web.ts). These checks run against the built app and the real server.
 */

async function signIn(username: string) {
  const response = await fetch(`${baseURL()}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: demoPassword }),
  });
  expect(response.status).toBe(200);
  const cookies = Object.fromEntries(response.headers.getSetCookie().map((line) => line.split(";")[0].split("=") as [string, string]));
  return { cookie: `tianguis_session=${cookies.tianguis_session}; tianguis_csrf=${cookies.tianguis_csrf}`, csrf: cookies.tianguis_csrf };
}

async function page(path: string, cookie?: string) {
  const response = await fetch(`${baseURL()}${path}`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
}

describe("signed-in shop pages", () => {
  it("never show one audience's merchandising, or one visitor's account, to another visitor", async () => {
    const seller = await signIn("lucia@demo.tianguis.mx");
    const customer = await signIn("carlos@demo.tianguis.mx");
    const title = `Solo tiendas ${Date.now() % 1_000_000}`;
    const created = await fetch(`${baseURL()}/api/v1/shops/demo/headers`, {
      method: "POST",
      headers: { cookie: seller.cookie, "x-csrf-token": seller.csrf, "content-type": "application/json" },
      // Shown to entrepreneurs with a store (level 2, as Lucía) only.
      body: JSON.stringify({ title, target: "ul2" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    try {
      // Side by side and one after another, within the shared reads' lifetime: each gets the page of their own audience.
      for (let round = 0; round < 3; round += 1) {
        const [sellerHome, customerHome, anonymousHome, customerListing] = await Promise.all([
          page("/tienda/demo", seller.cookie),
          page("/tienda/demo", customer.cookie),
          page("/tienda/demo"),
          page("/tienda/demo/productos", customer.cookie),
        ]);
        expect(sellerHome).toContain(title);
        // The shop's admin links are its owner's alone; Carlos's e-mail is in his own account menu only.
        expect(sellerHome).toContain('href="/tienda/demo/admin/');
        expect(sellerHome).not.toContain("carlos@demo.tianguis.mx");
        for (const customerPage of [customerHome, customerListing]) {
          expect(customerPage).not.toContain(title);
          expect(customerPage).toContain("carlos@demo.tianguis.mx");
          expect(customerPage).not.toContain('href="/tienda/demo/admin/');
        }
        expect(anonymousHome).not.toContain(title);
        expect(anonymousHome).not.toContain("carlos@demo.tianguis.mx");
        expect(anonymousHome).not.toContain('href="/tienda/demo/admin/');
      }
    } finally {
      const removed = await fetch(`${baseURL()}/api/v1/shops/demo/headers/${id}`, {
        method: "DELETE",
        headers: { cookie: seller.cookie, "x-csrf-token": seller.csrf },
      });
      expect(removed.status).toBe(204);
    }
    // The removal is a write: the seller's next page no longer shows the header.
    expect(await page("/tienda/demo", seller.cookie)).not.toContain(title);
  });
});
