import { z } from "zod";
import { smsEntryKinds, smsPackageIds } from "../rules/sms";
import { packagePayBody, packagePayResult } from "./package";

/** An SMS package as /me/sms/packages sells it (issue 30 §3): credits, price and per-SMS price in minor units. */
export const smsPackageView = z.object({
  id: z.enum(smsPackageIds),
  name: z.string(),
  credits: z.number().int(),
  price: z.number().int(),
  unit_price: z.number().int(),
  savings_percent: z.number().int(),
  currency: z.string(),
});
export type SmsPackageView = z.infer<typeof smsPackageView>;

/** A shop's SMS credits: what is left and what it used. */
export const smsAccountView = z.object({
  shop_slug: z.string(),
  shop_name: z.string(),
  balance: z.number().int(),
  sent_total: z.number().int(),
  purchased_total: z.number().int(),
  /** Whether this viewer may buy (owner and admins; accountants only read). */
  can_buy: z.boolean(),
});
export type SmsAccountView = z.infer<typeof smsAccountView>;

/** One movement of the shop's SMS ledger: a package bought (+credits) or an SMS sent (−1), with the balance after it. */
export const smsEntryView = z.object({
  id: z.string(),
  kind: z.enum(smsEntryKinds),
  amount: z.number().int(),
  balance_after: z.number().int(),
  package_id: z.enum(smsPackageIds).nullable(),
  /** The SMS's recipient, masked but for the last 4 digits. */
  recipient: z.string().nullable(),
  created_at: z.string(),
});
export type SmsEntryView = z.infer<typeof smsEntryView>;

export const SMS_PAGE_SIZE = 20;

export const smsEntriesQuery = z.object({
  kind: z.enum(smsEntryKinds).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(SMS_PAGE_SIZE),
});
export type SmsEntriesQuery = z.infer<typeof smsEntriesQuery>;

export const smsPurchaseStates = ["pending_payment", "paid"] as const;

/** A shop's purchase of an SMS package, reached by its payment token (/me/payments/{token}). */
export const smsPurchaseView = z.object({
  id: z.string(),
  payment_token: z.string(),
  shop_slug: z.string(),
  package: smsPackageView,
  state: z.enum(smsPurchaseStates),
  amount: z.number().int(),
  currency: z.string(),
  last_failure: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type SmsPurchaseView = z.infer<typeof smsPurchaseView>;

export const smsPurchaseResponse = z.object({ payment_token: z.string(), purchase: smsPurchaseView });

export const smsPayBody = packagePayBody;

export const smsPayResult = packagePayResult.omit({ purchase: true }).extend({ purchase: smsPurchaseView });
export type SmsPayResult = z.infer<typeof smsPayResult>;
