import { z } from "zod";
import { landingCodes, packageIds, signupPlanIds } from "../rules/packages";
import { facebookPixelPattern } from "../rules/shop-integrations";

/** A membership package as /apps/paquetes lists it (name and description in the request's locale, price in minor units). */
export const packageView = z.object({
  id: z.enum(packageIds),
  plan_id: z.string(),
  name: z.string(),
  description: z.string(),
  months: z.number().int(),
  price: z.number().int(),
  monthly_price: z.number().int(),
  currency: z.string(),
  weight: z.number().int(),
});
export type PackageView = z.infer<typeof packageView>;

export const packagePurchaseStates = ["pending_payment", "paid", "refunded"] as const;

/** One purchase of a package, reached by its payment token (commerce-and-accounts §3 Package purchase response). */
export const packagePurchaseView = z.object({
  id: z.string(),
  payment_token: z.string(),
  package: packageView,
  state: z.enum(packagePurchaseStates),
  amount: z.number().int(),
  currency: z.string(),
  /** The last attempt's failure code (card_declined, card_error), while unpaid. */
  last_failure: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type PackagePurchaseView = z.infer<typeof packagePurchaseView>;

/** PUT /packages/{id}/purchase: the payment token the browser follows to the payment page. */
export const packagePurchaseResponse = z.object({ payment_token: z.string(), purchase: packagePurchaseView });

/** The package the user holds now, if any. */
export const currentPackageResponse = z.object({
  current: z.object({ package: packageView, valid_until: z.string() }).nullable(),
});
export type CurrentPackage = z.infer<typeof currentPackageResponse>["current"];

export const packagePayBody = z.object({ card_token: z.string().min(1).max(2000) });

/** A platform admin's refund of a paid package: why, for the promoter's commission reversal and wallet. */
export const packageRefundBody = z.object({ reason: z.string().trim().min(3).max(200) });

export const packagePayResult = z.object({
  status: z.enum(["paid", "requires_action", "failed"]),
  code: z.string().optional(),
  next_action: z.object({ redirect_to_url: z.object({ url: z.string() }) }).optional(),
  purchase: packagePurchaseView,
});
export type PackagePayResult = z.infer<typeof packagePayResult>;

/** The refusal's details (§3: requested_package.name, current_package.name, charge_date). */
export const packageDowngradeDetails = z.object({
  requested_package: z.object({ id: z.string(), name: z.string() }),
  current_package: z.object({ id: z.string(), name: z.string() }),
  charge_date: z.string(),
});
export type PackageDowngradeDetails = z.infer<typeof packageDowngradeDetails>;

/**
 * What a sign-up carries from a landing (§2 /register/complete query: package_code, referal_id, click_id; §7 SMS
 * registration: landing_code): the plan to install, the landing it came from, a package to buy next, the referral;
 * and, like click_id, the shop fetch's ad click ids and referral slug (storefront-and-admin §7, from the tracking cookies).
 */
export const signupIntentFields = {
  plan: z.enum(signupPlanIds).optional(),
  landing_code: z.enum(landingCodes).optional(),
  package_code: z.enum(packageIds).optional(),
  referral_id: z.string().max(100).optional(),
  click_id: z.string().max(100).optional(),
  gclid: z.string().max(255).optional(),
  fbclid: z.string().max(255).optional(),
  referral_slug: z.string().max(100).optional(),
  /** The shop's Facebook pixel, for the CompleteRegistration event of a sign-up made in that shop. */
  pixel: z.string().regex(facebookPixelPattern).optional(),
};
export const signupIntent = z.object(signupIntentFields);
export type SignupIntent = z.infer<typeof signupIntent>;
