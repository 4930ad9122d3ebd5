import { describe, expect, it } from "vitest";
import { isPackageSide, isPackageWeight, missingPackageSide, packageSideMaxCm, packageWeightMaxGrams } from "./package-size";

describe("a product's package", () => {
  it("takes sides of 1 to 300 whole centimetres and weights of 1 g to 70 kg", () => {
    expect([1, packageSideMaxCm].every(isPackageSide)).toBe(true);
    expect([0, -1, 12.5, packageSideMaxCm + 1, Number.NaN].some(isPackageSide)).toBe(false);
    expect([1, packageWeightMaxGrams].every(isPackageWeight)).toBe(true);
    expect([0, 2.5, packageWeightMaxGrams + 1].some(isPackageWeight)).toBe(false);
  });

  it("wants all three sides or none, and names the first one missing", () => {
    expect(missingPackageSide({ length: null, width: null, height: null })).toBeNull();
    expect(missingPackageSide({ length: 30, width: 20, height: 10 })).toBeNull();
    expect(missingPackageSide({ length: 30, width: null, height: 10 })).toBe("width");
    expect(missingPackageSide({ length: null, width: null, height: 10 })).toBe("length");
  });
});
