import { describe, expect, it } from "vitest";
import { listingPageSize, productInput, saleState } from "./product-form";

const valid = { type: "product", name: "Rebozo", list_price: 189000, stock: 3 };

describe("product form", () => {
  it("accepts a minimal product and fills the defaults", () => {
    const parsed = productInput.parse(valid);
    expect(parsed).toMatchObject({
      main_type: "business",
      stock_type: "onstock",
      list_state: "published",
      variants: {},
      return_info: { return_type: "disallowed" },
    });
  });
  const invalid: { name: string; input: Record<string, unknown>; field: string; code: string }[] = [
    { name: "requires a name", input: { ...valid, name: " " }, field: "name", code: "required" },
    { name: "limits the name to 150 characters", input: { ...valid, name: "x".repeat(151) }, field: "name", code: "max_length" },
    { name: "requires stock for stock type onstock", input: { ...valid, stock: null }, field: "stock", code: "required" },
    { name: "requires the date of an experience", input: { ...valid, type: "experience" }, field: "experience_date", code: "required" },
    {
      name: "needs a crossout price above the price",
      input: { ...valid, crossout_price: 100 },
      field: "crossout_price",
      code: "crossout_not_higher",
    },
    {
      name: "refuses a margin above the price",
      input: { ...valid, contribution_margin: 200000 },
      field: "contribution_margin",
      code: "margin_above_price",
    },
    {
      name: "requires a contribution margin on a dropshipping item",
      input: { ...valid, is_dropshipping: true },
      field: "contribution_margin",
      code: "required",
    },
    {
      name: "takes the margin in whole minor units",
      input: { ...valid, is_dropshipping: true, contribution_margin: 10.5 },
      field: "contribution_margin",
      code: "too_small",
    },
    { name: "refuses negative stock", input: { ...valid, stock: -1 }, field: "stock", code: "too_small" },
  ];
  for (const testCase of invalid) {
    it(testCase.name, () => {
      const result = productInput.safeParse(testCase.input);
      expect(result.success).toBe(false);
      const issue = result.error?.issues.find((entry) => entry.path.join(".") === testCase.field);
      expect(issue, JSON.stringify(result.error?.issues)).toBeDefined();
      if (testCase.code !== "too_small") expect(issue?.message).toBe(testCase.code);
    });
  }
  it("takes the package's weight (half a kilo unless said) and its three sides, all or none", () => {
    const issues = (value: object) =>
      productInput.safeParse({ ...valid, ...value }).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];
    expect(productInput.parse(valid)).toMatchObject({ weight_grams: 500, package_cm: null });
    expect(productInput.parse({ ...valid, weight_grams: 1200, package_cm: { length: 40, width: 30, height: 5 } })).toMatchObject({
      weight_grams: 1200,
      package_cm: { length: 40, width: 30, height: 5 },
    });
    expect(issues({ weight_grams: 0 })).toEqual([["weight_grams", "package_weight_invalid"]]);
    expect(issues({ weight_grams: 70_001 })).toEqual([["weight_grams", "package_weight_invalid"]]);
    expect(issues({ weight_grams: null })).toEqual([["weight_grams", "package_weight_invalid"]]);
    expect(issues({ package_cm: { length: 40, width: null, height: 5 } })).toEqual([["package_cm.width", "package_incomplete"]]);
    expect(issues({ package_cm: { length: 301, width: 30, height: 2.5 } })).toEqual([
      ["package_cm.length", "package_side_invalid"],
      ["package_cm.height", "package_side_invalid"],
    ]);
  });

  it("accepts on-demand items without stock", () => {
    expect(productInput.safeParse({ ...valid, type: "service", stock_type: "ondemand", stock: null }).success).toBe(true);
  });
});

describe("sale state of the detail page", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const item = { list_state: "published", hiden: false, sold_out: false, type: "product", experience_date: null };
  it("'The product is out of stock.' when sold out", () => expect(saleState({ ...item, sold_out: true }, now)).toBe("out_of_stock"));
  it("'The product is temporarily unavailable for sale.' when unpublished or hidden", () => {
    expect(saleState({ ...item, list_state: "unpublished" }, now)).toBe("unavailable_for_sale");
    expect(saleState({ ...item, hiden: true }, now)).toBe("unavailable_for_sale");
  });
  it("a concluded experience is not for sale", () => {
    expect(saleState({ ...item, type: "experience", experience_date: "2026-05-01T00:00:00Z" }, now)).toBe("unavailable_for_sale");
  });
  it("available otherwise", () => expect(saleState(item, now)).toBe("available"));
});

describe("listing page sizes (spec §9)", () => {
  it("30 products, 18 services, 36 for other lists", () => {
    expect(listingPageSize("product")).toBe(30);
    expect(listingPageSize("service")).toBe(18);
    expect(listingPageSize("experience")).toBe(36);
    expect(listingPageSize("digital")).toBe(36);
  });
});
