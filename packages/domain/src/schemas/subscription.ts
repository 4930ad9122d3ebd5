import { z } from "zod";
import { planIds } from "../rules/plans";
import { subscriptionStates } from "../rules/subscription";

/** A plan as the spec's static list shows it (commerce-and-accounts §3 'Plan'): price '199.00', rate '0.5', margin '99.50'. */
export const planView = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  list_price: z.number().int(),
  periodicity: z.literal("month"),
  interval: z.literal("month"),
  plan_commission_rate: z.string().nullable(),
  contribution_margin: z.string(),
  currency: z.string(),
  weight: z.number().int(),
  trial_days: z.number().int(),
  landing: z.string().nullable(),
});
export type PlanView = z.infer<typeof planView>;

export const savedCardView = z.object({
  id: z.string().uuid(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  default: z.boolean(),
});
export type SavedCardView = z.infer<typeof savedCardView>;

export const promptView = z
  .object({
    case: z.number().int().min(1).max(7),
    action: z.enum(["start_trial", "subscribe", "setup_card", "change_plan", "reactivate"]),
    plan: planView,
    trial_days: z.number().int().nullable(),
  })
  .nullable();
export type PromptView = z.infer<typeof promptView>;

/**
 * The signed-in user's subscription (commerce-and-accounts §3 'Subscription'): the membership, the current
 * subscription with its plans, the card on file, trial_used, pending_subscription and the 3DS url awaiting the user.
 */
export const subscriptionView = z.object({
  membership: z.object({
    plan: planView,
    source: z.enum(["signup", "subscription", "package"]).nullable(),
    valid_until: z.string().nullable(),
    trial: z.boolean(),
  }),
  current_subscription: z
    .object({
      id: z.string().uuid(),
      state: z.enum(subscriptionStates),
      canceled_at: z.string().nullable(),
      card_last4: z.string().nullable(),
      card_brand: z.string().nullable(),
      current_plan: planView,
      upgrade_plan: planView.nullable(),
      pending_plan: z.object({ id: z.string(), plan: planView, prorated_cost: z.number().int() }).nullable(),
      trial_ends_at: z.string().nullable(),
      period_start: z.string(),
      period_end: z.string(),
    })
    .nullable(),
  upgrade_plan: planView.nullable(),
  trial_used: z.boolean(),
  pending_subscription: z.boolean(),
  url_3ds: z.string().nullable(),
  prompt: promptView,
  user_level: z.number().int(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** 'Install membership with body plan (slug of the upgrade plan), broker from the shop' (§7). */
export const installSubscriptionBody = z.object({
  plan: z.enum(planIds),
  shop: z.string().min(1).max(200).optional(),
});

export const installResult = z.object({
  subscription: subscriptionView,
  url_3ds: z.string().nullable(),
  pending_subscription: z.boolean(),
});
export type InstallResult = z.infer<typeof installResult>;

export const addCardBody = z.object({ token: z.string().min(10).max(2000) });
export const addCardResult = z.object({ card: savedCardView, url_3ds: z.string().nullable() });
export const selectCardBody = z.object({ card_id: z.string().uuid() });
export const cardDeletion = z.object({ id: z.string().uuid(), delete_after: z.string() });

export const chargeStatuses = ["processing", "requires_action", "retrying", "succeeded", "failed", "refunded"] as const;

export const chargeView = z.object({
  id: z.string().uuid(),
  receipt_number: z.string(),
  kind: z.enum(["recurring", "validation"]),
  plan: planView.nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(chargeStatuses),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  url_3ds: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type ChargeView = z.infer<typeof chargeView>;

/**
 * A shop's subscription as the platform admin reads it (/plataforma/tiendas/{slug}/suscripcion): the owner's subscription
 * and its charges, newest first, each of which a paid monthly one may be refunded.
 */
export const shopSubscriptionView = z.object({
  shop: z.object({ slug: z.string(), name: z.string(), owner_name: z.string() }),
  subscription: z
    .object({
      state: z.enum(subscriptionStates),
      plan: planView,
      period_start: z.string(),
      period_end: z.string(),
      canceled_at: z.string().nullable(),
    })
    .nullable(),
  results: z.array(chargeView),
  matches_estimated: z.number().int(),
});
export type ShopSubscriptionView = z.infer<typeof shopSubscriptionView>;

/** Why a platform admin refunds a subscription's monthly charge: kept with the promoter's commission reversal. */
export const chargeRefundBody = z.object({ reason: z.string().trim().min(3).max(200) });

/** Billing history page size. */
export const BILLING_PAGE_SIZE = 10;
