import { describe, expect, it } from "vitest";
import { ordersPath } from "./admin-modules";
import { showsTour, tourSteps } from "./admin-tour";

describe("the admin bar's tour (commerce-and-accounts §2 tour toggle)", () => {
  it("walks the owner's bar in its order: share, products, orders, settings", () => {
    const bar = ["/", "/apps/me/products", "/catalogos", ordersPath, "/admin/configuracion"];
    expect(tourSteps(bar).map((step) => step.id)).toEqual(["share", "products", "orders", "settings"]);
  });

  it("skips the steps whose entry the bar does not show", () => {
    expect(tourSteps([ordersPath]).map((step) => step.id)).toEqual(["share", "orders"]);
  });

  it.each([
    [{ isOwner: true, showTour: true }, true],
    [{ isOwner: true, showTour: false }, false],
    [{ isOwner: true, showTour: null }, false],
    [{ isOwner: false, showTour: true }, false],
  ])("shows to the shop's owner while show_tour is on: %o → %s", (input, shown) => {
    expect(showsTour(input)).toBe(shown);
  });
});
