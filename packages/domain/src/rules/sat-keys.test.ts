import { describe, expect, it } from "vitest";
import { defaultSatKeys, isSatProductKey, isSatUnitKey, satProductKeys, satUnitKeys, searchSatKeys } from "./sat-keys";

describe("SAT product and unit keys (c_ClaveProdServ, c_ClaveUnidad)", () => {
  it("defaults to 01010101 by the piece, or by the unit of service for services", () => {
    expect(defaultSatKeys(false)).toEqual({ productKey: "01010101", unitKey: "H87" });
    expect(defaultSatKeys(true)).toEqual({ productKey: "01010101", unitKey: "E48" });
  });

  it("takes 8 digits of SAT's segments 10–95, or the generic key", () => {
    expect(isSatProductKey("01010101")).toBe(true);
    expect(isSatProductKey("53102500")).toBe(true);
    expect(isSatProductKey("95000000")).toBe(true);
    expect(isSatProductKey("01010102")).toBe(false);
    expect(isSatProductKey("09999999")).toBe(false);
    expect(isSatProductKey("96000000")).toBe(false);
    expect(isSatProductKey("5310250")).toBe(false);
    expect(isSatProductKey("5310250A")).toBe(false);
  });

  it("takes the units the bundled catalogue lists", () => {
    expect(isSatUnitKey("H87")).toBe(true);
    expect(isSatUnitKey("E48")).toBe(true);
    expect(isSatUnitKey("h87")).toBe(false);
    expect(isSatUnitKey("PZA")).toBe(false);
  });

  it("bundles well-formed, unique keys", () => {
    for (const entry of satProductKeys) expect(isSatProductKey(entry.key), entry.key).toBe(true);
    expect(new Set(satProductKeys.map((entry) => entry.key)).size).toBe(satProductKeys.length);
    expect(new Set(satUnitKeys.map((entry) => entry.key)).size).toBe(satUnitKeys.length);
  });

  it("finds entries by key prefix or by every word of the name, accents aside", () => {
    expect(searchSatKeys(satProductKeys, "5310").map((entry) => entry.key)).toEqual(["53101500", "53101600", "53101800", "53102500"]);
    expect(searchSatKeys(satProductKeys, "cafe").map((entry) => entry.key)).toEqual(["50201700"]);
    expect(searchSatKeys(satProductKeys, "servicios ENVIO").map((entry) => entry.key)).toEqual(["78102203"]);
    expect(searchSatKeys(satUnitKeys, "pieza")).toEqual([{ key: "H87", name: "Pieza" }]);
    expect(searchSatKeys(satUnitKeys, "h8")).toEqual([{ key: "H87", name: "Pieza" }]);
    expect(searchSatKeys(satProductKeys, "", 3)).toHaveLength(3);
    expect(searchSatKeys(satProductKeys, "zzz")).toEqual([]);
  });
});
