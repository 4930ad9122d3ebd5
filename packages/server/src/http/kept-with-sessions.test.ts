import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { platformAdmins } from "../db/schema/support";
import { createShop, createTestApp, createUser, signIn } from "../test/harness";
import { type ShopWhere, recentShopRoles } from "./kept-with-sessions";
import { forgetSessions } from "./sessions";

/** The role check behind a signed-in visitor's shared storefront page (web.ts), kept as sessions are (issue 35). */
describe("a visitor's role in a shop, kept as their session is", () => {
  const previous = process.env.SESSION_CACHE_MS;
  beforeEach(() => {
    process.env.SESSION_CACHE_MS = "5000";
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.SESSION_CACHE_MS;
    else process.env.SESSION_CACHE_MS = previous;
  });

  /** A lookup over a table of roles the test changes behind the cache's back, counting its calls. */
  function lookupOver(roles: Set<string>) {
    const calls: string[] = [];
    const lookup = async (shop: ShopWhere, userId: string) => {
      const key = `${userId}@${"slug" in shop ? shop.slug : shop.domain}`;
      calls.push(key);
      return roles.has(key);
    };
    return { calls, lookup };
  }

  it("is looked up once per visitor and shop, never answered from another visitor's or shop's", async () => {
    const roles = new Set(["ana@demo"]);
    const { calls, lookup } = lookupOver(roles);
    const hasRole = recentShopRoles(lookup);
    expect(await hasRole({ slug: "demo" }, "ana")).toBe(true);
    expect(await hasRole({ slug: "DEMO" }, "ana")).toBe(true);
    expect(await hasRole({ slug: "demo" }, "carlos")).toBe(false);
    expect(await hasRole({ slug: "otra" }, "ana")).toBe(false);
    expect(await hasRole({ domain: "demo.example" }, "ana")).toBe(false);
    expect(calls).toEqual(["ana@demo", "carlos@demo", "ana@otra", "ana@demo.example"]);
  });

  it("is forgotten on every write (the sessions are), and a lookup a write overtook is not kept", async () => {
    const roles = new Set<string>();
    const { calls, lookup } = lookupOver(roles);
    const hasRole = recentShopRoles(lookup);
    expect(await hasRole({ slug: "demo" }, "carlos")).toBe(false);
    roles.add("carlos@demo");
    // Kept: the role given behind the API's back does not count yet.
    expect(await hasRole({ slug: "demo" }, "carlos")).toBe(false);
    forgetSessions();
    expect(await hasRole({ slug: "demo" }, "carlos")).toBe(true);
    // A write while the lookup runs: its answer serves that request only.
    const overtaken = recentShopRoles(async (shop, userId) => {
      const answer = await lookup(shop, userId);
      forgetSessions();
      return answer;
    });
    expect(await overtaken({ slug: "demo" }, "carlos")).toBe(true);
    expect(await overtaken({ slug: "demo" }, "carlos")).toBe(true);
    // The first, the one after the write, and both overtaken ones: the kept answer saved one lookup.
    expect(calls.filter((call) => call === "carlos@demo")).toHaveLength(4);
  });

  it("is not kept at all when sessions are not (SESSION_CACHE_MS=0)", async () => {
    process.env.SESSION_CACHE_MS = "0";
    const { calls, lookup } = lookupOver(new Set());
    const hasRole = recentShopRoles(lookup);
    await hasRole({ slug: "demo" }, "carlos");
    await hasRole({ slug: "demo" }, "carlos");
    expect(calls).toHaveLength(2);
  });
});

/** /auth/me with sessions kept (production's 5 s): each visitor's own shop and staff roles, current after any write. */
describe("the signed-in person's own shop and staff roles, kept as their session is", () => {
  const previous = process.env.SESSION_CACHE_MS;
  afterEach(() => {
    if (previous === undefined) delete process.env.SESSION_CACHE_MS;
    else process.env.SESSION_CACHE_MS = previous;
  });

  it("are never another visitor's, and a write through the API brings a change made behind its back", async () => {
    process.env.SESSION_CACHE_MS = "60000";
    const t = await createTestApp();
    try {
      const owner = await createUser(t.ctx, { fullName: "Dueña Kept" });
      const customer = await createUser(t.ctx, { fullName: "Cliente Kept" });
      await createShop(t.ctx, owner.id, { slug: "guardada" });
      const asOwner = await signIn(t.ctx, owner.id);
      const asCustomer = await signIn(t.ctx, customer.id);
      const me = async (headers: Record<string, string>) => {
        const response = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers });
        expect(response.statusCode).toBe(200);
        return response.json() as { full_name: string; shop_slug: string | null; platform_admin: boolean };
      };
      expect((await me(asOwner)).shop_slug).toBe("guardada");
      expect(await me(asCustomer)).toMatchObject({ full_name: "Cliente Kept", shop_slug: null, platform_admin: false });
      // Given a shop and a staff role behind the API's back: the kept answers stay until a write.
      await createShop(t.ctx, customer.id, { slug: "nueva-kept" });
      await t.ctx.db.insert(platformAdmins).values({ userId: customer.id });
      expect(await me(asCustomer)).toMatchObject({ shop_slug: null, platform_admin: false });
      expect((await me(asOwner)).shop_slug).toBe("guardada");
      // A write through the API (the owner's profile) forgets every kept answer.
      const saved = await t.app.inject({
        method: "PUT",
        url: "/api/v1/profile",
        headers: asOwner,
        payload: { full_name: "Dueña Guardada" },
      });
      expect(saved.statusCode).toBe(200);
      expect(await me(asCustomer)).toMatchObject({ full_name: "Cliente Kept", shop_slug: "nueva-kept", platform_admin: true });
      expect(await me(asOwner)).toMatchObject({ full_name: "Dueña Guardada", shop_slug: "guardada", platform_admin: false });
    } finally {
      await t.close();
    }
  });
});
