import { describe, expect, it } from "vitest";
import { translate } from "../messages/index";
import { registrationInput, shopInput, slugExistsInput } from "../schemas/accounts";
import {
  cleanEmailInput,
  cleanPhoneInput,
  defaultCountry,
  isValidPhone,
  isValidPin,
  isValidSlug,
  nonEmptyFields,
  normalizeUsername,
  phoneMaxLength,
  phoneUsername,
  slugCandidates,
  slugify,
  userLevelFor,
} from "./registration";

describe("registration rules", () => {
  it("defaults to Mexico +52 for Spanish and the US +1 otherwise", () => {
    expect(defaultCountry("es")).toEqual({ country: "MX", country_code: "52" });
    expect(defaultCountry("es-AR")).toEqual({ country: "MX", country_code: "52" });
    expect(defaultCountry("en")).toEqual({ country: "US", country_code: "1" });
  });

  it.each([
    ["MX", 12],
    ["AR", 12],
    ["US", 14],
    ["CA", 14],
    ["CO", 10],
    [undefined, 10],
  ])("limits the phone input for %s to %i characters", (country, max) => {
    expect(phoneMaxLength(country)).toBe(max);
  });

  it("removes spaces from the phone input and cuts it to the country's length", () => {
    expect(cleanPhoneInput("55 1234 5678", "MX")).toBe("5512345678");
    expect(cleanPhoneInput("1234567890123456", "CO")).toBe("1234567890");
    expect(cleanPhoneInput("1234567890123456", "US")).toBe("12345678901234");
  });

  it("requires exactly 10 digits in the phone flow ('InvalidNumber')", () => {
    expect(isValidPhone("5512345678")).toBe(true);
    expect(isValidPhone("551234567")).toBe(false);
    expect(isValidPhone("55123456789")).toBe(false);
    expect(isValidPhone("55123abc78")).toBe(false);
    expect(translate("en", "invalid_number")).toBe("Invalid number");
  });

  it("strips spaces from e-mails and lower-cases login names", () => {
    expect(cleanEmailInput(" ana @ejemplo.mx ")).toBe("ana@ejemplo.mx");
    expect(normalizeUsername(" Ana@Ejemplo.MX")).toBe("ana@ejemplo.mx");
    expect(normalizeUsername("+52 55 1234 5678")).toBe("+525512345678");
    expect(phoneUsername("52", "55 1234 5678")).toBe("+525512345678");
  });

  it("accepts a PIN of exactly 6 digits", () => {
    expect(isValidPin("123456")).toBe(true);
    expect(isValidPin("12345")).toBe(false);
    expect(isValidPin("1234567")).toBe(false);
    expect(isValidPin("12a456")).toBe(false);
  });

  it("allows letters, digits, _ and - in store slugs, else 'Invalid slug'", () => {
    expect(isValidSlug("mi_tienda-2")).toBe(true);
    expect(isValidSlug("mi tienda")).toBe(false);
    expect(isValidSlug("tienda.mx")).toBe(false);
    expect(isValidSlug("ñandú")).toBe(false);
    const parsed = shopInput.safeParse({ slug: "mi tienda", name: "Mi tienda" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe("invalid_slug");
    expect(translate("en", "invalid_slug")).toBe("Invalid slug");
    expect(translate("es", "slug_taken")).toBe("Este dominio no está disponible");
  });

  it("builds slug suggestions from the slug and the store name", () => {
    expect(slugify("Café de Ñandú & Co.")).toBe("cafe-de-nandu-co");
    const candidates = slugCandidates("Panaderia", "Panadería Lupita");
    expect(candidates.slice(0, 2)).toEqual(["panaderia", "panaderia-lupita"]);
    expect(candidates.length).toBeGreaterThanOrEqual(5);
    expect(candidates.every(isValidSlug)).toBe(true);
    expect(new Set(candidates).size).toBe(candidates.length);
    expect(slugExistsInput.parse({ slug: "x" }).n_suggestions).toBe(5);
  });

  it("gives ul2 with a store, ul1 after an entrepreneur plan, ul0 otherwise", () => {
    expect(userLevelFor({ hasStore: true, hasEntrepreneurPlan: false })).toBe(2);
    expect(userLevelFor({ hasStore: false, hasEntrepreneurPlan: true })).toBe(1);
    expect(userLevelFor({ hasStore: false, hasEntrepreneurPlan: false })).toBe(0);
    expect(userLevelFor({ hasStore: true, hasEntrepreneurPlan: false, currentLevel: 3 })).toBe(3);
  });

  it("drops empty profile fields before sending", () => {
    expect(nonEmptyFields({ full_name: "Ana", phone: "", image: null, password: undefined })).toEqual({ full_name: "Ana" });
  });
});

describe("registration payload", () => {
  const base = { full_name: "Ana Pérez", password: "secreto123", tac: true as const };

  it("needs the e-mail in the e-mail flow and strips its spaces", () => {
    expect(registrationInput.safeParse({ ...base, type: "email" }).success).toBe(false);
    expect(registrationInput.parse({ ...base, type: "email", email: " ana@ejemplo.mx" }).email).toBe("ana@ejemplo.mx");
  });

  it("needs a 10-digit phone with its country in the phone flow", () => {
    const bad = registrationInput.safeParse({ ...base, type: "phone", phone: "12345", country: "MX", country_code: "52" });
    expect(bad.error?.issues.map((issue) => issue.message)).toContain("invalid_number");
    expect(registrationInput.safeParse({ ...base, type: "phone", phone: "55 1234 5678", country: "mx", country_code: "52" }).success).toBe(
      true,
    );
  });

  it("requires accepting the terms", () => {
    const parsed = registrationInput.safeParse({ ...base, tac: false, type: "email", email: "a@b.mx" });
    expect(parsed.error?.issues[0].message).toBe("terms_required");
  });

  it("quotes the spec's PIN and waiting texts", () => {
    expect(translate("en", "invalid_pin")).toBe("The PIN entered is invalid or has already expired");
    expect(translate("es", "account_setting_up")).toBe(
      "Estamos terminando de configurar tu cuenta, este proceso puede tardar algunos minutos",
    );
    expect(translate("en", "existing_user")).toBe("user already exists");
    expect(translate("en", "profile_updated")).toBe("profile updated");
  });
});
