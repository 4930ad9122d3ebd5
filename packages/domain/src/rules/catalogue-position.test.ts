import { describe, expect, it } from "vitest";
import { catalogueSlug, clampPosition, moveItem, positionOptions, sectionsAfterCatalogues, shortLinkName } from "./catalogue-position";

describe("catalogue positions", () => {
  it("offers one zero-based option per item", () => {
    expect(positionOptions(3)).toEqual([0, 1, 2]);
    expect(positionOptions(0)).toEqual([]);
  });
  it("moves an item by drag indexes without touching the original list", () => {
    const list = ["a", "b", "c", "d"];
    expect(moveItem(list, 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(list, 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(list, 5, 0)).toEqual(list);
    expect(list).toEqual(["a", "b", "c", "d"]);
  });
  it("clamps positions into the list", () => {
    expect(clampPosition(9, 3)).toBe(2);
    expect(clampPosition(-1, 3)).toBe(0);
    expect(clampPosition(1.5, 3)).toBeNull();
    expect(clampPosition(0, 0)).toBeNull();
  });
  it("cuts short-link names to 100 characters", () => {
    expect(shortLinkName("x".repeat(150))).toHaveLength(100);
    expect(shortLinkName("  Verano  ")).toBe("Verano");
  });
  it("adds the catalogues section on create and removes it when none remain", () => {
    expect(sectionsAfterCatalogues(["products"], 1)).toEqual(["products", "catalogues"]);
    expect(sectionsAfterCatalogues(["products", "catalogues"], 0)).toEqual(["products"]);
    expect(sectionsAfterCatalogues(["products", "catalogues"], 2)).toEqual(["products", "catalogues"]);
  });
  it("slugs catalogue names", () => {
    expect(catalogueSlug("Temporada de Otoño 2026")).toBe("temporada-de-otono-2026");
    expect(catalogueSlug("¡¡!!")).toBe("catalogo");
  });
});
