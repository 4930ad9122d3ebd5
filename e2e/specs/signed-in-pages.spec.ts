import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, snap } from "../browser";
import { demoPassword, open, signedIn } from "./storefront-helpers";

/**
 * Signed-in shop pages (issue 16). A shop's home and listings are shared by every signed-in visitor of one user level
 * who has no role in the shop: rendered without the person (no name, photo or e-mail), whom the browser loads after
 * hydration. The shop's own admins get pages of their own. Their reads of the shop's listings and merchandising are
 * shared too: listings with everyone, slides and banners by audience (packages/server/src/web.ts). These checks run
 * against the built app and the real server.
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
  return { text: await response.text(), cache: response.headers.get("x-page-cache") };
}

/** What of each visitor could show on a page: their e-mail and full name (Lucía's are the demo shop's public contact). */
const people = {
  carlos: ["carlos@demo.tianguis.mx", "Carlos Pérez"],
  elena: ["admin@demo.tianguis.mx", "Elena Navarro"],
  mateo: ["mateo@demo.tianguis.mx", "Mateo Ruiz"],
};

function showsNobody(text: string) {
  for (const trace of Object.values(people).flat()) expect(text).not.toContain(trace);
}

describe("signed-in shop pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("are shared by audience, never show one visitor's account or one audience's merchandising to another", async () => {
    const seller = await signIn("lucia@demo.tianguis.mx");
    // Carlos (a customer) and Elena (platform staff) are both of level 0; Mateo (a reseller with his own shop) is of
    // level 2 like Lucía, who owns the demo shop.
    const [carlos, elena, mateo] = await Promise.all(["carlos", "admin", "mateo"].map((name) => signIn(`${name}@demo.tianguis.mx`)));
    const title = `Solo tiendas ${Date.now() % 1_000_000}`;
    const created = await fetch(`${baseURL()}/api/v1/shops/demo/headers`, {
      method: "POST",
      headers: { cookie: seller.cookie, "x-csrf-token": seller.csrf, "content-type": "application/json" },
      // Shown to entrepreneurs with a store (level 2, as Lucía and Mateo) only.
      body: JSON.stringify({ title, target: "ul2" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const item = (await page("/tienda/demo/productos")).text.match(/href="(\/tienda\/demo\/productos\/[^/"]+\/[^/"]+)"/)?.[1];
    expect(item).toBeDefined();
    try {
      // Side by side and one after another, within the pages' lifetime: each gets the page of their own audience.
      for (let round = 0; round < 3; round += 1) {
        const [sellerHome, carlosHome, anonymousHome, carlosListing, mateoHome, carlosItem, elenaItem] = await Promise.all([
          page("/tienda/demo", seller.cookie),
          page("/tienda/demo", carlos.cookie),
          page("/tienda/demo"),
          page("/tienda/demo/productos", carlos.cookie),
          page("/tienda/demo", mateo.cookie),
          page(item as string, carlos.cookie),
          page(item as string, elena.cookie),
        ]);
        // The owner's page is her own: her admin links and her account, never kept for anyone else.
        expect(sellerHome.cache).toBeNull();
        expect(sellerHome.text).toContain(title);
        expect(sellerHome.text).toContain('href="/tienda/demo/admin/');
        for (const shared of [carlosHome, carlosListing, mateoHome, carlosItem, elenaItem]) {
          expect(["hit", "miss"]).toContain(shared.cache);
          expect(shared.text).not.toContain('href="/tienda/demo/admin/');
          showsNobody(shared.text);
        }
        expect(carlosHome.text).not.toContain(title);
        expect(carlosListing.text).not.toContain(title);
        expect(mateoHome.text).toContain(title);
        expect(anonymousHome.text).not.toContain(title);
        expect(anonymousHome.text).not.toContain('href="/tienda/demo/admin/');
        showsNobody(anonymousHome.text);
      }
      // Another visitor of Carlos's level is served the page kept for that level (rendered for one of them, or in the
      // background while a kept one was served), and it names neither.
      await page("/tienda/demo/productos", carlos.cookie);
      const elenaPage = await page("/tienda/demo/productos", elena.cookie);
      expect(elenaPage.cache).toBe("hit");
      showsNobody(elenaPage.text);
    } finally {
      const removed = await fetch(`${baseURL()}/api/v1/shops/demo/headers/${id}`, {
        method: "DELETE",
        headers: { cookie: seller.cookie, "x-csrf-token": seller.csrf },
      });
      expect(removed.status).toBe(204);
    }
    // The removal is a write: the next pages of both audiences no longer show the header.
    expect((await page("/tienda/demo", seller.cookie)).text).not.toContain(title);
    expect((await page("/tienda/demo", mateo.cookie)).text).not.toContain(title);
  });

  it("show each visitor their own account once the page has loaded", async () => {
    for (const [username, fullName] of [people.carlos, people.elena]) {
      const { context, page: tab } = await signedIn(browser, username, { width: 390, height: 844 });
      try {
        await open(tab, "/tienda/demo");
        const account = tab.getByRole("button", { name: "Menú de cuenta" });
        await account.click();
        const menu = tab.getByRole("menu");
        await expect.poll(() => menu.innerText()).toContain(username);
        expect(await menu.innerText()).toContain(fullName);
        // The shared page names no shop of theirs; Elena's own account adds the platform's administration.
        if (username === people.elena[0]) await menu.getByText("Administración de la plataforma").waitFor();
        await snap(tab, `signed-in-shared-${username.split("@")[0]}`);
      } finally {
        await context.close();
      }
    }
  });
});
