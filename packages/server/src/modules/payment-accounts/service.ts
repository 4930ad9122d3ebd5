import { pickFields } from "@tianguis/domain/rules/audit";
import { type PaymentMethod, acceptedPaymentMethods } from "@tianguis/domain/rules/checkout";
import {
  type PaymentProviderName,
  type SupplierGateway,
  keyHint,
  paymentProviders,
  purchaseGateway,
} from "@tianguis/domain/rules/payment-providers";
import type { PaymentAccountBody, PaymentAccountView, PaymentSettingsView } from "@tianguis/domain/schemas/payment-account";
import { type PaymentProvider, ProviderError } from "../../adapters/payments/provider";
import { providerForAccount } from "../../adapters/payments/registry";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../http/errors";
import { traced } from "../../tracing";
import type { SessionUser } from "../../http/sessions";
import { recordChange } from "../audit/service";
import { requireShopAdmin } from "../shops/service";
import {
  type PaymentAccountRow,
  deleteAccount,
  selectAccount,
  selectAccountById,
  selectAccounts,
  selectLiveShops,
  updateAccountStatus,
  upsertAccount,
  upsertMode,
} from "./queries";
import { openSecrets, paymentKeysKey, sealSecrets } from "./sealing";
import { accountView } from "./views";

/**
 * A supplier's own payment provider accounts (issue #18) — the one door to them. 'Formas de pago' connects, tests and
 * forgets accounts and switches the shop between the sandbox and live; checkout and payments ask here which methods a
 * purchase may be offered and which gateway charges it; webhooks and refunds reach an account's adapter through here.
 */

const keyCache = new WeakMap<object, Buffer>();
function sealingKey(ctx: AppContext): Buffer {
  let key = keyCache.get(ctx.config);
  if (!key) {
    key = paymentKeysKey(ctx.config).key;
    keyCache.set(ctx.config, key);
  }
  return key;
}

const binding = (row: { shopId: string; provider: string }) => `${row.shopId}:${row.provider}`;

async function settingsOf(ctx: AppContext, shopId: string): Promise<PaymentSettingsView> {
  const rows = await selectAccounts(ctx.db, [shopId]);
  const live = (await selectLiveShops(ctx.db, [shopId])).has(shopId);
  return {
    live,
    accounts: paymentProviders.map((provider) =>
      accountView(
        ctx.config,
        provider,
        rows.find((row) => row.provider === provider),
      ),
    ),
  };
}

export async function getPaymentSettings(ctx: AppContext, slug: string, user: SessionUser | null): Promise<PaymentSettingsView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  return settingsOf(ctx, shop.id);
}

/** Keys entered once: sealed at rest, the account 'untested' until its connection is tested. */
export async function connectAccount(
  ctx: AppContext,
  slug: string,
  provider: PaymentProviderName,
  user: SessionUser | null,
  body: PaymentAccountBody,
): Promise<PaymentAccountView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  if (provider === "openpay" && !body.merchant_id) {
    throw new AppError("validation_failed", { fields: { merchant_id: "payment_account_merchant_required" } });
  }
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await selectAccount(tx, shop.id, provider);
    const saved = await upsertAccount(tx, {
      shopId: shop.id,
      provider,
      publicKey: body.public_key,
      merchantId: body.merchant_id || null,
      sealedSecrets: sealSecrets(sealingKey(ctx), binding({ shopId: shop.id, provider }), {
        secretKey: body.secret_key,
        webhookSecret: body.webhook_secret,
      }),
      secretHint: keyHint(body.secret_key),
      webhookHint: keyHint(body.webhook_secret),
      status: "untested",
      createdAt: now,
      updatedAt: now,
    });
    await recordAccountChange(tx, shop.id, provider, before ? "update" : "create", before, saved, now);
    return saved;
  });
  return accountView(ctx.config, provider, row);
}

/** The 'test connection' button: a harmless authenticated call to the provider with the stored keys. */
export async function testAccount(
  ctx: AppContext,
  slug: string,
  provider: PaymentProviderName,
  user: SessionUser | null,
): Promise<PaymentAccountView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const row = await selectAccount(ctx.db, shop.id, provider);
  if (!row) throw new AppError("payment_account_not_found", { status: 404 });
  const now = ctx.clock.now();
  try {
    await adapterOf(ctx, row).testConnection();
  } catch (error) {
    const code = error instanceof ProviderError ? error.code : "provider_unavailable";
    await updateAccountStatus(ctx.db, row.id, { status: "failed", lastError: code, checkedAt: now });
    throw new AppError(code, { status: code === "provider_unavailable" ? 503 : 422 });
  }
  const tested = await updateAccountStatus(ctx.db, row.id, { status: "connected", lastError: null, checkedAt: now });
  return accountView(ctx.config, provider, tested);
}

