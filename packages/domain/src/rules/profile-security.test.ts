import { describe, expect, it } from "vitest";
import { sensitiveChanges } from "./profile-security";

const stored = { email: "ana@ejemplo.mx", phone: "5512345678", country_code: "52" };

describe("sensitive profile changes", () => {
  it("a new password always counts", () => {
    expect(sensitiveChanges(stored, { password: "nueva-clave-1" })).toEqual(["password"]);
  });

  it("the e-mail and phone the form resends unchanged do not count", () => {
    expect(sensitiveChanges(stored, { email: " Ana@Ejemplo.MX ", phone: "5512345678", country_code: "52" })).toEqual([]);
    expect(sensitiveChanges(stored, {})).toEqual([]);
  });

  it("a different e-mail, phone number or phone country code counts", () => {
    expect(sensitiveChanges(stored, { email: "otra@ejemplo.mx" })).toEqual(["email"]);
    expect(sensitiveChanges(stored, { phone: "5599999999", country_code: "52" })).toEqual(["phone"]);
    expect(sensitiveChanges(stored, { phone: "5512345678", country_code: "1" })).toEqual(["phone"]);
    expect(sensitiveChanges({ email: null, phone: null, country_code: null }, { email: "a@b.mx", phone: "5512345678" })).toEqual([
      "email",
      "phone",
    ]);
    expect(sensitiveChanges(stored, { password: "x".repeat(8), email: "otra@ejemplo.mx" })).toEqual(["password", "email"]);
  });
});
