import { describe, expect, it } from "vitest";
import { type PromptFacts, floatsSubscriptionPrompt, subscriptionPrompt } from "./subscription-prompt";

const upgrade = { id: "plan_profesional", trialDays: 30 };
const sub = (state: NonNullable<PromptFacts["subscription"]>["state"], canceled = false, hasCard = true) => ({ state, canceled, hasCard });

describe("the subscription prompt's 7 cases (commerce-and-accounts §4)", () => {
  it("1. free plan, upgrade exists, trial not used: offers 'start now N trial days'", () => {
    expect(subscriptionPrompt({ planWeight: 0, upgradePlan: upgrade, trialUsed: false, subscription: null })).toEqual({
      case: 1,
      action: "start_trial",
      plan: "plan_profesional",
      trialDays: 30,
    });
  });

  it("2. free plan, upgrade exists, trial used: offers to subscribe", () => {
    expect(subscriptionPrompt({ planWeight: 0, upgradePlan: upgrade, trialUsed: true, subscription: sub("expired") })).toEqual({
      case: 2,
      action: "subscribe",
      plan: "plan_profesional",
    });
  });

  it("3. in trial, not canceled, no card: asks to set up the card", () => {
    const facts = { planWeight: 1, upgradePlan: upgrade, trialUsed: true, subscription: sub("in_trial", false, false) };
    expect(subscriptionPrompt(facts)).toEqual({ case: 3, action: "setup_card" });
  });

  it("4. in trial with a card, or active, with an upgrade: offers the change to it", () => {
    const inTrial = { planWeight: 1, upgradePlan: upgrade, trialUsed: true, subscription: sub("in_trial") };
    expect(subscriptionPrompt(inTrial)).toEqual({ case: 4, action: "change_plan", plan: "plan_profesional" });
    expect(subscriptionPrompt({ ...inTrial, subscription: sub("active") })?.case).toBe(4);
    expect(subscriptionPrompt({ ...inTrial, upgradePlan: null })).toBeNull();
  });

  it("5. in trial and canceled: offers to reactivate", () => {
    const facts = { planWeight: 3, upgradePlan: null, trialUsed: true, subscription: sub("in_trial", true) };
    expect(subscriptionPrompt(facts)).toEqual({ case: 5, action: "reactivate" });
    expect(subscriptionPrompt({ ...facts, upgradePlan: upgrade })?.case).toBe(5);
  });

  it("6. any other state (expired, unpaid, waiting for its first charge): offers to reactivate", () => {
    for (const state of ["expired", "past_due", "incomplete"] as const)
      expect(subscriptionPrompt({ planWeight: 3, upgradePlan: null, trialUsed: true, subscription: sub(state) })).toEqual({
        case: 6,
        action: "reactivate",
      });
  });

  it("7. active and canceled: offers to reactivate", () => {
    const facts = { planWeight: 3, upgradePlan: null, trialUsed: true, subscription: sub("active", true) };
    expect(subscriptionPrompt(facts)).toEqual({ case: 7, action: "reactivate" });
    expect(subscriptionPrompt({ ...facts, upgradePlan: upgrade })?.case).toBe(7);
  });

  it("otherwise shows nothing: active at the top plan, or a premium plan without a subscription", () => {
    expect(subscriptionPrompt({ planWeight: 3, upgradePlan: null, trialUsed: true, subscription: sub("active") })).toBeNull();
    expect(subscriptionPrompt({ planWeight: 2, upgradePlan: upgrade, trialUsed: false, subscription: null })).toBeNull();
  });
});

describe("the prompt's floating widget (commerce-and-accounts §2 'a block, a banner or a floating widget')", () => {
  const owner = { shop_slug: "demo" };
  it("floats on a shop owner's own pages", () => {
    for (const path of ["/apps/me/referral", "/apps/me/colaboraciones", "/me/wallet/abc", "/apps/paquetes"])
      expect(floatsSubscriptionPrompt(path, owner), path).toBe(true);
  });
  it("not on the subscription page (the block) nor its receipts", () => {
    expect(floatsSubscriptionPrompt("/apps/me/suscripcion", owner)).toBe(false);
    expect(floatsSubscriptionPrompt("/apps/me/suscripcion/recibos/1", owner)).toBe(false);
  });
  it("not where the share widget or the shop's contact bubble holds the corner", () => {
    for (const path of ["/", "/red-comercial", "/tienda/demo", "/applications"])
      expect(floatsSubscriptionPrompt(path, owner), path).toBe(false);
  });
  it("only to a signed-in shop owner (the spec: non-anonymous shop admins)", () => {
    expect(floatsSubscriptionPrompt("/apps/me/referral", null)).toBe(false);
    expect(floatsSubscriptionPrompt("/apps/me/referral", { shop_slug: null })).toBe(false);
  });
});
