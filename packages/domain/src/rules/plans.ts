/**
 * The static plan list and what a membership means (commerce-and-accounts §3 'Plan (static list)', §6 user levels,
 * §9 'Plan price 199.00 MXN per month; commission rate 0.5; contribution margin 99.50'). The one owner of plan facts:
 * prices, commission rates, weights, trial days and the upgrade ladder all come from here.
 */

export const planIds = ["plan_profesional", "tienda_en_linea", "negocio_digital", "facturacion_electronica"] as const;
export type PlanId = (typeof planIds)[number];

/** The free plan every account has without a premium membership (weight 0). */
export const freePlanId = "gratis";
export type AnyPlanId = PlanId | typeof freePlanId;

export interface Plan {
  id: AnyPlanId;
  name: string;
  /** Monthly price in minor units (19900 = 199.00). */
  price: number;
  currency: "MXN";
  periodicity: "month";
  /** What the plan's owner earns of a product's contribution margin when reselling it. */
  commissionRate: number | null;
  /** Minor units (9950 = 99.50). */
  contributionMargin: number;
  /** 0 is the free plan; a higher weight is a higher plan. */
  weight: number;
  trialDays: number;
  /** The plan the subscription prompt offers next, if any. */
  upgrade: PlanId | null;
  /** The plan's landing page (storefront-and-admin §2). */
  landing: string | null;
}

const premium = { price: 19900, currency: "MXN", periodicity: "month", commissionRate: 0.5, contributionMargin: 9950 } as const;

export const plans: Record<AnyPlanId, Plan> = {
  gratis: {
    id: freePlanId,
    name: "Gratis",
    price: 0,
    currency: "MXN",
    periodicity: "month",
    // The spec gives one commission rate (0.5) and every reseller earns it; premium plans add tools, not a better rate.
    commissionRate: 0.5,
    contributionMargin: 0,
    weight: 0,
    trialDays: 0,
    upgrade: "plan_profesional",
    landing: null,
  },
  tienda_en_linea: {
    ...premium,
    id: "tienda_en_linea",
    name: "Tienda en línea",
    weight: 1,
    trialDays: 14,
    upgrade: "negocio_digital",
    landing: "/tiendaenlinea",
  },
  facturacion_electronica: {
    ...premium,
    id: "facturacion_electronica",
    name: "Facturación electrónica",
    weight: 1,
    trialDays: 14,
    upgrade: "plan_profesional",
    landing: "/mkt/facturacion",
  },
  negocio_digital: {
    ...premium,
    id: "negocio_digital",
    name: "Negocio digital",
    weight: 2,
    trialDays: 14,
    upgrade: "plan_profesional",
    landing: "/negociodigital",
  },
  plan_profesional: {
    ...premium,
    id: "plan_profesional",
    name: "Plan profesional",
    weight: 3,
    trialDays: 30,
    upgrade: null,
    landing: "/emprendedores",
  },
};

/** The paid plans in the spec's order. */
export const premiumPlans: readonly Plan[] = planIds.map((id) => plans[id]);

export function isPlanId(id: string): id is AnyPlanId {
  return Object.hasOwn(plans, id);
}

export function planOf(id: string | null | undefined): Plan {
  return id && isPlanId(id) ? plans[id] : plans.gratis;
}

export function isPremium(plan: Pick<Plan, "weight">): boolean {
  return plan.weight > 0;
}

/** The plan the prompt offers after `id`: the next step of the ladder, or null at the top. */
export function upgradePlanOf(id: string | null | undefined): Plan | null {
  const next = planOf(id).upgrade;
  return next ? plans[next] : null;
}

/** The professional plan's commission rate (§9: 0.5): what the premium upsell and the 'buy by' price use. */
export const professionalRate = plans.plan_profesional.commissionRate as number;

/** The rate a beneficiary earns commissions at: their current plan's rate. */
export function commissionRateOf(planId: string | null | undefined): number | null {
  return planOf(planId).commissionRate;
}

/** The price as the spec writes it ('199.00'). */
export function planPriceText(plan: Pick<Plan, "price">): string {
  return (plan.price / 100).toFixed(2);
}

/** A membership as the level rule needs it: the plan's weight, and whether one was ever installed. */
export interface MembershipFacts {
  weight: number;
}

/**
 * User level after the account or its membership changes (storefront-and-admin §6; commerce-and-accounts §6):
 * ul2 (may duplicate catalogues, no 'earn more' upsell) with a store or a premium membership; ul1 (sees
 * '¡Gana comisiones!') with a membership on the free plan — an entrepreneur signed up with a plan — and no store;
 * ul0 otherwise. ul3 is granted by hand and kept.
 */
export function levelFor(state: { hasStore: boolean; membership: MembershipFacts | null; currentLevel?: number }): number {
  if (state.currentLevel === 3) return 3;
  if (state.hasStore || (state.membership && state.membership.weight > 0)) return 2;
  return state.membership ? 1 : 0;
}

/** Where memberships come from: a sign-up with a plan, a recurring subscription, or a bought package. */
export const membershipSources = ["signup", "subscription", "package"] as const;
export type MembershipSource = (typeof membershipSources)[number];

/** A membership with a `validUntil` in the past is over: the account is back on the free plan. */
/**
 * A refunded membership period (a package purchase given back, issue 30 §4) takes its unused time off the end of the
 * membership it extended: from the later of its start and now, to its end. A package bought on top of a running one
 * (starting when that one ends) takes all its months back; one half used takes back the half left. Answers the
 * membership's new end, or null when nothing of it is left after now (it ends now).
 */
export function shortenedUntil(membershipUntil: Date, period: { validFrom: Date; validUntil: Date }, now: Date): Date | null {
  const unusedFrom = Math.max(period.validFrom.getTime(), now.getTime());
  const unused = Math.max(0, period.validUntil.getTime() - unusedFrom);
  const until = membershipUntil.getTime() - unused;
  return until > now.getTime() ? new Date(until) : null;
}

export function isMembershipCurrent(membership: { validUntil: Date | null }, now: Date): boolean {
  return membership.validUntil === null || membership.validUntil.getTime() > now.getTime();
}
