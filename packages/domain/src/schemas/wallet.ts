import { z } from "zod";
import { payoutStates, walletEntryKinds } from "../rules/wallet";
import { pageQuery } from "./common";

/** The saved CLABE payouts go to: its last four digits and bank code, never the whole number once saved. */
export const payoutAccountView = z.object({
  clabe_masked: z.string(),
  bank_code: z.string(),
  holder_name: z.string(),
  verified_at: z.string(),
});
export type PayoutAccountView = z.infer<typeof payoutAccountView>;

/** One wallet: its balance (the ledger's sum), what is on its way out, and what a withdrawal needs. */
export const walletView = z.object({
  wallet_type_id: z.string(),
  currency: z.string(),
  balance: z.number().int(),
  /** Payouts requested or sent and not yet settled (already debited from the balance). */
  in_transit: z.number().int(),
  /** The smallest withdrawal in this currency; null when this currency cannot be withdrawn (no SPEI). */
  min_payout: z.number().int().nullable(),
  payout_account: payoutAccountView.nullable(),
  /** The currencies this user has wallets in, for the switcher. */
  wallet_type_ids: z.array(z.string()),
});
export type WalletView = z.infer<typeof walletView>;

export const walletEntryView = z.object({
  id: z.string().uuid(),
  kind: z.enum(walletEntryKinds),
  /** Signed: credits positive, debits negative (minor units). */
  amount: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string().nullable(),
  commission_id: z.string().uuid().nullable(),
  payout_id: z.string().uuid().nullable(),
  payout_state: z.enum(payoutStates).nullable(),
  created_at: z.string(),
});
export type WalletEntryView = z.infer<typeof walletEntryView>;

/** Movements per page on the wallet pages. */
export const WALLET_PAGE_SIZE = 20;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "invalid_date");

/** Movements, newest first: by kind, and from/to a day (inclusive, UTC). */
export const walletEntriesQuery = pageQuery.extend({
  kind: z.enum(walletEntryKinds).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type WalletEntriesQuery = z.infer<typeof walletEntriesQuery>;

export const payoutAccountBody = z.object({
  clabe: z.string().min(1, "required").max(40),
  holder_name: z.string().trim().min(1, "required").max(120),
});
export type PayoutAccountBody = z.infer<typeof payoutAccountBody>;

/** A withdrawal: the amount and a request id the form makes once, so a retried request pays once. */
export const payoutBody = z.object({
  amount: z.number().int().positive(),
  request_id: z.string().uuid(),
});
export type PayoutBody = z.infer<typeof payoutBody>;

export const payoutView = z.object({
  id: z.string().uuid(),
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(payoutStates),
  clabe_masked: z.string(),
  failure_code: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutView>;
