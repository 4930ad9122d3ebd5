import { describe, expect, it } from "vitest";
import {
  commissionRateOf,
  isMembershipCurrent,
  levelFor,
  shortenedUntil,
  planIds,
  planOf,
  planPriceText,
  plans,
  premiumPlans,
  professionalRate,
  upgradePlanOf,
} from "./plans";

describe("the static plan list (commerce-and-accounts §3, §9)", () => {
  it("has the four plans of the spec, each 199.00 MXN a month at commission rate 0.5 and margin 99.50", () => {
    expect(premiumPlans.map((plan) => plan.id)).toEqual([...planIds]);
    for (const plan of premiumPlans) {
      expect(planPriceText(plan)).toBe("199.00");
      expect(plan).toMatchObject({ price: 19900, currency: "MXN", periodicity: "month", commissionRate: 0.5, contributionMargin: 9950 });
      expect(plan.weight).toBeGreaterThan(0);
      expect(plan.trialDays).toBeGreaterThan(0);
    }
    expect(professionalRate).toBe(0.5);
  });

  it("knows the free plan by weight 0 and falls back to it for unknown ids", () => {
    expect(plans.gratis.weight).toBe(0);
    expect(planOf("nope").id).toBe("gratis");
    expect(planOf(null).id).toBe("gratis");
  });

  it("offers the next plan of the ladder and nothing at the top", () => {
    expect(upgradePlanOf("gratis")?.id).toBe("plan_profesional");
    expect(upgradePlanOf("tienda_en_linea")?.id).toBe("negocio_digital");
    expect(upgradePlanOf("negocio_digital")?.id).toBe("plan_profesional");
    expect(upgradePlanOf("plan_profesional")).toBeNull();
    for (const plan of Object.values(plans)) {
      const next = upgradePlanOf(plan.id);
      if (next) expect(next.weight).toBeGreaterThan(plan.weight);
    }
  });

  it("gives the commission rate of the plan", () => {
    expect(commissionRateOf("plan_profesional")).toBe(0.5);
    expect(commissionRateOf("gratis")).toBe(0.5);
  });
});

describe("user levels follow the membership (§6)", () => {
  it.each([
    { name: "no store, no membership: ul0", hasStore: false, membership: null, level: 0 },
    {
      name: "free plan installed at sign-up, no store: ul1 (sees '¡Gana comisiones!')",
      hasStore: false,
      membership: { weight: 0 },
      level: 1,
    },
    { name: "premium plan, no store: ul2 (may duplicate catalogues)", hasStore: false, membership: { weight: 3 }, level: 2 },
    { name: "a store on the free plan: ul2", hasStore: true, membership: { weight: 0 }, level: 2 },
    { name: "a store without membership: ul2", hasStore: true, membership: null, level: 2 },
  ])("$name", ({ hasStore, membership, level }) => {
    expect(levelFor({ hasStore, membership })).toBe(level);
  });

  it("drops back when a premium membership lapses, and keeps a hand-given ul3", () => {
    expect(levelFor({ hasStore: false, membership: { weight: 0 }, currentLevel: 2 })).toBe(1);
    expect(levelFor({ hasStore: false, membership: null, currentLevel: 3 })).toBe(3);
  });

  it("treats a membership past its valid_until as over", () => {
    const now = new Date("2026-05-01T00:00:00Z");
    expect(isMembershipCurrent({ validUntil: null }, now)).toBe(true);
    expect(isMembershipCurrent({ validUntil: new Date("2026-05-02T00:00:00Z") }, now)).toBe(true);
    expect(isMembershipCurrent({ validUntil: now }, now)).toBe(false);
  });
});

describe("a refunded membership period takes its unused time off the membership (issue 30 §4)", () => {
  const day = (text: string) => new Date(`${text}T12:00:00.000Z`);
  it("ends a membership whose only period is refunded, used or not", () => {
    const period = { validFrom: day("2026-01-01"), validUntil: day("2026-04-01") };
    expect(shortenedUntil(day("2026-04-01"), period, day("2026-02-01"))).toBeNull();
    expect(shortenedUntil(day("2026-04-01"), period, day("2026-01-01"))).toBeNull();
  });
  it("takes a stacked period's months back whole, and a running one's rest", () => {
    const first = { validFrom: day("2026-01-01"), validUntil: day("2026-04-01") };
    const second = { validFrom: day("2026-04-01"), validUntil: day("2026-07-01") };
    expect(shortenedUntil(day("2026-07-01"), second, day("2026-02-01"))).toEqual(day("2026-04-01"));
    // The first, refunded on Feb 1st: its unused Feb 1st → Apr 1st (59 days) comes off July 1st.
    expect(shortenedUntil(day("2026-07-01"), first, day("2026-02-01"))).toEqual(day("2026-05-03"));
    // A period already over leaves the membership as it is.
    expect(shortenedUntil(day("2026-07-01"), first, day("2026-05-01"))).toEqual(day("2026-07-01"));
  });
});
