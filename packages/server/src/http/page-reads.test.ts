import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopMembers, shops } from "../db/schema/shops";
import { createShop, createTestApp, createUser, signIn } from "../test/harness";
import { newPageReads, withPageReads } from "./page-reads";

/** One server-rendered page, many in-process API calls: they share the page's lookups of its shop and roles (issue 35). */
describe("a page's shared reads", () => {
  it("look the shop up once per page, never across pages, and keep each visitor's own access", async () => {
    const t = await createTestApp();
    try {
      const owner = await createUser(t.ctx, { fullName: "Owner Reads" });
      const customer = await createUser(t.ctx, { fullName: "Customer Reads" });
      const shop = await createShop(t.ctx, owner.id, { slug: "lecturas", name: "Antes" });
      const asOwner = await signIn(t.ctx, owner.id);
      const asCustomer = await signIn(t.ctx, customer.id);
      const get = async (headers: Record<string, string>, page?: ReturnType<typeof newPageReads>) => {
        const request = { method: "GET" as const, url: "/api/v1/shops/LECTURAS", headers };
        const response = await (page ? withPageReads(page, () => t.app.inject(request)) : t.app.inject(request));
        expect(response.statusCode).toBe(200);
        return response.json() as { name: string; permissions: unknown };
      };
      const page = newPageReads(t.ctx.db);
      const first = await get(asOwner, page);
      expect(first.name).toBe("Antes");
      // Renamed behind the API's back: the page's later calls keep the row it read first, whoever asks.
      await t.ctx.db.update(shops).set({ name: "Después" }).where(eq(shops.id, shop.id));
      const ownerAgain = await get(asOwner, page);
      const customerInPage = await get(asCustomer, page);
      expect([ownerAgain.name, customerInPage.name]).toEqual(["Antes", "Antes"]);
      // The shop is shared, each visitor's access in it is not: the customer is never handed the owner's permissions.
      expect(ownerAgain.permissions).toEqual(first.permissions);
      expect(customerInPage.permissions).toEqual((await get(asCustomer)).permissions);
      expect(customerInPage.permissions).not.toEqual(first.permissions);
      // Outside a page, and in another page, the shop is read afresh.
      expect((await get(asOwner)).name).toBe("Después");
      expect((await get(asOwner, newPageReads(t.ctx.db))).name).toBe("Después");
      // A page whose handle is not the app's (a transaction's, here another object) shares nothing.
      expect((await get(asOwner, newPageReads({}))).name).toBe("Después");
    } finally {
      await t.close();
    }
  });

  it("keep a visitor's roles for that visitor only, and only within the page", async () => {
    const t = await createTestApp();
    try {
      const owner = await createUser(t.ctx, { fullName: "Owner Roles" });
      const member = await createUser(t.ctx, { fullName: "Member Roles" });
      const other = await createUser(t.ctx, { fullName: "Other Roles" });
      const shop = await createShop(t.ctx, owner.id, { slug: "roles-pagina" });
      await t.ctx.db.insert(shopMembers).values({ shopId: shop.id, userId: member.id, role: "dispatcher" });
      const permissionsOf = async (headers: Record<string, string>, page: ReturnType<typeof newPageReads>) => {
        const request = { method: "GET" as const, url: "/api/v1/shops/roles-pagina", headers };
        return (await withPageReads(page, () => t.app.inject(request))).json().permissions as unknown;
      };
      const asMember = await signIn(t.ctx, member.id);
      const asOther = await signIn(t.ctx, other.id);
      const page = newPageReads(t.ctx.db);
      const memberFirst = await permissionsOf(asMember, page);
      const otherFirst = await permissionsOf(asOther, page);
      expect(memberFirst).not.toEqual(otherFirst);
      // The role taken away behind the API's back: the page keeps what it read, a new page reads it again.
      await t.ctx.db.delete(shopMembers).where(eq(shopMembers.userId, member.id));
      expect(await permissionsOf(asMember, page)).toEqual(memberFirst);
      expect(await permissionsOf(asMember, newPageReads(t.ctx.db))).toEqual(otherFirst);
    } finally {
      await t.close();
    }
  });
});
