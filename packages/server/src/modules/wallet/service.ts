import { clabeBank, clabeProblem, maskClabe, normalizeClabe } from "@tianguis/domain/rules/clabe";
import { minimumPayout, payoutCurrencies, payoutProblem, walletCurrency } from "@tianguis/domain/rules/wallet";
import type {
  PayoutAccountBody,
  PayoutAccountView,
  PayoutBody,
  PayoutView,
  WalletEntriesQuery,
  WalletEntryView,
  WalletView,
} from "@tianguis/domain/schemas/wallet";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { payoutProvider, payoutProviderNamed, payoutSandbox } from "../../adapters/payouts/registry";
import { ProviderUnavailableError } from "../../adapters/payouts/provider";
import { notifyAlert } from "../alerts/service";
import { handCommissionsToWallet } from "../commissions/service";
import { findShopWithAccess } from "../shops/service";
import {
  type PayoutRow,
  type WalletRow,
  appendEntry,
  finishPayout,
  insertPayout,
  lockWalletById,
  lockWalletOf,
  markSent,
  selectCurrencies,
  selectEntries,
  selectInTransit,
  selectPayout,
  selectPayoutAccount,
  selectPayoutByRequest,
  selectWallet,
  upsertPayoutAccount,
} from "./queries";

/**
 * The earnings wallet (issue 30 §2): one ledger per user and currency. Credits come from commissions that became
 * available (the commissions module hands them over through its door, so each is paid once: into the wallet, or by
 * hand); debits are payouts by SPEI to the user's verified CLABE and reversals. Every movement locks the wallet's row,
 * appends its entry and moves the balance in one transaction; the balance never goes below zero (checked here, and by
 * the table's constraint). The payout provider is called outside any transaction; its signed webhook finishes the payout.
 */

const SANDBOX_SETTLE_JOB = "wallet_sandbox_payout_webhook";
const RESEND_JOB = "wallet_payout_resend";
/** The sandbox's bank takes this long to settle a transfer (the provider's webhook arrives after it). */
const SANDBOX_SETTLE_MS = 3_000;
const RESEND_MS = 60_000;

export function registerWalletJobs() {
  registerJob(SANDBOX_SETTLE_JOB, async (ctx, payload) => {
    if (payload.payout_id) await deliverSandboxWebhook(ctx, payload.payout_id);
  });
  registerJob(RESEND_JOB, async (ctx, payload) => {
    if (payload.payout_id) await sendPayout(ctx, payload.payout_id);
  });
}

function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthorized");
  return user;
}

function requireCurrency(walletTypeId: string): string {
  const currency = walletCurrency(walletTypeId);
  if (!currency) throw new AppError("wallet_not_found", { status: 404 });
  return currency;
}

// ---------------------------------------------------------------------------------------------------------------
// Credits and debits the other contexts' events cause
// ---------------------------------------------------------------------------------------------------------------

/**
 * Commissions became available: each one still owed is taken from the commissions ledger (marked paid into the wallet)
 * and credited to its beneficiary's wallet, in the caller's transaction. Wallets are locked in a fixed order (user,
 * currency) so two deliveries never wait on each other. A replay credits nothing: the commission is no longer
 * available, and its entry's source key exists.
 */
export async function creditAvailableCommissions(tx: DbOrTx, commissionIds: string[], now: Date): Promise<number> {
  const handed = await handCommissionsToWallet(tx, commissionIds, now);
  const ordered = handed
    .filter((row) => row.net > 0)
    .sort((a, b) => a.beneficiaryId.localeCompare(b.beneficiaryId) || a.currency.localeCompare(b.currency));
  let credited = 0;
  for (const row of ordered) {
    const wallet = await lockWalletOf(tx, row.beneficiaryId, row.currency, now);
    const after = await appendEntry(
      tx,
      wallet,
      { kind: "commission", amount: row.net, sourceKey: `commission:${row.id}`, commissionId: row.id },
      now,
    );
    if (after !== null) credited += 1;
  }
  return credited;
}

/**
 * Commissions already in a wallet were taken back (a refunded membership period): each is debited with its reason, as
 * far as the balance reaches (it never goes below zero; what was already withdrawn is not taken back by the ledger).
 */
