import { describe, expect, it } from "vitest";
import { bulkAddInput, resaleSearchQuery } from "../schemas/reseller";
import { accessOf, bulkAddPercent, hasOwnSupplier, mayResell, pickerTitle, resaleRefusal, type ResaleCandidate } from "./reseller";

const now = new Date("2026-11-24T12:00:00Z");
const store = { id: "reseller", rootShopId: null };
const franchise = { id: "franchise", rootShopId: "root-supplier" };
const item = (values: Partial<ResaleCandidate> = {}): ResaleCandidate => ({
  shopId: "supplier",
  type: "product",
  isDropshipping: true,
  contributionMargin: 5000,
  listState: "published",
  hiden: false,
  experienceDate: null,
  ...values,
});

describe("who may resell an item (commerce-and-accounts §4, §8 'Adding product')", () => {
  it.each([
    ["a dropshipping item of a supplier open to all", item(), store, "open", null],
    ["the store's own item, whatever its state", item({ shopId: "reseller", listState: "unpublished" }), store, "none", null],
    [
      "a franchise's own supplier's item, even not dropshipping",
      item({ shopId: "root-supplier", isDropshipping: false }),
      franchise,
      "none",
      null,
    ],
    ["an item not offered for dropshipping", item({ isDropshipping: false }), store, "open", "invalid_product"],
    ["a dropshipping item without a margin", item({ contributionMargin: null }), store, "open", "invalid_product"],
    ["an unpublished item", item({ listState: "unpublished" }), store, "open", "product_not_found"],
    ["a hidden item", item({ hiden: true }), store, "open", "product_not_found"],
    [
      "a concluded experience",
      item({ type: "experience", experienceDate: new Date("2026-11-01T00:00:00Z") }),
      store,
      "open",
      "experience_concluded",
    ],
    ["a coming experience", item({ type: "experience", experienceDate: new Date("2026-12-01T00:00:00Z") }), store, "open", null],
    ["a supplier selling to approved resellers, request pending", item(), store, "pending", "reseller_access_required"],
    ["a supplier selling to approved resellers, request rejected", item(), store, "rejected", "reseller_access_required"],
    ["a supplier selling to approved resellers, never asked", item(), store, "none", "reseller_access_required"],
    ["a supplier selling to approved resellers, request approved", item(), store, "approved", null],
  ] as const)("%s", (_case, candidate, shop, access, code) => {
    expect(resaleRefusal(candidate, shop, access, now)?.code ?? null).toBe(code);
  });

  it("answers 422 for invalid items, 403 for a missing approval and 404 for unpublished ones", () => {
    expect(resaleRefusal(item({ isDropshipping: false }), store, "open", now)?.status).toBe(422);
    expect(resaleRefusal(item(), store, "none", now)?.status).toBe(403);
    expect(resaleRefusal(item({ hiden: true }), store, "open", now)?.status).toBe(404);
  });

  it("derives access from the supplier's audience and the request", () => {
    expect(accessOf("all", null)).toBe("open");
    expect(accessOf("all", "rejected")).toBe("open");
    expect(accessOf("approved", null)).toBe("none");
    expect(accessOf("approved", "pending")).toBe("pending");
    expect(accessOf("approved", "approved")).toBe("approved");
    expect(mayResell("open")).toBe(true);
    expect(mayResell("approved")).toBe(true);
    expect(mayResell("pending")).toBe(false);
    expect(mayResell("none")).toBe(false);
  });
});

describe("picker", () => {
  it("is titled by item type", () => {
    expect(pickerTitle("product")).toBe("picker_title_product");
    expect(pickerTitle("service")).toBe("picker_title_service");
    expect(pickerTitle("experience")).toBe("picker_title_experience");
    expect(pickerTitle("digital")).toBe("picker_title_digital");
  });

  it("pages by 10, sorts by contribution margin descending and checks at least 1000 matches by default (§9)", () => {
    expect(resaleSearchQuery.parse({})).toMatchObject({
      limit: 10,
      sort: "-contribution_margin",
      check_at_least: 1000,
      type: "product",
      offset: 0,
    });
    expect(resaleSearchQuery.safeParse({ dssupplier: "not-an-id" }).success).toBe(false);
  });

  it("offers the 'Mis productos' toggle to franchise stores only", () => {
    expect(hasOwnSupplier({ storeType: "franchise" })).toBe(true);
    expect(hasOwnSupplier({ storeType: "affiliate" })).toBe(false);
    expect(hasOwnSupplier({ storeType: null })).toBe(false);
  });

  it("shows bulk add progress as a whole percentage, complete when there was nothing to add", () => {
    expect(bulkAddPercent({ total: 1200, processed: 500 })).toBe(41);
    expect(bulkAddPercent({ total: 1200, processed: 1200 })).toBe(100);
    expect(bulkAddPercent({ total: 0, processed: 0 })).toBe(100);
  });

  it("adds all to the store, an existing catalogue or a new one, never both catalogues at once", () => {
    const filters = { type: "product" };
    expect(bulkAddInput.safeParse({ key: "k-12345678", filters }).success).toBe(true);
    expect(bulkAddInput.safeParse({ key: "k-12345678", filters, new_catalogue_name: "Nuevo" }).success).toBe(true);
    const both = { key: "k-12345678", filters, new_catalogue_name: "Nuevo", catalogue_id: "9b2f4f4e-3c55-4f0a-9a55-1f6f6b2f7a10" };
    expect(bulkAddInput.safeParse(both).success).toBe(false);
    expect(bulkAddInput.safeParse({ key: "short", filters }).success).toBe(false);
  });
});
