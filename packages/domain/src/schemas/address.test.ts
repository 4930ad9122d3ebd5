import { describe, expect, it } from "vitest";
import { addressLine, deliveryAddressErrors } from "./address";

const complete = { address_name: "Lucía Pérez", street_address: "Av. Álvaro Obregón 120", locality: "CDMX", postal_code: "06700" };

describe("delivery address", () => {
  it("accepts a complete address", () => {
    expect(deliveryAddressErrors(complete)).toEqual({});
  });

  it("requires recipient, street and town, and a 5-digit postal code", () => {
    expect(
      deliveryAddressErrors({ ...complete, address_name: "  ", street_address: "", locality: undefined, postal_code: "6700" }),
    ).toEqual({
      address_name: "required",
      street_address: "required",
      locality: "required",
      postal_code: "invalid_postal_code",
    });
  });

  it("reports a missing postal code as required", () => {
    expect(deliveryAddressErrors({ ...complete, postal_code: undefined })).toEqual({ postal_code: "required" });
  });

  it("reads as one line, preferring the formatted address", () => {
    expect(addressLine({ ...complete, administrative_area_level_1: "Ciudad de México", sublocality: "" })).toBe(
      "Av. Álvaro Obregón 120, CDMX, Ciudad de México, 06700",
    );
    expect(addressLine({ ...complete, formatted_address: "Obregón 120, Roma Nte." })).toBe("Obregón 120, Roma Nte.");
  });
});
