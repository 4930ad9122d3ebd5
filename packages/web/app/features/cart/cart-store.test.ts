import { cartApi } from "@tianguis/domain/routes/cart";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The API as the cart store reaches it: every call is counted and answers an empty cart.
const calls: { path: string }[] = [];
vi.mock("../../lib/api/client", () => ({
  api: async (route: { path: string }) => {
    calls.push(route);
    return { orders: [], total_products: 0, total_amount: 0 };
  },
}));

const { closeDrawer, openDrawer, reloadOnOpen } = await import("./cart-store");

describe("the cart panel (commerce-and-accounts L110: closing resets the request state after 500 ms)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    calls.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("loads a signed-in user's orders again when opened 500 ms or more after closing", async () => {
    openDrawer();
    closeDrawer();
    vi.advanceTimersByTime(499);
    await reloadOnOpen("demo", "user-1");
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    await reloadOnOpen("demo", "user-1");
    expect(calls).toEqual([cartApi.get]);
    // Loaded once per reset: opening again without a closing asks nothing.
    await reloadOnOpen("demo", "user-1");
    expect(calls).toHaveLength(1);
  });

  it("keeps the request state when the panel opens again within 500 ms", async () => {
    closeDrawer();
    vi.advanceTimersByTime(300);
    openDrawer();
    vi.advanceTimersByTime(1000);
    await reloadOnOpen("demo", "user-1");
    expect(calls).toEqual([]);
  });

  it("has nothing to reload for an anonymous visitor, whose cart is in the browser", async () => {
    closeDrawer();
    vi.advanceTimersByTime(500);
    await reloadOnOpen("demo", null);
    expect(calls).toEqual([]);
  });
});
