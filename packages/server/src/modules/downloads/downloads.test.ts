import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createProduct, createShop, createTestApp, createUser, signIn } from "../../test/harness";

const guest = { full_name: "Ana López", email: "ana@example.com" };
const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(64 * 1024, 7), Buffer.from("\n%%EOF\n")]);
const DAY = 24 * 3600 * 1000;

/** A multipart body with one file part named `file`. */
function multipart(fileName: string, data: Buffer, contentType = "application/octet-stream") {
  const boundary = "----tianguis-test-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("digital downloads", () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let owner: Record<string, string>;
  let item: { id: string };
  const fileUrl = (productId = item.id, slug = shop.slug) => `/api/v1/shops/${slug}/products/${productId}/file`;

  beforeAll(async () => {
    t = await createTestApp();
    const lucia = await createUser(t.ctx);
    shop = await createShop(t.ctx, lucia.id);
    owner = await signIn(t.ctx, lucia.id);
    item = await createProduct(t.ctx, shop.id, { type: "digital", name: "Patrones (PDF)", stockType: "ondemand", stock: null });
  });
  afterAll(async () => t.close());

  async function upload(headers: Record<string, string>, fileName: string, data: Buffer, productId = item.id) {
    const body = multipart(fileName, data, "application/pdf");
    return t.app.inject({ method: "PUT", url: fileUrl(productId), headers: { ...headers, ...body.headers }, payload: body.payload });
  }

  async function cardToken() {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    return response.json().token as string;
  }

  /** A guest buys `productIds` (one each); nothing is sent about delivery beyond what is given. */
  async function guestBuys(productIds: string[], delivery: Record<string, unknown> = { delivery_type: "shipping" }) {
    return t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/checkout`,
      payload: { items: productIds.map((product_id) => ({ product_id, quantity: 1 })), contact: guest, ...delivery },
    });
  }

  async function pay(checkout: { id: string; access_token: string }) {
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${checkout.id}/pay?token=${checkout.access_token}`,
      payload: { method: "str_card", card_token: await cardToken(), return_path: "/pagado" },
    });
    expect(paid.json().status).toBe("paid");
    const view = await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${checkout.id}?token=${checkout.access_token}` });
    return view.json();
  }

  async function paidLink(): Promise<string> {
    const view = await pay((await guestBuys([item.id])).json());
    return view.orders[0].items[0].download_url;
  }

  it("lets the owner attach a PDF and shows its name and size back; others may not touch it", async () => {
    const attached = await upload(owner, "patrones otomí.pdf", pdf);
    expect(attached.statusCode).toBe(200);
    expect(attached.json().file).toMatchObject({ file_name: "patrones otomí.pdf", size: pdf.length, content_type: "application/pdf" });
    expect((await t.app.inject({ method: "GET", url: fileUrl(), headers: owner })).json().file.size).toBe(pdf.length);

    const otherOwner = await createUser(t.ctx);
    const otherShop = await createShop(t.ctx, otherOwner.id);
    const other = await signIn(t.ctx, otherOwner.id);
    const customer = await signIn(t.ctx, (await createUser(t.ctx)).id);
    expect((await upload(other, "x.pdf", pdf)).statusCode).toBe(403);
    const viaOwnShop = multipart("x.pdf", pdf);
    const intruder = await t.app.inject({
      method: "PUT",
      url: fileUrl(item.id, otherShop.slug),
      headers: { ...other, ...viaOwnShop.headers },
      payload: viaOwnShop.payload,
    });
    expect(intruder.statusCode).toBe(403);
    expect((await upload(customer, "x.pdf", pdf)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: fileUrl(), headers: customer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: fileUrl(), headers: other })).statusCode).toBe(403);
    const anonymous = await upload({}, "x.pdf", pdf);
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, "unauthorized"]);
    expect((await t.app.inject({ method: "GET", url: fileUrl(), headers: owner })).json().file.file_name).toBe("patrones otomí.pdf");
  });

  it("refuses a file of another type, and a file on an item that is not digital, with catalogue texts", async () => {
    const exe = await upload(owner, "setup.exe", Buffer.from("MZ"));
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: "digital_file_rejected" });
    expect(exe.json().message).toContain("50 MB");
    const tooBig = await upload(owner, "grande.pdf", Buffer.alloc(50 * 1024 * 1024 + 1));
    expect([tooBig.statusCode, tooBig.json().code]).toEqual([400, "digital_file_rejected"]);
    expect(fs.readdirSync(path.join(t.ctx.config.privateDir, "digital", item.id))).toHaveLength(1);
    const physical = await createProduct(t.ctx, shop.id);
    const refused = await upload(owner, "guia.pdf", pdf, physical.id);
    expect([refused.statusCode, refused.json().message]).toEqual([422, "Solo los productos digitales llevan un archivo descargable"]);
  });

  it("sells digital items without a delivery step: no address, no shipping, the digital path", async () => {
    const created = await guestBuys([item.id]);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ delivery_type: "to_branch", address: null, shipping_cost: 0 });
    expect(created.json().orders[0].path).toBe("digital");
    // Anything physical in the purchase still needs an address for shipping.
    const mixed = await guestBuys([item.id, (await createProduct(t.ctx, shop.id)).id]);
    expect([mixed.statusCode, mixed.json().code]).toEqual([400, "validation_failed"]);
  });

  it("gives no link before payment, then a link on the paid purchase that streams the same bytes", async () => {
    const created = (await guestBuys([item.id])).json();
    expect(created.orders[0].items[0].download_url).toBeNull();
    const unpaid = await t.app.inject({ method: "GET", url: `/api/v1/checkouts/${created.id}?token=${created.access_token}` });
    expect(unpaid.json().orders[0].items[0].download_url).toBeNull();

    const view = await pay(created);
    const link: string = view.orders[0].items[0].download_url;
    expect(link).toMatch(/^\/api\/v1\/downloads\/[\w.-]+$/);
    const download = await t.app.inject({ method: "GET", url: link });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="patrones otomi.pdf"; filename*=UTF-8''${encodeURIComponent("patrones otomí.pdf")}`,
    );
    // The order detail carries it too; a shared public link of the purchase does not.
    const detail = await t.app.inject({ method: "GET", url: `/api/v1/orders/${view.orders[0].id}?token=${created.access_token}` });
    expect(detail.json().orders[0].items[0].download_url).toBe(link);
    const shared = await t.app.inject({ method: "POST", url: `/api/v1/checkouts/${created.id}/share?token=${created.access_token}` });
    const publicView = await t.app.inject({ method: "GET", url: `/api/v1/checkouts/shared/${shared.json().public_slug}` });
    expect(publicView.json().orders[0].items[0].download_url).toBeNull();
  });

  it("refuses a tampered link and an expired one", async () => {
    const link = await paidLink();
    const tampered = `${link.slice(0, -3)}${link.endsWith("AAA") ? "BBB" : "AAA"}`;
    const forged = await t.app.inject({ method: "GET", url: tampered });
    expect([forged.statusCode, forged.json().code]).toEqual([404, "download_not_found"]);
    const [, , , , id, expiry, signature] = link.split(/[/.]/);
    const longer = await t.app.inject({
      method: "GET",
      url: `/api/v1/downloads/${id}.${(Number.parseInt(expiry, 36) + DAY).toString(36)}.${signature}`,
    });
    expect(longer.statusCode).toBe(404);

    t.clock.advance(8 * DAY);
    const expired = await t.app.inject({ method: "GET", url: link });
    expect([expired.statusCode, expired.json().code, expired.json().message]).toEqual([
      410,
      "download_expired",
      "Este enlace de descarga ya venció",
    ]);
  });

  it("allows 5 downloads per bought item and refuses the 6th", async () => {
    const link = await paidLink();
    for (let n = 1; n <= 5; n++) expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBe(200);
    const sixth = await t.app.inject({ method: "GET", url: link });
    expect([sixth.statusCode, sixth.json().code, sixth.json().message]).toEqual([
      410,
      "download_limit_reached",
      "Ya usaste las 5 descargas de este archivo",
    ]);
    // A HEAD request (link previews) is not a download and does not use one up.
    expect((await t.app.inject({ method: "HEAD", url: await paidLink() })).statusCode).toBe(404);
  });

  it("never exposes the file at a public URL", async () => {
    const link = await paidLink();
    const stored = fs.readdirSync(path.join(t.ctx.config.privateDir, "digital", item.id));
    expect(stored).toHaveLength(1);
    expect(path.relative(t.ctx.config.uploadDir, t.ctx.config.privateDir).startsWith("..")).toBe(true);
    const key = `digital/${item.id}/${stored[0]}`;
    for (const url of [`/media/${key}`, `/media/../private/${key}`, `/media/%2e%2e/private/${key}`, `/private/${key}`]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    const views = [
      await t.app.inject({ method: "GET", url: `/api/v1/products/${item.id}` }),
      await t.app.inject({ method: "GET", url: fileUrl(), headers: owner }),
    ];
    for (const view of views) expect(view.body).not.toContain(stored[0]);
    expect(link).not.toContain(stored[0]);
  });

  it("replaces the file for every buyer and stops the links once it is removed", async () => {
    const link = await paidLink();
    const epub = Buffer.from("PK\u0003\u0004 a book");
    expect((await upload(owner, "libro.epub", epub)).json().file).toMatchObject({ file_name: "libro.epub", size: epub.length });
    expect(fs.readdirSync(path.join(t.ctx.config.privateDir, "digital", item.id))).toHaveLength(1);
    const download = await t.app.inject({ method: "GET", url: link });
    expect(download.rawPayload.equals(epub)).toBe(true);
    expect(download.headers["content-type"]).toBe("application/epub+zip");

    expect((await t.app.inject({ method: "DELETE", url: fileUrl(), headers: owner })).statusCode).toBe(204);
    expect(fs.readdirSync(path.join(t.ctx.config.privateDir, "digital", item.id))).toHaveLength(0);
    expect((await t.app.inject({ method: "GET", url: fileUrl(), headers: owner })).json().file).toBeNull();
    expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBe(404);
  });
});
