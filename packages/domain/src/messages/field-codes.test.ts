import { describe, expect, it } from "vitest";
import { productInput } from "../rules/product-form";
import { shopInput } from "../schemas/accounts";
import { type FieldIssue, fieldCodeOf } from "./field-codes";
import { translate } from "./index";

function fieldCodes(result: { error?: { issues: (FieldIssue & { path: PropertyKey[] })[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), fieldCodeOf(issue)]));
}

describe("field codes of zod issues", () => {
  it("says a missing product name is required, not 'Debe ser un número'", () => {
    const codes = fieldCodes(productInput.safeParse({ type: "product", list_price: 100, stock: 1 }));
    expect(codes.name).toBe("required");
    expect(translate("es", codes.name)).toBe("Requerido");
  });
  it("says a missing shop name is required", () => {
    expect(fieldCodes(shopInput.safeParse({ slug: "mi-tienda" })).name).toBe("required");
  });
  it("keeps 'must be a number' for numbers and the schema's own codes", () => {
    const codes = fieldCodes(productInput.safeParse({ type: "product", name: "x".repeat(151), list_price: "diez", stock: 1.5 }));
    expect(codes).toMatchObject({ name: "max_length", list_price: "must_be_number", stock: "must_be_number" });
  });
});
