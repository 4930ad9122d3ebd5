import { z } from "zod";
import { listOf } from "../schemas/common";
import {
  payoutAccountBody,
  payoutAccountView,
  payoutBody,
  payoutView,
  walletEntriesQuery,
  walletEntryView,
  walletView,
} from "../schemas/wallet";
import { endpoint } from "./endpoint";

const walletParams = z.object({ wallet_type_id: z.string().max(8) });
const shopWalletParams = z.object({ slug: z.string(), wallet_type_id: z.string().max(8) });

/**
 * The earnings wallet (issue 30 §2): the signed-in user's wallet per currency, its movements, the CLABE payouts go to
 * and withdrawals; in shop view the shop owner's wallet for the owner and accountants; the payout provider's webhook.
 */
export const walletApi = {
  get: endpoint({
    method: "GET",
    path: "/me/wallets/:wallet_type_id",
    tags: ["wallet"],
    summary: "The signed-in user's wallet in a currency: balance, money in transit, the payout account",
    params: walletParams,
    response: walletView,
  }),
  entries: endpoint({
    method: "GET",
    path: "/me/wallets/:wallet_type_id/entries",
    tags: ["wallet"],
    summary: "The wallet's movements, newest first, filtered by kind and dates",
    params: walletParams,
    query: walletEntriesQuery,
    response: listOf(walletEntryView),
  }),
  saveAccount: endpoint({
    method: "PUT",
    path: "/me/wallet-account",
    tags: ["wallet"],
    summary: "Saves the CLABE payouts go to (18 digits, check digit validated)",
    body: payoutAccountBody,
    response: payoutAccountView,
  }),
  payout: endpoint({
    method: "POST",
    path: "/me/wallets/:wallet_type_id/payouts",
    tags: ["wallet"],
    summary: "Withdraws to the saved CLABE by SPEI; the same request_id never pays twice",
    params: walletParams,
    body: payoutBody,
    response: payoutView,
    status: 201,
  }),
  shopGet: endpoint({
    method: "GET",
    path: "/shops/:slug/wallets/:wallet_type_id",
    tags: ["wallet"],
    summary: "The shop owner's wallet in a currency, for the owner and the shop's accountants",
    params: shopWalletParams,
    response: walletView,
  }),
  shopEntries: endpoint({
    method: "GET",
    path: "/shops/:slug/wallets/:wallet_type_id/entries",
    tags: ["wallet"],
    summary: "The shop owner's wallet movements, for the owner and the shop's accountants",
    params: shopWalletParams,
    query: walletEntriesQuery,
    response: listOf(walletEntryView),
  }),
  webhook: endpoint({
    method: "POST",
    path: "/wallet/payouts/webhooks/:provider",
    tags: ["wallet"],
    summary: "The payout provider's webhook (sandbox: signed; Openpay: Basic auth, read back): a payout settled or failed",
    params: z.object({ provider: z.enum(["sandbox", "openpay"]) }),
    response: z.object({ received: z.enum(["applied", "duplicate", "ignored"]) }),
  }),
};
