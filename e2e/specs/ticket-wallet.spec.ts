import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, downloadedBytes, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { apiWrite, open, signedIn } from "./storefront-helpers";

const experienceName = "Recorrido de mercados de Oaxaca";
const phone = { width: 390, height: 844 };

async function experienceId(): Promise<string> {
  const response = await fetch(`${baseURL()}/api/v1/shops/demo/products?type=experience&limit=100`);
  const { results } = (await response.json()) as { results: { id: string; name: string }[] };
  const found = results.find((item) => item.name === experienceName);
  if (!found) throw new Error(`the demo seed has no '${experienceName}'`);
  return found.id;
}

/** The payload of a JWT, read without its key (the server's tests verify the signature). */
function jwtPayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString("utf8"));
}

describe("tickets in the phone's wallet", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("the buyer adds a ticket to Apple Wallet and Google Wallet from the purchase page on a phone; a guest's link shows neither", async () => {
    const { context, page } = await signedIn(browser, "carlos@demo.tianguis.mx", phone);
    // The buying itself is tickets.spec's; here Carlos buys one place through the API and pays with the sandbox card.
    const purchase = (await apiWrite(context, "POST", "/shops/demo/checkout", {
      items: [{ product_id: await experienceId(), quantity: 1 }],
      delivery_type: "to_branch",
    })) as { id: string; access_token: string };
    const card = await context.request.post("/sandbox-pay/tokens", {
      data: { number: "4242424242424242", name: "Carlos", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    await apiWrite(context, "POST", `/checkouts/${purchase.id}/pay?token=${purchase.access_token}`, {
      method: "str_card",
      card_token: ((await card.json()) as { token: string }).token,
      return_path: "/pagado",
    });

    await open(page, `/tienda/demo/mis-compras/${purchase.id}`);
    const tickets = page.getByRole("region", { name: /Boletos del pedido/ });
    const apple = tickets.getByRole("link", { name: "Agregar a Apple Wallet" });
    await apple.waitFor();
    const code =
      (await tickets
        .getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
        .first()
        .textContent()) ?? "";
    await apple.scrollIntoViewIfNeeded();
    await snap(page, "ticket-wallet-phone");
    expect(await seriousViolations(page, "main")).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), apple.click()]);
    expect(download.suggestedFilename()).toMatch(/^boleto-[0-9a-f-]+\.pkpass$/);
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    for (const name of ["pass.json", "manifest.json", "signature", "icon.png"]) expect(bytes.includes(Buffer.from(name)), name).toBe(true);

    // Google's save page is not reached from the test machine: the browser lands on a stand-in at its address.
    await page.route("https://pay.google.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Google Wallet</title><p>Google Wallet</p>" }),
    );
    await tickets.getByRole("button", { name: "Guardar en Google Wallet" }).click();
    await page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const claims = jwtPayload(new URL(page.url()).pathname.split("/").pop() ?? "");
    expect(claims).toMatchObject({ aud: "google", typ: "savetowallet" });
    const objects = (claims.payload as { eventTicketObjects: { barcode: { value: string } }[] }).eventTicketObjects;
    expect(objects[0].barcode.value).toBe(code.replace(/-/g, ""));

    // The purchase's token link (what a guest gets by e-mail) opens the tickets but offers no wallet.
    const { context: guest, page: guestPage } = await newPage(browser, { viewport: phone });
    await open(guestPage, `/tienda/demo/mis-compras/${purchase.id}?token=${purchase.access_token}`);
    await guestPage
      .getByRole("region", { name: /Boletos del pedido/ })
      .getByRole("img", { name: /Código QR del boleto/ })
      .first()
      .waitFor();
    expect(await guestPage.getByRole("link", { name: "Agregar a Apple Wallet" }).count()).toBe(0);
    await guest.close();
    await context.close();
  });
});
