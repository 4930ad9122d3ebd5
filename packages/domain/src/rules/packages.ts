/**
 * Membership packages and the sign-up landings (commerce-and-accounts §2 plan landings and /apps/paquetes, §3 Package
 * purchase response, §4 Package change, §8 package messages). A package buys a fixed stretch of a premium plan in one
 * payment; the spec's plans all cost 199.00 MXN a month, so longer packages are cheaper per month.
 */

import { type PlanId, planIds } from "./plans";

/** The plan every package sells time of (the top premium plan of the static plan list, §3). */
export const PACKAGE_PLAN_ID: PlanId = "plan_profesional";

export const packageIds = ["paquete_mensual", "paquete_semestral", "paquete_anual"] as const;
export type PackageId = (typeof packageIds)[number];

export interface MembershipPackage {
  id: PackageId;
  plan_id: PlanId;
  /** How long one purchase lasts, in calendar months. */
  months: number;
  /** Price in minor units. */
  price: number;
  currency: "MXN";
  /** Higher is more: buying a lower weight while a higher one is active is a downgrade (§4). */
  weight: number;
}

/** The static package list: 1 month at the plan's 199.00, 6 months with 10% off, 12 months for the price of 10. */
export const membershipPackages: readonly MembershipPackage[] = [
  { id: "paquete_mensual", plan_id: PACKAGE_PLAN_ID, months: 1, price: 19_900, currency: "MXN", weight: 1 },
  { id: "paquete_semestral", plan_id: PACKAGE_PLAN_ID, months: 6, price: 107_460, currency: "MXN", weight: 2 },
  { id: "paquete_anual", plan_id: PACKAGE_PLAN_ID, months: 12, price: 199_000, currency: "MXN", weight: 3 },
];

export function isPackageId(id: string): id is PackageId {
  return (packageIds as readonly string[]).includes(id);
}

export function findPackage(id: string): MembershipPackage | null {
  return membershipPackages.find((entry) => entry.id === id) ?? null;
}

/** Price per month in minor units, rounded down to the cent (what the package page compares). */
export function monthlyPrice(pkg: MembershipPackage): number {
  return Math.floor(pkg.price / pkg.months);
}

/** `date` plus `months` calendar months; a day the target month lacks becomes its last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The package a user holds now: the newest paid purchase whose time has not run out. */
export interface HeldPackage {
  package_id: PackageId;
  valid_until: Date;
}

/** Whether `held` still runs at `now`. */
export function isPackageActive(held: HeldPackage | null, now: Date): held is HeldPackage {
  return held !== null && held.valid_until.getTime() > now.getTime();
}

/**
 * The time a paid purchase buys: it starts when the time already held runs out (a renewal or an upgrade never loses
 * days), or at payment when nothing runs.
 */
export function packageValidity(pkg: MembershipPackage, paidAt: Date, held: HeldPackage | null): { valid_from: Date; valid_until: Date } {
  const validFrom = isPackageActive(held, paidAt) ? held.valid_until : paidAt;
  return { valid_from: validFrom, valid_until: addMonths(validFrom, pkg.months) };
}

export type PackageChange =
  { allowed: true } | { allowed: false; code: "package_still_active_no_downgrade"; current: PackageId; charge_date: Date };

/**
 * §4 Package change: a purchase is accepted unless it is a downgrade (a lower weight) while the current package is
 * active; then it is refused with the date the current package ends, after which the downgrade is possible.
 */
export function packageChange(held: HeldPackage | null, requested: MembershipPackage, now: Date): PackageChange {
  if (!isPackageActive(held, now)) return { allowed: true };
  const current = findPackage(held.package_id);
  if (!current || requested.weight >= current.weight) return { allowed: true };
  return { allowed: false, code: "package_still_active_no_downgrade", current: current.id, charge_date: held.valid_until };
}

/** Plan landings (§2 'Plan landing paths') and the default landings: which plan or account kind each one signs up. */
export const landingCodes = ["tiendaenlinea", "negociodigital", "facturacion", "proveedores", "emprendedores"] as const;
export type LandingCode = (typeof landingCodes)[number];

export interface Landing {
  code: LandingCode;
  path: string;
  /** The plan a sign-up from this landing gets (plan landings), or null for the default (free) plan or none. */
  plan_id: PlanId | null;
  /** The shop a sign-up from this landing opens: a supplier's, an affiliate's, or none. */
  shop: "supplier" | "affiliate" | null;
}

export const landings: readonly Landing[] = [
  { code: "tiendaenlinea", path: "/tiendaenlinea", plan_id: "tienda_en_linea", shop: null },
  { code: "negociodigital", path: "/negociodigital", plan_id: "negocio_digital", shop: null },
  { code: "facturacion", path: "/mkt/facturacion", plan_id: "facturacion_electronica", shop: null },
  { code: "proveedores", path: "/proveedores", plan_id: null, shop: "supplier" },
  { code: "emprendedores", path: "/emprendedores", plan_id: null, shop: "affiliate" },
];

export function findLanding(code: string | null | undefined): Landing | null {
  return landings.find((landing) => landing.code === code) ?? null;
}

/** Plan ids the sign-up accepts (§3 Plan static list). */
export const signupPlanIds = planIds;

/**
 * Where a new account goes once it is active (§4 Registration): with a plan (or from the entrepreneurs' landing) to
 * the entrepreneur assistants after the 'setting up' wait; with a package code back to that package; otherwise the
 * usual post-registration page.
 */
export function signupDestination(intent: {
  plan?: string | null;
  landing_code?: string | null;
  package_code?: string | null;
}):
  | { kind: "assistants"; path: "/asistentes/emprendedores"; settingUp: true }
  | { kind: "package"; path: string; settingUp: boolean }
  | { kind: "complete"; settingUp: false } {
  const viaPlan = Boolean(intent.plan) || intent.landing_code === "emprendedores";
  if (intent.package_code && isPackageId(intent.package_code))
    return { kind: "package", path: `/apps/paquetes/${intent.package_code}`, settingUp: viaPlan };
  if (viaPlan) return { kind: "assistants", path: "/asistentes/emprendedores", settingUp: true };
  return { kind: "complete", settingUp: false };
}

/** §2/§6: the '¡Gana comisiones!' button shows only to level-one users. */
export function showsCommissionPromo(userLevel: number | null | undefined): boolean {
  return userLevel === 1;
}
