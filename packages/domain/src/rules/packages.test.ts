import { describe, expect, it } from "vitest";
import {
  addMonths,
  findLanding,
  findPackage,
  membershipPackages,
  monthlyPrice,
  packageChange,
  packageValidity,
  showsCommissionPromo,
  signupDestination,
} from "./packages";

const monthly = findPackage("paquete_mensual")!;
const semester = findPackage("paquete_semestral")!;
const annual = findPackage("paquete_anual")!;
const now = new Date("2026-03-10T12:00:00Z");

describe("the static package list (§2 /apps/paquetes)", () => {
  it("prices are integer minor units in MXN, the monthly one at the plan's 199.00", () => {
    for (const pkg of membershipPackages) {
      expect(Number.isInteger(pkg.price)).toBe(true);
      expect(pkg.currency).toBe("MXN");
    }
    expect(monthly.price).toBe(19_900);
  });

  it("longer packages cost less per month and weigh more", () => {
    expect(monthlyPrice(semester)).toBeLessThan(monthlyPrice(monthly));
    expect(monthlyPrice(annual)).toBeLessThan(monthlyPrice(semester));
    expect(annual.weight).toBeGreaterThan(semester.weight);
    expect(semester.weight).toBeGreaterThan(monthly.weight);
  });

  it("an unknown id is no package", () => {
    expect(findPackage("paquete_gratis")).toBeNull();
  });
});

describe("package validity", () => {
  it("adds calendar months, keeping the last day of a shorter month", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T10:00:00Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths(new Date("2026-11-15T00:00:00Z"), 6).toISOString()).toBe("2027-05-15T00:00:00.000Z");
  });

  it("with nothing held, the time starts at payment", () => {
    expect(packageValidity(semester, now, null)).toEqual({ valid_from: now, valid_until: new Date("2026-09-10T12:00:00Z") });
  });

  it("a renewal or an upgrade starts when the held package ends, so no day is lost", () => {
    const held = { package_id: "paquete_mensual" as const, valid_until: new Date("2026-03-20T00:00:00Z") };
    expect(packageValidity(monthly, now, held).valid_until.toISOString()).toBe("2026-04-20T00:00:00.000Z");
    expect(packageValidity(annual, now, held).valid_from).toEqual(held.valid_until);
  });

  it("an expired package does not push the start", () => {
    const held = { package_id: "paquete_anual" as const, valid_until: new Date("2026-03-01T00:00:00Z") };
    expect(packageValidity(monthly, now, held).valid_from).toEqual(now);
  });
});

describe("package change (§4): no downgrade while the current package is active", () => {
  const activeAnnual = { package_id: "paquete_anual" as const, valid_until: new Date("2026-12-01T00:00:00Z") };

  it.each([
    ["nothing held", null, monthly],
    ["the same package (renewal)", activeAnnual, annual],
    ["an upgrade", { package_id: "paquete_mensual" as const, valid_until: new Date("2026-04-01T00:00:00Z") }, annual],
    ["a downgrade once the current one ended", { ...activeAnnual, valid_until: new Date("2026-03-10T12:00:00Z") }, monthly],
  ])("accepts %s", (_case, held, requested) => {
    expect(packageChange(held, requested, now)).toEqual({ allowed: true });
  });

  it("refuses a downgrade while active, with the date it ends", () => {
    expect(packageChange(activeAnnual, semester, now)).toEqual({
      allowed: false,
      code: "package_still_active_no_downgrade",
      current: "paquete_anual",
      charge_date: activeAnnual.valid_until,
    });
  });
});

describe("sign-up landings and where a new account goes (§2, §4 Registration)", () => {
  it("plan landings carry their plan, default landings their account kind", () => {
    expect(findLanding("tiendaenlinea")).toMatchObject({ path: "/tiendaenlinea", plan_id: "tienda_en_linea", shop: null });
    expect(findLanding("facturacion")).toMatchObject({ path: "/mkt/facturacion", plan_id: "facturacion_electronica" });
    expect(findLanding("proveedores")).toMatchObject({ plan_id: null, shop: "supplier" });
    expect(findLanding("emprendedores")).toMatchObject({ plan_id: null, shop: "affiliate" });
    expect(findLanding("otra")).toBeNull();
  });

  it("with a plan: the setting-up wait, then the entrepreneur assistants", () => {
    expect(signupDestination({ plan: "tienda_en_linea" })).toEqual({
      kind: "assistants",
      path: "/asistentes/emprendedores",
      settingUp: true,
    });
    expect(signupDestination({ landing_code: "emprendedores" }).kind).toBe("assistants");
  });

  it("with a package code: back to that package; without a plan: the usual flow", () => {
    expect(signupDestination({ package_code: "paquete_anual" })).toEqual({
      kind: "package",
      path: "/apps/paquetes/paquete_anual",
      settingUp: false,
    });
    expect(signupDestination({ package_code: "no-existe" })).toEqual({ kind: "complete", settingUp: false });
    expect(signupDestination({ landing_code: "proveedores" })).toEqual({ kind: "complete", settingUp: false });
  });

  it("the commission promo shows to level one only", () => {
    expect([0, 1, 2, 3, null].map(showsCommissionPromo)).toEqual([false, true, false, false, false]);
  });
});
