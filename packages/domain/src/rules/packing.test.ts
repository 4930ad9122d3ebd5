import { describe, expect, it } from "vitest";
import { completesPacking, decideBinQuantity, isPackingOpen, orderViewer, packerRole, packingAccess, packingState } from "./packing";

describe("packing an order into boxes", () => {
  it.each([
    [
      "nothing in a box",
      [
        { ordered: 2, packed: 0 },
        { ordered: 1, packed: 0 },
      ],
      "not_packed",
    ],
    [
      "some units in boxes",
      [
        { ordered: 2, packed: 1 },
        { ordered: 1, packed: 0 },
      ],
      "partially_packed",
    ],
    [
      "one line packed, another not",
      [
        { ordered: 2, packed: 2 },
        { ordered: 1, packed: 0 },
      ],
      "partially_packed",
    ],
    [
      "every unit in a box",
      [
        { ordered: 2, packed: 2 },
        { ordered: 1, packed: 1 },
      ],
      "packed",
    ],
    ["an order with no lines", [], "not_packed"],
  ] as const)("reads %s as %s", (_case, lines, state) => {
    expect(packingState(lines)).toBe(state);
  });

  it.each([
    ["paid", true],
    ["confirmed", true],
    ["in_process", true],
    ["ready_to_deliver", false],
    ["on_the_way", false],
    ["delivered", false],
    ["pending_payment", false],
    ["canceled_by_supplier", false],
  ] as const)("lets an order in state %s be packed: %s", (state, open) => {
    expect(isPackingOpen(state)).toBe(open);
  });

  it.each([
    ["the owner", { isOwner: true, roles: [] }, "pack"],
    ["an admin", { isOwner: false, roles: ["admin"] }, "pack"],
    ["a dispatcher", { isOwner: false, roles: ["dispatcher"] }, "pack"],
    ["an accountant", { isOwner: false, roles: ["accountant"] }, "read"],
    ["a qrreader", { isOwner: false, roles: ["qrreader"] }, null],
    ["a stranger", { isOwner: false, roles: [] }, null],
  ] as const)("gives %s packing access %s", (_who, access, expected) => {
    expect(packingAccess(access)).toBe(expected);
  });

  it("lets a box hold what the other boxes leave of a line, and says how much that is when asked for more", () => {
    expect(decideBinQuantity({ ordered: 3, inOtherBins: 2 }, 1)).toEqual({ ok: true });
    expect(decideBinQuantity({ ordered: 3, inOtherBins: 2 }, 2)).toEqual({ ok: false, code: "packing_quantity_exceeded", available: 1 });
    expect(decideBinQuantity({ ordered: 3, inOtherBins: 0 }, 0)).toEqual({ ok: true });
  });

  it("names the role a packer acts in for the timeline, owner before admin before dispatcher", () => {
    expect(packerRole({ isOwner: true, roles: ["dispatcher"] })).toBe("owner");
    expect(packerRole({ isOwner: false, roles: ["dispatcher", "admin"] })).toBe("admin");
    expect(packerRole({ isOwner: false, roles: ["dispatcher"] })).toBe("dispatcher");
    expect(packerRole({ isOwner: false, roles: ["accountant"] })).toBeNull();
  });

  it("counts a change as completing the packing only when it turns the order packed", () => {
    expect(completesPacking("partially_packed", "packed")).toBe(true);
    expect(completesPacking("not_packed", "packed")).toBe(true);
    expect(completesPacking("packed", "packed")).toBe(false);
    expect(completesPacking("packed", "partially_packed")).toBe(false);
    expect(completesPacking("not_packed", "partially_packed")).toBe(false);
  });

  it("sees an order as its supplier, or as the franchise store it was bought in, and no other shop", () => {
    const order = { supplierId: "root", storeId: "franchise" };
    expect(orderViewer({ id: "root", storeType: "supplier" }, order)).toBe("supplier");
    expect(orderViewer({ id: "franchise", storeType: "franchise" }, order)).toBe("franchise_store");
    expect(orderViewer({ id: "franchise", storeType: "affiliate" }, order)).toBeNull();
    expect(orderViewer({ id: "other", storeType: "franchise" }, order)).toBeNull();
  });
});