export async function debitReversedCommissions(
  tx: DbOrTx,
  reversed: { commissionId: string; beneficiaryId: string; currency: string; amount: number }[],
  reason: string,
  now: Date,
): Promise<number> {
  let debited = 0;
  for (const row of reversed) {
    const wallet = await lockWalletOf(tx, row.beneficiaryId, row.currency, now);
    const amount = Math.min(row.amount, wallet.balance);
    if (amount <= 0) continue;
    const entry = {
      kind: "reversal" as const,
      amount: -amount,
      sourceKey: `reversal:${row.commissionId}`,
      reason,
      commissionId: row.commissionId,
    };
    if ((await appendEntry(tx, wallet, entry, now)) !== null) debited += amount;
  }
  return debited;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a wallet
// ---------------------------------------------------------------------------------------------------------------

function accountView(row: NonNullable<Awaited<ReturnType<typeof selectPayoutAccount>>>): PayoutAccountView {
  return {
    clabe_masked: maskClabe(row.clabe),
    bank_code: row.bankCode,
    holder_name: row.holderName,
    verified_at: row.verifiedAt.toISOString(),
  };
}

async function walletViewOf(db: DbOrTx, userId: string, currency: string): Promise<WalletView> {
  const [wallet, account, currencies] = await Promise.all([
    selectWallet(db, userId, currency),
    selectPayoutAccount(db, userId),
    selectCurrencies(db, userId),
  ]);
  const canPay = (payoutCurrencies as readonly string[]).includes(currency);
  return {
    wallet_type_id: currency,
    currency,
    balance: wallet?.balance ?? 0,
    in_transit: wallet ? await selectInTransit(db, wallet.id) : 0,
    min_payout: canPay ? (minimumPayout[currency] ?? null) : null,
    payout_account: account ? accountView(account) : null,
    wallet_type_ids: currencies.includes(currency) ? currencies : [...currencies, currency].sort(),
  };
}

async function entriesOf(db: DbOrTx, userId: string, currency: string, query: WalletEntriesQuery) {
  const wallet = await selectWallet(db, userId, currency);
  if (!wallet) return { results: [], matches_estimated: 0 };
  const { rows, count } = await selectEntries(db, wallet.id, query);
  const results: WalletEntryView[] = rows.map(({ entry, payoutState }) => ({
    id: entry.id,
    kind: entry.kind as WalletEntryView["kind"],
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    reason: entry.reason,
    commission_id: entry.commissionId,
    payout_id: entry.payoutId,
    payout_state: (payoutState as WalletEntryView["payout_state"]) ?? null,
    created_at: entry.createdAt.toISOString(),
  }));
  return { results, matches_estimated: count };
}

/** GET /me/wallets/{wallet_type_id} */
export async function getMyWallet(ctx: AppContext, user: SessionUser | null, walletTypeId: string): Promise<WalletView> {
  const me = requireUser(user);
  return walletViewOf(ctx.db, me.id, requireCurrency(walletTypeId));
}

/** GET /me/wallets/{wallet_type_id}/entries */
export async function listMyEntries(ctx: AppContext, user: SessionUser | null, walletTypeId: string, query: WalletEntriesQuery) {
  const me = requireUser(user);
  return entriesOf(ctx.db, me.id, requireCurrency(walletTypeId), query);
}

/** The shop owner's wallet, for the owner and the shop's accountants (admins run the shop, not its owner's money). */
async function requireShopWalletDesk(ctx: AppContext, slug: string, user: SessionUser | null) {
  const me = requireUser(user);
  const { shop, access } = await findShopWithAccess(ctx, { slug }, me);
  if (!access.isOwner && !access.roles.includes("accountant")) throw new AppError("forbidden");
  return shop;
}

/** GET /shops/{slug}/wallets/{wallet_type_id} */
export async function getShopWallet(ctx: AppContext, slug: string, user: SessionUser | null, walletTypeId: string) {
  const shop = await requireShopWalletDesk(ctx, slug, user);
  return walletViewOf(ctx.db, shop.ownerId, requireCurrency(walletTypeId));
}

/** GET /shops/{slug}/wallets/{wallet_type_id}/entries */
export async function listShopEntries(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  walletTypeId: string,
  query: WalletEntriesQuery,
) {
  const shop = await requireShopWalletDesk(ctx, slug, user);
  return entriesOf(ctx.db, shop.ownerId, requireCurrency(walletTypeId), query);
}

// ---------------------------------------------------------------------------------------------------------------
// The CLABE and withdrawals
// ---------------------------------------------------------------------------------------------------------------

/** PUT /me/wallet-account: the CLABE is checked (18 digits, check digit) before it is saved as verified. */
export async function savePayoutAccount(ctx: AppContext, user: SessionUser | null, body: PayoutAccountBody): Promise<PayoutAccountView> {
  const me = requireUser(user);
  const problem = clabeProblem(body.clabe);
  if (problem) throw new AppError("validation_failed", { fields: { clabe: problem } });
  const clabe = normalizeClabe(body.clabe);
  const now = ctx.clock.now();
  const row = await upsertPayoutAccount(ctx.db, {
    userId: me.id,
    clabe,
    bankCode: clabeBank(clabe),
    holderName: body.holder_name,
    verifiedAt: now,
    updatedAt: now,
  });
  return accountView(row!);
}

function payoutView(row: PayoutRow): PayoutView {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    state: row.state as PayoutView["state"],
    clabe_masked: maskClabe(row.clabe),
    failure_code: row.failureCode,
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt ? row.settledAt.toISOString() : null,
  };
}

