import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productReviews } from "../../db/schema/reviews";
import { type TestApp, createProduct, createTestApp, createUser, signIn } from "../../test/harness";
import { createShopWithRoles } from "../../test/shop-with-roles";

/** A multipart body: text fields and `photos` files. */
function multipart(fields: Record<string, string>, files: { name: string; type: string; data: Buffer }[] = []) {
  const boundary = `----review${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
const review = { title: "Muy bonito", qualification: "5", text: "Llegó a tiempo y bien empacado" };

describe("product reviews: delivered buyers rate once, the supplier answers once, the product page shows them", () => {
  let t: TestApp;
  let supplier: { id: string; slug: string };
  let reseller: { id: string; slug: string };
  let owner: Record<string, string>;
  let otherOwner: Record<string, string>;
  let buyer: Record<string, string>;
  let waitingBuyer: Record<string, string>;
  let stranger: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, {
      owner: { fullName: "Lucía Hernández" },
      shop: { name: "Casa Lucía" },
      otherShop: { name: "Reventa Mateo" },
      customer: { fullName: "Carlos Pérez Soto" },
    });
    ({ shop: supplier, otherShop: reseller } = cast);
    ({ owner, otherOwner, customer: buyer } = cast.as);
    waitingBuyer = await signIn(t.ctx, (await createUser(t.ctx, { fullName: "Rosa Díaz" })).id);
    stranger = await signIn(t.ctx, (await createUser(t.ctx)).id);
  });
  afterAll(async () => t.close());

  async function cardToken() {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    return response.json().token as string;
  }

  /** The customer buys the product (branch pickup, card); with `deliver` the supplier walks the order to delivered. */
  async function buy(headers: Record<string, string>, productId: string, deliver: boolean) {
    const created = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${supplier.slug}/checkout`,
      headers,
      payload: { items: [{ product_id: productId, quantity: 1 }], delivery_type: "to_branch" },
    });
    expect(created.statusCode).toBe(201);
    const purchase = created.json() as { id: string; access_token: string; orders: { id: string }[] };
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
      headers,
      payload: { method: "str_card", card_token: await cardToken(), return_path: "/pagado" },
    });
    expect(paid.json().status).toBe("paid");
    const orderId = purchase.orders[0].id;
    if (deliver) {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      for (const body of [
        { from: "paid", estimated_delivery_date: tomorrow },
        { from: "confirmed" },
        { from: "in_process" },
        { from: "ready_to_deliver" },
      ]) {
        const moved = await t.app.inject({
          method: "POST",
          url: `/api/v1/shops/${supplier.slug}/orders/${orderId}/next`,
          headers: owner,
          payload: body,
        });
        expect(moved.statusCode).toBe(200);
      }
    }
    return orderId;
  }

  const post = (productId: string, headers: Record<string, string> | undefined, body = multipart(review)) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/products/${productId}/reviews`,
      headers: { ...headers, "content-type": body.contentType },
      payload: body.payload,
    });
  const page = (productId: string, headers?: Record<string, string>, query = "") =>
    t.app.inject({ method: "GET", url: `/api/v1/products/${productId}/reviews${query}`, headers });
  const answer = (reviewId: string, headers: Record<string, string> | undefined, text = "¡Gracias por tu compra!") =>
    t.app.inject({ method: "POST", url: `/api/v1/reviews/${reviewId}/answer`, headers, payload: { answer: text } });

  it("lets a buyer whose order was delivered rate the product with photos, shown on the product page with the summary", async () => {
    const product = await createProduct(t.ctx, supplier.id, { name: "Rebozo de seda" });
    const orderId = await buy(buyer, product.id, true);
    const before = await t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}/reviews`, headers: buyer });
    expect(before.json().results).toEqual([{ product_id: product.id, review: null, can_review: true }]);

    const created = await post(
      product.id,
      buyer,
      multipart(review, [
        { name: "a.png", type: "image/png", data: await png() },
        { name: "b.png", type: "image/png", data: await png() },
      ]),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: "Muy bonito", qualification: 5, author_name: "Carlos", answer: null });
    expect(created.json().photos).toHaveLength(2);
    const photo = await t.app.inject({ method: "GET", url: created.json().photos[0].thumb });
    expect(photo.statusCode).toBe(200);

    const shown = (await page(product.id)).json();
    expect(shown.summary).toEqual({ count: 1, average: 5, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 } });
    expect(shown.results.map((row: { id: string }) => row.id)).toEqual([created.json().id]);
    expect(shown.can_answer).toBe(false);
    const after = await t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}/reviews`, headers: buyer });
    expect(after.json().results[0]).toMatchObject({ can_review: false, review: { id: created.json().id } });
  });

  it("refuses a second review by the same customer, also when two arrive at once (one stored, one 409)", async () => {
    const product = await createProduct(t.ctx, supplier.id);
    await buy(buyer, product.id, true);
    const both = await Promise.all([post(product.id, buyer), post(product.id, buyer), post(product.id, buyer)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(both.find((response) => response.statusCode === 409)?.json().code).toBe("review_already_exists");
    expect((await page(product.id)).json().summary.count).toBe(1);
    const again = await post(product.id, buyer);
    expect(again.statusCode).toBe(409);
  });

  it("refuses someone who did not buy (403), a buyer whose order is not delivered (422) and a visitor (401)", async () => {
    const product = await createProduct(t.ctx, supplier.id);
    await buy(waitingBuyer, product.id, false);
    const stranger403 = await post(product.id, stranger);
    expect(stranger403.statusCode).toBe(403);
    expect(stranger403.json().code).toBe("review_not_purchased");
    const waiting = await post(product.id, waitingBuyer);
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().code).toBe("review_not_delivered");
    expect((await post(product.id, undefined)).statusCode).toBe(401);
    // The supplier's own owner did not buy either.
    expect((await post(product.id, owner)).json().code).toBe("review_not_purchased");
    expect((await page(product.id)).json().summary).toMatchObject({ count: 0, average: null });
  });

  it("checks the form: 1 to 5 stars, title and text, images only within the limit, at most 5 photos", async () => {
    const product = await createProduct(t.ctx, supplier.id);
    await buy(buyer, product.id, true);
    const sixStars = await post(product.id, buyer, multipart({ ...review, qualification: "6" }));
    expect(sixStars.statusCode).toBe(400);
    expect(sixStars.json().field_codes).toMatchObject({ qualification: "review_qualification_invalid" });
    const noTitle = await post(product.id, buyer, multipart({ ...review, title: "  " }));
    expect(noTitle.json().field_codes).toMatchObject({ title: "required" });
    const pdf = await post(
      product.id,
      buyer,
      multipart(review, [{ name: "x.pdf", type: "application/pdf", data: Buffer.from("%PDF-1.4") }]),
    );
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().code).toBe("review_photo_rejected");
    const fake = await post(product.id, buyer, multipart(review, [{ name: "x.png", type: "image/png", data: Buffer.from("not a png") }]));
    expect(fake.json().code).toBe("review_photo_rejected");
    const big = await post(
      product.id,
      buyer,
      multipart(review, [{ name: "big.png", type: "image/png", data: Buffer.alloc(4_000_001, 1) }]),
    );
    expect(big.statusCode).toBe(400);
    const six = await Promise.all(Array.from({ length: 6 }, async (_, i) => ({ name: `${i}.png`, type: "image/png", data: await png() })));
    const tooMany = await post(product.id, buyer, multipart(review, six));
    expect(tooMany.statusCode).toBe(400);
    // None of the refusals counted: the buyer can still rate it, as JSON without photos too.
    const json = await t.app.inject({
      method: "POST",
      url: `/api/v1/products/${product.id}/reviews`,
      headers: buyer,
      payload: { title: "Bien", qualification: 4, text: "Cumple" },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().photos).toEqual([]);
  });

  it("lets the supplier's owner answer once; another shop's owner, the customer and a visitor cannot", async () => {
    const product = await createProduct(t.ctx, supplier.id);
    await buy(buyer, product.id, true);
    const { id } = (await post(product.id, buyer)).json();
    expect((await page(product.id, owner)).json().can_answer).toBe(true);
    expect((await page(product.id, otherOwner)).json().can_answer).toBe(false);

    expect((await answer(id, undefined)).statusCode).toBe(401);
    expect((await answer(id, buyer)).statusCode).toBe(403);
    expect((await answer(id, otherOwner)).statusCode).toBe(403);
    const [first, second] = await Promise.all([answer(id, owner), answer(id, owner, "Otra respuesta")]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const shown = (await page(product.id)).json().results[0];
    expect(shown.answer === "¡Gracias por tu compra!" || shown.answer === "Otra respuesta").toBe(true);
    expect(shown.answered_at).not.toBeNull();
    expect((await answer(id, owner)).json().code).toBe("review_already_answered");
    expect((await answer("00000000-0000-4000-8000-000000000000", owner)).statusCode).toBe(404);
  });

  it("lists the shop's reviews for its owner (unanswered filter), not for others", async () => {
    const product = await createProduct(t.ctx, supplier.id, { name: "Jarra de barro" });
    await buy(waitingBuyer, product.id, true);
    const { id } = (await post(product.id, waitingBuyer, multipart({ ...review, qualification: "2" }))).json();
    const url = `/api/v1/shops/${supplier.slug}/reviews`;
    const unanswered = await t.app.inject({ method: "GET", url: `${url}?unanswered=true`, headers: owner });
    expect(unanswered.statusCode).toBe(200);
    expect(unanswered.json().results.find((row: { id: string }) => row.id === id)).toMatchObject({ product_name: "Jarra de barro" });
    await answer(id, owner);
    const after = await t.app.inject({ method: "GET", url: `${url}?unanswered=true`, headers: owner });
    expect(after.json().results.some((row: { id: string }) => row.id === id)).toBe(false);
    expect((await t.app.inject({ method: "GET", url, headers: otherOwner })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url, headers: buyer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });

  it("shows a supplier's reviews where a reseller resells the product (same product id), averaged to one decimal", async () => {
    const product = await createProduct(t.ctx, supplier.id);
    await buy(buyer, product.id, true);
    await buy(waitingBuyer, product.id, true);
    await post(product.id, buyer, multipart({ ...review, qualification: "5" }));
    await post(product.id, waitingBuyer, multipart({ ...review, qualification: "4" }));
    const shown = (await page(product.id, undefined, "?limit=1")).json();
    expect(shown.summary).toMatchObject({ count: 2, average: 4.5 });
    expect(shown.results).toHaveLength(1);
    expect(shown.matches_estimated).toBe(2);
    // The reviews hang on the product id: the reseller's store page reads the same list.
    expect(reseller.slug).toBeTruthy();
    expect((await page(product.id, otherOwner)).json().summary.count).toBe(2);
  });

  it("keeps an anonymous page's summary for a while (REVIEW_SUMMARY_CACHE_MS) and forgets it when a review is written here", async () => {
    const product = await createProduct(t.ctx, supplier.id);
    await buy(buyer, product.id, true);
    await buy(waitingBuyer, product.id, true);
    process.env.REVIEW_SUMMARY_CACHE_MS = "60000";
    try {
      expect((await page(product.id)).json().summary.count).toBe(0);
      await post(product.id, buyer);
      // Written through this instance: the entry is gone at once.
      expect((await page(product.id)).json().summary.count).toBe(1);
      // Written elsewhere (another instance): anonymous pages keep the kept summary; signed-in readers see the database.
      const [row] = await t.ctx.db.select().from(productReviews).where(eq(productReviews.productId, product.id));
      const other = await createUser(t.ctx);
      await t.ctx.db.insert(productReviews).values({ ...row, id: undefined, customerId: other.id, qualification: 3 });
      expect((await page(product.id)).json().summary.count).toBe(1);
      expect((await page(product.id, stranger)).json().summary).toMatchObject({ count: 2, average: 4 });
    } finally {
      delete process.env.REVIEW_SUMMARY_CACHE_MS;
    }
  });

  it("answers 404 for an unknown product and another customer's order", async () => {
    expect((await page("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const product = await createProduct(t.ctx, supplier.id);
    const orderId = await buy(buyer, product.id, false);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}/reviews`, headers: stranger })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}/reviews` })).statusCode).toBe(401);
    const waiting = await t.app.inject({ method: "GET", url: `/api/v1/orders/${orderId}/reviews`, headers: buyer });
    expect(waiting.json().results[0]).toMatchObject({ can_review: false, review: null });
  });
});