export async function disconnectAccount(
  ctx: AppContext,
  slug: string,
  provider: PaymentProviderName,
  user: SessionUser | null,
): Promise<PaymentAccountView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  await ctx.db.transaction(async (tx) => {
    const before = await selectAccount(tx, shop.id, provider);
    if (!before || !(await deleteAccount(tx, shop.id, provider))) throw new AppError("payment_account_not_found", { status: 404 });
    await recordAccountChange(tx, shop.id, provider, "delete", before, null, ctx.clock.now());
  });
  return accountView(ctx.config, provider, undefined);
}

/** What the audit log keeps of an account: its public parts and the secrets' hints, never a secret. */
const auditedAccountFields = ["publicKey", "merchantId", "secretHint", "webhookHint", "status"] as const;

async function recordAccountChange(
  tx: DbOrTx,
  shopId: string,
  provider: PaymentProviderName,
  action: "create" | "update" | "delete",
  before: PaymentAccountRow | null | undefined,
  after: PaymentAccountRow | null,
  now: Date,
) {
  await recordChange(
    tx,
    {
      shopId,
      kind: "payment_account",
      action,
      entityId: provider,
      entityLabel: provider,
      before: before ? pickFields(before, auditedAccountFields) : null,
      after: after ? pickFields(after, auditedAccountFields) : null,
    },
    now,
  );
}

/** Whether the shop charges live with its own accounts (not the sandbox). */
export async function isShopLive(db: DbOrTx, shopId: string): Promise<boolean> {
  return (await selectLiveShops(db, [shopId])).has(shopId);
}

/** Sandbox (default) or live; going live needs a connected (tested) account, so a shop cannot switch its checkout off by mistake. */
export async function setPaymentMode(ctx: AppContext, slug: string, user: SessionUser | null, live: boolean): Promise<PaymentSettingsView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  if (live) {
    const rows = await selectAccounts(ctx.db, [shop.id]);
    if (!rows.some((row) => row.status === "connected")) throw new AppError("payment_live_needs_account");
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const wasLive = await isShopLive(tx, shop.id);
    await upsertMode(tx, shop.id, live, now);
    await recordChange(
      tx,
      { shopId: shop.id, kind: "payment_account", action: "update", entityId: "mode", before: { live: wasLive }, after: { live } },
      now,
    );
  });
  return settingsOf(ctx, shop.id);
}

/** Each supplier's payment setup as the checkout rule reads it: its mode and its connected (tested) accounts. */
export async function supplierGateways(db: DbOrTx, supplierIds: string[]): Promise<Map<string, SupplierGateway>> {
  const unique = [...new Set(supplierIds)];
  const live = await selectLiveShops(db, unique);
  const rows = await selectAccounts(db, [...live]);
  const gateways = new Map<string, SupplierGateway>();
  for (const id of unique) {
    const accounts: SupplierGateway["accounts"] = {};
    for (const row of rows) {
      if (row.shopId !== id || row.status !== "connected") continue;
      accounts[row.provider as PaymentProviderName] = { accountId: row.id, key: `${row.publicKey}|${row.merchantId ?? ""}` };
    }
    gateways.set(id, { live: live.has(id), accounts });
  }
  return gateways;
}

/**
 * The methods a purchase (or a cart) may be offered: those every supplier enabled in 'Formas de pago' and that one gateway
 * can charge for all of them (the sandbox, or the same live account). A live supplier without a working account for a method
 * loses that method only; other suppliers' purchases are untouched.
 */
export async function offeredPaymentMethods(
  db: DbOrTx,
  suppliers: { id: string; enabled: readonly string[] }[],
  sandboxAllowed: boolean,
): Promise<PaymentMethod[]> {
  const gateways = await supplierGateways(
    db,
    suppliers.map((supplier) => supplier.id),
  );
  const all = suppliers.map((supplier) => gateways.get(supplier.id) as SupplierGateway);
  return acceptedPaymentMethods(suppliers.map((supplier) => supplier.enabled)).filter(
    (method) => purchaseGateway(all, method, sandboxAllowed) !== null,
  );
}