/**
 * POST /me/wallets/{wallet_type_id}/payouts. Step 1, in one transaction: lock the wallet, find the payout this
 * request_id already made (a retry answers it and pays nothing), check the minimum and the balance, record the payout
 * and debit it. Step 2, outside: send it to the provider. Two payouts at once wait on the wallet's lock, so the second
 * sees the first's debit and never overdraws.
 */
export async function requestPayout(
  ctx: AppContext,
  user: SessionUser | null,
  walletTypeId: string,
  body: PayoutBody,
): Promise<PayoutView> {
  const me = requireUser(user);
  const currency = requireCurrency(walletTypeId);
  const account = await selectPayoutAccount(ctx.db, me.id);
  if (!account) throw new AppError("wallet_no_payout_account");
  const provider = payoutProvider(ctx.config);
  const now = ctx.clock.now();
  const payout = await ctx.db.transaction(async (tx) => {
    const wallet = await lockWalletOf(tx, me.id, currency, now);
    const earlier = await selectPayoutByRequest(tx, wallet.id, body.request_id);
    if (earlier) {
      if (earlier.amount !== body.amount) throw new AppError("wallet_request_reused", { status: 409 });
      return earlier;
    }
    const problem = payoutProblem({ currency, balance: wallet.balance, amount: body.amount });
    if (problem)
      throw new AppError(problem, { status: 422, details: { balance: wallet.balance, min_payout: minimumPayout[currency] ?? null } });
    const row = await insertPayout(tx, {
      walletId: wallet.id,
      requestId: body.request_id,
      amount: body.amount,
      currency,
      clabe: account.clabe,
      holderName: account.holderName,
      provider: provider.name,
      state: "requested",
      createdAt: now,
    });
    await appendEntry(tx, wallet, { kind: "payout", amount: -body.amount, sourceKey: `payout:${row.id}`, payoutId: row.id }, now);
    return row;
  });
  if (payout.state === "requested") await sendPayout(ctx, payout.id);
  return payoutView((await selectPayout(ctx.db, payout.id)) as PayoutRow);
}

/**
 * Sends a requested payout to the provider (its id is the provider's idempotency key, so a re-send is the same
 * transfer). Accepted: sent, and the webhook finishes it. Refused now: failed, and the money goes back. No answer: it
 * stays requested and a job sends it again.
 */
