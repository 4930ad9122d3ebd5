import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cached, forgetListingAnswers, invalidateCatalogCache } from "./cache";

/** A load that answers when the test says so: a slow listing query still running when a write happens. */
function slowLoad<T>(value: T) {
  let answer = () => {};
  const promise = new Promise<T>((resolve) => {
    answer = () => resolve(value);
  });
  return { load: () => promise, answer };
}

describe("listing cache (cached)", () => {
  beforeEach(() => {
    vi.stubEnv("LISTING_CACHE_MS", "60000");
  });
  afterEach(() => {
    invalidateCatalogCache();
    vi.unstubAllEnvs();
  });

  it("keeps an answer for the next caller while no write happens", async () => {
    expect(await cached("listing:a", async () => "first")).toBe("first");
    expect(await cached("listing:a", async () => "second")).toBe("first");
  });

  for (const [write, forget] of [
    ["a write of items", invalidateCatalogCache],
    ["a write of stock only", forgetListingAnswers],
  ] as const) {
    it(`gives an answer loaded across ${write} to its caller but not to the next one`, async () => {
      const before = slowLoad("before the write");
      const loading = cached("listing:b", before.load);
      forget();
      before.answer();
      expect(await loading).toBe("before the write");
      expect(await cached("listing:b", async () => "after the write")).toBe("after the write");
      expect(await cached("listing:b", async () => "later")).toBe("after the write");
    });
  }
});
