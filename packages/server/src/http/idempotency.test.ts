import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { products } from "../db/schema/catalog";
import { type TestApp, createProduct, createShop, createTestApp, createUser } from "../test/harness";

const guest = { full_name: "Ana López", email: "ana@example.com" };

describe("Idempotency-Key on creating a purchase", () => {
  let t: TestApp;
  let store: { slug: string; id: string };
  beforeAll(async () => {
    t = await createTestApp();
    store = await createShop(t.ctx, (await createUser(t.ctx)).id);
  });
  afterAll(async () => t.close());

  const checkout = (productId: string, headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${store.slug}/checkout`,
      headers,
      payload: { items: [{ product_id: productId, quantity: 1 }], contact: guest, delivery_type: "to_branch" },
    });

  async function stockOf(id: string) {
    const [row] = await t.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
    return row.stock;
  }

  it("a request that crashed holds its key for a short lease, then a retry creates the purchase once", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 5 });
    const headers = { "idempotency-key": "crashed-checkout-1", cookie: "tianguis_csrf=browser-a" };
    // The first request stops after taking its key, as if the server died there; it is let go at the end.
    const transaction = t.ctx.db.transaction.bind(t.ctx.db);
    let resume!: () => void;
    let stopped!: () => void;
    const reachedWork = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    const hang = vi.spyOn(t.ctx.db, "transaction").mockImplementationOnce(
      (work) =>
        new Promise((resolve, reject) => {
          resume = () => transaction(work).then(resolve, reject);
          stopped();
        }),
    );
    const crashed = checkout(item.id, headers);
    await reachedWork;
    hang.mockRestore();

    const whileLeased = await checkout(item.id, headers);
    expect(whileLeased.statusCode).toBe(409);
    expect(whileLeased.json().code).toBe("idempotency_conflict");
    t.clock.advance(31_000);
    const retried = await checkout(item.id, headers);
    expect(retried.statusCode).toBe(201);
    expect((await checkout(item.id, headers)).json().id).toBe(retried.json().id);

    // The first request wakes up after the retry took over: it must not leave a second purchase behind.
    resume();
    expect((await crashed).statusCode).toBe(409);
    expect(await stockOf(item.id)).toBe(4);
  });

  it("another guest reusing a key gets a purchase of their own, never the first guest's", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 5 });
    const key = "reused-by-two-guests";
    const first = await checkout(item.id, { "idempotency-key": key, cookie: "tianguis_csrf=browser-a" });
    const other = await checkout(item.id, { "idempotency-key": key, cookie: "tianguis_csrf=browser-b" });
    expect(first.statusCode).toBe(201);
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first.json().id);
    expect(other.json().access_token).not.toBe(first.json().access_token);
    const retry = await checkout(item.id, { "idempotency-key": key, cookie: "tianguis_csrf=browser-a" });
    expect(retry.json().id).toBe(first.json().id);
    expect(await stockOf(item.id)).toBe(3);
  });

  it("a guest without cookies is told apart by address and browser", async () => {
    const item = await createProduct(t.ctx, store.id, { stock: 5 });
    const key = { "idempotency-key": "no-cookie-guests" };
    const first = await checkout(item.id, { ...key, "user-agent": "Firefox/128" });
    const other = await checkout(item.id, { ...key, "user-agent": "Safari/17" });
    const retry = await checkout(item.id, { ...key, "user-agent": "Firefox/128" });
    expect(other.json().id).not.toBe(first.json().id);
    expect(retry.json().id).toBe(first.json().id);
  });
});