export async function sendPayout(ctx: AppContext, payoutId: string): Promise<void> {
  const payout = await selectPayout(ctx.db, payoutId);
  if (!payout || payout.state !== "requested") return;
  const provider = payoutProvider(ctx.config);
  let result: Awaited<ReturnType<typeof provider.send>>;
  try {
    result = await provider.send({
      payoutId: payout.id,
      amount: payout.amount,
      currency: payout.currency,
      clabe: payout.clabe,
      holderName: payout.holderName,
      description: "Retiro de monedero Tianguis",
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.warn({ payoutId, err: error }, "payout provider unavailable; the payout is sent again later");
    await enqueueJob(ctx.db, RESEND_JOB, { payout_id: payout.id }, new Date(ctx.clock.now().getTime() + RESEND_MS));
    return;
  }
  const now = ctx.clock.now();
  if (result.status === "failed") {
    await ctx.db.transaction((tx) => failPayout(tx, payout.id, result.code, now));
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await markSent(tx, payout.id, result.ref, now);
    if (provider.name === "sandbox")
      await enqueueJob(tx, SANDBOX_SETTLE_JOB, { payout_id: payout.id }, new Date(now.getTime() + SANDBOX_SETTLE_MS));
  });
}

/** The payout failed: once, its money is credited back to the wallet with the reason. */
async function failPayout(tx: DbOrTx, payoutId: string, code: string, now: Date): Promise<boolean> {
  const row = await finishPayout(tx, payoutId, "failed", code, now);
  if (!row) return false;
  const wallet = (await lockWalletById(tx, row.walletId)) as WalletRow;
  await appendEntry(
    tx,
    wallet,
    {
      kind: "payout_returned",
      amount: row.amount,
      sourceKey: `payout-return:${row.id}`,
      reason: "wallet_reason_payout_failed",
      payoutId: row.id,
    },
    now,
  );
  return true;
}

/** The payout reached the bank: once, the owner hears of it ('transfer_ok', spec's alert table). */
async function settlePayout(tx: DbOrTx, payoutId: string, now: Date): Promise<boolean> {
  const row = await finishPayout(tx, payoutId, "settled", null, now);
  if (!row) return false;
  const wallet = (await lockWalletById(tx, row.walletId)) as WalletRow;
  await notifyAlert(
    tx,
    {
      recipientId: wallet.userId,
      originApp: "wallet",
      params: { subtype: "transfer_ok", wallet_type_id: row.currency },
      message: {
        code: "alert_wallet_transfer_ok",
        vars: { amount: { amount: row.amount, currency: row.currency }, clabe: maskClabe(row.clabe) },
      },
    },
    now,
  );
  return true;
}

/**
 * POST /wallet/payouts/webhooks/{provider}: a verified event finishes its payout once; a replay, or an event for a
 * payout already finished, changes nothing ('duplicate'); a forged one is refused (400 webhook_invalid).
 */
export async function receivePayoutWebhook(
  ctx: AppContext,
  providerName: string,
  rawBody: string,
  headers: Record<string, string | undefined>,
): Promise<"applied" | "duplicate" | "ignored"> {
  const provider = payoutProviderNamed(ctx.config, providerName);
  if (!provider) throw new AppError("not_found");
  const now = ctx.clock.now();
  const event = await provider.verifyWebhook(rawBody, headers, now).catch((error: unknown) => {
    // The provider could not be asked to confirm: it sends the webhook again after a non-2xx answer.
    if (error instanceof ProviderUnavailableError) throw new AppError("payout_provider_unavailable", { status: 503 });
    throw error;
  });
  if (!event) throw new AppError("webhook_invalid", { status: 400 });
  const payout = /^[0-9a-f-]{36}$/i.test(event.payoutId) ? await selectPayout(ctx.db, event.payoutId) : null;
  if (!payout || payout.provider !== provider.name) return "ignored";
  const applied = await ctx.db.transaction((tx) =>
    event.status === "settled" ? settlePayout(tx, payout.id, now) : failPayout(tx, payout.id, event.code ?? "payout_failed", now),
  );
  return applied ? "applied" : "duplicate";
}

/** The sandbox's side of a payout: its bank answers, and it sends us the signed webhook saying so. */
async function deliverSandboxWebhook(ctx: AppContext, payoutId: string): Promise<void> {
  const payout = await selectPayout(ctx.db, payoutId);
  if (!payout || payout.provider !== "sandbox") return;
  const sandbox = payoutSandbox(ctx.config);
  const status = sandbox.outcome(payout.clabe);
  const signed = sandbox.signWebhook(
    { eventId: `evt_${payout.id}`, payoutId: payout.id, status, ...(status === "failed" ? { code: "payout_refused" } : {}) },
    ctx.clock.now(),
  );
  await receivePayoutWebhook(ctx, "sandbox", signed.body, { "x-sandbox-payout-signature": signed.signature });
}
