import { describe, expect, it } from "vitest";
import { parseSearchQuery, toTsQuery } from "./search-query";

describe("search query parsing (spec §5)", () => {
  const cases: { name: string; input: string; text: string; start_date?: string; end_date?: string; fields?: Record<string, string> }[] = [
    { name: "joins plain terms with AND", input: "rebozo seda", text: "rebozo AND seda" },
    { name: "keeps an explicit OR between terms", input: "rebozo OR huipil", text: "rebozo OR huipil" },
    { name: "accepts lower-case joiners", input: "rebozo or huipil and seda", text: "rebozo OR huipil AND seda" },
    { name: "ignores a leading joiner", input: "OR talavera", text: "talavera" },
    { name: "keeps the wildcard of a prefix term", input: "tala*", text: "tala*" },
    {
      name: "turns fecha:from..to into start_date and end_date",
      input: "fecha:2026-01-01..2026-01-31 pedido",
      text: "pedido",
      start_date: "2026-01-01",
      end_date: "2026-01-31",
    },
    { name: "accepts an open-ended fecha range", input: "fecha:2026-03-01..", text: "", start_date: "2026-03-01" },
    { name: "drops an invalid fecha date", input: "fecha:2026-02-30..2026-03-01", text: "", end_date: "2026-03-01" },
    {
      name: "comma-joins repeated fields",
      input: "tag:rojo tag:azul campaign:verano",
      text: "",
      fields: { tag: "rojo,azul", campaign: "verano" },
    },
    { name: "keeps quoted phrases together", input: 'tag:"barro negro" jarrón', text: "jarrón", fields: { tag: "barro negro" } },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const parsed = parseSearchQuery(testCase.input);
      expect(parsed.text).toBe(testCase.text);
      expect(parsed.start_date).toBe(testCase.start_date);
      expect(parsed.end_date).toBe(testCase.end_date);
      expect(parsed.fields).toEqual(testCase.fields ?? {});
    });
  }
});

describe("text-search query of the parsed terms", () => {
  it("maps AND to &, OR to | and a wildcard to a prefix match", () => {
    expect(toTsQuery(parseSearchQuery("rebozo OR huipil seda*").terms)).toBe("rebozo | huipil & seda:*");
  });
  it("strips tsquery syntax from terms so user input cannot break the query", () => {
    expect(toTsQuery(parseSearchQuery("ta&la!(vera) ':*'").terms)).toBe("talavera");
  });
  it("makes the last term a prefix for autocomplete", () => {
    expect(toTsQuery(parseSearchQuery("barro neg").terms, { prefixLast: true })).toBe("barro & neg:*");
  });
  it("is empty when nothing searchable is left", () => {
    expect(toTsQuery(parseSearchQuery("*** !!").terms)).toBe("");
  });
});