/**
 * The suppliers among `shopIds` that cannot take payments because only the sandbox would charge them and this install
 * does not let it (production, not the demo): empty wherever the sandbox may charge.
 */
export async function suppliersWithoutLiveProvider(db: DbOrTx, shopIds: string[], sandboxAllowed: boolean): Promise<string[]> {
  if (sandboxAllowed) return [];
  const live = await selectLiveShops(db, shopIds);
  return shopIds.filter((id) => !live.has(id));
}

/** The gateway that charges a purchase of these suppliers with `method`: the sandbox (accountId null) or one shop's account. */
export async function gatewayForPurchase(
  ctx: AppContext,
  supplierIds: string[],
  method: PaymentMethod,
): Promise<{ provider: PaymentProvider; accountId: string | null } | null> {
  const gateways = await supplierGateways(ctx.db, supplierIds);
  const decided = purchaseGateway(
    supplierIds.map((id) => gateways.get(id) as SupplierGateway),
    method,
    ctx.config.sandboxAllowed,
  );
  if (!decided) return null;
  if (decided.kind === "sandbox") return { provider: tracedProvider(ctx.payments), accountId: null };
  const row = await selectAccountById(ctx.db, decided.accountId);
  return row ? { provider: tracedProvider(adapterOf(ctx, row)), accountId: row.id } : null;
}

/** The adapter of a stored account (refunds, webhooks), or null when the account was disconnected. */
export async function accountAdapter(
  ctx: AppContext,
  accountId: string,
): Promise<{ provider: PaymentProvider; row: PaymentAccountRow } | null> {
  const row = await selectAccountById(ctx.db, accountId);
  return row ? { provider: adapterOf(ctx, row), row } : null;
}

/** The gateway that charged a payment: the shop's own account when one did (live mode), else the sandbox. */
export async function providerOfPayment(ctx: AppContext, payment: { accountId: string | null }): Promise<PaymentProvider> {
  if (!payment.accountId) return tracedProvider(ctx.payments);
  const found = await accountAdapter(ctx, payment.accountId);
  if (!found) throw new AppError("payment_account_not_found", { status: 409 });
  return tracedProvider(found.provider);
}

/** With tracing on, each call to the provider is a span `payment.<provider>.<call>` (tracing.ts). */
function tracedProvider(provider: PaymentProvider): PaymentProvider {
  return traced(provider, `payment.${provider.name}`, { "tianguis.payment.provider": provider.name });
}

/** The browser-safe values of the account that charges a purchase (spec §3 payment_metadata); empty for the sandbox. */
export async function purchasePublicConfig(ctx: AppContext, supplierIds: string[], method: PaymentMethod): Promise<Record<string, string>> {
  const gateway = await gatewayForPurchase(ctx, supplierIds, method);
  return gateway?.accountId ? gateway.provider.publicConfig() : {};
}

/** A charge refused for the account's keys takes the account out of the checkout until its owner fixes and tests them. */
export async function markAccountFailing(ctx: AppContext, accountId: string, code: string): Promise<void> {
  await updateAccountStatus(ctx.db, accountId, { status: "failed", lastError: code, checkedAt: ctx.clock.now() });
}

function adapterOf(ctx: AppContext, row: PaymentAccountRow): PaymentProvider {
  const secrets = openSecrets(sealingKey(ctx), binding(row), row.sealedSecrets);
  if (!secrets) throw new ProviderError("provider_auth_failed", "The stored keys cannot be read (PAYMENT_KEYS_SECRET changed?)");
  return providerForAccount(
    ctx.config,
    row.provider as PaymentProviderName,
    row.id,
    { publicKey: row.publicKey, merchantId: row.merchantId, ...secrets },
    { now: () => ctx.clock.now() },
  );
}

/** Logged once at start when the demo key stands in for PAYMENT_KEYS_SECRET. */
export function warnAboutDemoKey(ctx: AppContext): void {
  if (paymentKeysKey(ctx.config).derivedFromAppSecret) {
    ctx.log.warn("PAYMENT_KEYS_SECRET is not set: payment provider keys are encrypted with a key derived from APP_SECRET (demo only)");
  }
}
