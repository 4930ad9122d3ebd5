import { describe, expect, it } from "vitest";
import { invoicingData, nextActionBody, sellerOrderListQuery, supplierCancelBody } from "./order";

const invoicing = { rfc: "GODE561231GR8", legal_name: "Erika Gómez", postal_code: "06600", tax_regime: "612", cfdi_use: "G03" };

describe("seller order list filters (GET orders: limit 10, include_delivered, include_canceled, dates)", () => {
  it("pages by 10 and leaves delivered and cancelled orders out by default", () => {
    expect(sellerOrderListQuery.parse({})).toEqual({ offset: 0, limit: 10, include_delivered: false, include_canceled: false });
  });
  it("reads the query string's booleans, states and dates", () => {
    const query = sellerOrderListQuery.parse({
      include_delivered: "true",
      include_canceled: "false",
      state: "on_the_way",
      start_date: "2026-01-01",
    });
    expect(query).toMatchObject({ include_delivered: true, include_canceled: false, state: "on_the_way", start_date: "2026-01-01" });
  });
  it.each([
    [{ limit: "11" }],
    [{ state: "shipped" }],
    [{ start_date: "2026-02-01", end_date: "2026-01-31" }],
    [{ delivery_type: "drone" }],
  ])("refuses %j", (query) => {
    expect(sellerOrderListQuery.safeParse(query).success).toBe(false);
  });
});

describe("invoicing data (RFC, tax regime, CFDI use)", () => {
  it.each([["GODE561231GR8"], ["ABC010203AB1"], ["xaxx010101000"], ["ÑAME900101AAA"]])("accepts the RFC %s", (rfc) => {
    expect(invoicingData.safeParse({ ...invoicing, rfc }).success).toBe(true);
  });
  it.each([["GODE561331GR8"], ["GO561231GR8"], ["GODE561231GR"], ["GODE-561231-GR8"]])("refuses the RFC %s as invalid_rfc", (rfc) => {
    expect(invoicingData.safeParse({ ...invoicing, rfc }).error?.issues[0]?.message).toBe("invalid_rfc");
  });
  it("keeps the RFC in capitals", () => {
    expect(invoicingData.parse({ ...invoicing, rfc: " gode561231gr8 " }).rfc).toBe("GODE561231GR8");
  });
  it("refuses unknown tax regimes and CFDI uses", () => {
    expect(invoicingData.safeParse({ ...invoicing, tax_regime: "600" }).success).toBe(false);
    expect(invoicingData.safeParse({ ...invoicing, cfdi_use: "P01" }).success).toBe(false);
  });
});

describe("next action and cancel bodies", () => {
  it("needs the state the seller saw", () => {
    expect(nextActionBody.safeParse({ estimated_delivery_date: "2026-03-02" }).success).toBe(false);
    expect(nextActionBody.parse({ from: "paid", estimated_delivery_date: "2026-03-02" })).toMatchObject({
      from: "paid",
    });
  });
  it("refuses a date that is not a day", () => {
    expect(nextActionBody.safeParse({ from: "paid", estimated_delivery_date: "02/03/2026" }).success).toBe(false);
  });
  it("needs a reason when the supplier cancels", () => {
    expect(supplierCancelBody.safeParse({ reason: "  " }).error?.issues[0]?.message).toBe("required");
  });
});
