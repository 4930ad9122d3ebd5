import type { AlertParamsRow } from "../../db/schema/alerts";
import { type Locale, locales } from "@tianguis/domain/locale";
import { type MessageCode, translate } from "@tianguis/domain/messages/index";
import { formatMoney, money } from "@tianguis/domain/money";
import type { AlertView } from "@tianguis/domain/schemas/alert";
import type { AppContext } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import type { AlertBus } from "./bus";
import {
  type AlertRow,
  alertExists,
  countAlerts,
  countPending,
  insertAlerts,
  markSeen,
  markVisited,
  selectAlertPage,
  selectCommissions,
  selectOrderFacts,
  selectReviewFacts,
  selectShopAdmins,
} from "./queries";

/** A message variable: plain text, a catalogue code translated per locale, or money formatted per locale. */
export type AlertVar = string | number | { code: MessageCode } | { amount: number; currency: string };

export interface AlertInput {
  recipientId: string;
  originApp: string;
  params: AlertParamsRow;
  message: { code: MessageCode; vars?: Record<string, AlertVar> };
}

function renderVar(value: AlertVar, locale: Locale): string | number {
  if (typeof value === "string" || typeof value === "number") return value;
  if ("code" in value) return translate(locale, value.code);
  return formatMoney(money(value.amount, value.currency), locale);
}

/** The message in every interface language, rendered now from the catalogue with the alert's values. */
export function renderAlertMessage(message: AlertInput["message"]): Record<string, string> {
  const body: Record<string, string> = {};
  for (const locale of locales) {
    const vars = Object.fromEntries(Object.entries(message.vars ?? {}).map(([name, value]) => [name, renderVar(value, locale)]));
    body[locale] = translate(locale, message.code, vars);
  }
  return body;
}

// ---------------------------------------------------------------------------------------------------------------
// Delivery after commit. An alert is written inside its producer's transaction; the live badge must hear of it only
// once that transaction has committed (and never if it rolled back). The relay waits until the row is visible from
// outside the transaction (on PGlite the check queues behind it; on PostgreSQL it polls briefly), then publishes on
// the app's bus, which reaches every instance.
// ---------------------------------------------------------------------------------------------------------------

interface Relay {
  db: Db;
  bus: AlertBus;
}
const relays: Relay[] = [];
const relayDelaysMs = [0, 20, 60, 150, 400, 1_000, 2_500, 5_000];

function relayAfterCommit(alertId: string, recipientId: string) {
  void (async () => {
    for (const delay of relayDelaysMs) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay).unref());
      const relay = relays.at(-1);
      if (!relay) return; // no app running (scripts, seed): nobody is listening
      try {
        if (await alertExists(relay.db, alertId)) {
          await relay.bus.publish(recipientId);
          return;
        }
      } catch {
        // the database or the bus is gone (shutdown): the next list fetch shows the alert anyway
        return;
      }
    }
  })();
}

/** Called once per app: this app's database and bus deliver the alerts written in this process. */
export function attachAlertRelay(db: Db, bus: AlertBus): () => void {
  const relay = { db, bus };
  relays.push(relay);
  return () => {
    const index = relays.indexOf(relay);
    if (index >= 0) relays.splice(index, 1);
  };
}

/**
 * Creates alerts in the caller's transaction (commerce-and-accounts §3 'Alert'); the recipients' badges hear of them
 * once it commits. Recipients are de-duplicated per call.
 */
export async function notifyAlert(tx: DbOrTx, input: AlertInput | AlertInput[], now = new Date()): Promise<number> {
  const list = Array.isArray(input) ? input : [input];
  const seen = new Set<string>();
  const rows = list
    .filter((item) => {
      const key = `${item.recipientId}|${item.message.code}|${item.params.order ?? ""}|${item.params.role ?? ""}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((item) => ({
      recipientId: item.recipientId,
      originApp: item.originApp,
      params: item.params,
      messageBody: renderAlertMessage(item.message),
      createdAt: now,
    }));
  const inserted = await insertAlerts(tx, rows);
  for (const row of inserted) relayAfterCommit(row.id, row.recipientId);
  return inserted.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Producers: one call from each module's service, inside its transaction.
// ---------------------------------------------------------------------------------------------------------------

type OrderFacts = Awaited<ReturnType<typeof selectOrderFacts>>[number];

function orderParams(order: OrderFacts, extra: AlertParamsRow): AlertParamsRow {
  return {
    order: order.orderId,
    checkout_aggregation: order.checkoutId,
    customer: order.customerId ?? undefined,
    supplier: order.supplierSlug,
    dssupplier: order.storeId !== order.supplierId ? order.storeSlug : undefined,
    ...extra,
  };
}

/** Whom an order concerns on the selling side: the supplier's owner and admins, and the reseller's when it is resold. */
async function sellerRecipients(tx: DbOrTx, order: OrderFacts) {
  const out: { userId: string; role: "supplier" | "dssupplier"; shop: string }[] = [];
  for (const userId of await selectShopAdmins(tx, order.supplierId)) out.push({ userId, role: "supplier", shop: order.supplierSlug });
  if (order.storeId !== order.supplierId) {
    for (const userId of await selectShopAdmins(tx, order.storeId)) out.push({ userId, role: "dssupplier", shop: order.storeSlug });
  }
  return out;
}

/** A purchase was paid: each order's supplier (owner and admins, and the reseller's) and the customer hear of it. */
export async function alertOrdersPaid(tx: DbOrTx, checkoutId: string, now = new Date()) {
  const inputs: AlertInput[] = [];
  for (const order of await selectOrderFacts(tx, { checkoutId })) {
    const total = { amount: order.total, currency: order.currency };
    for (const seller of await sellerRecipients(tx, order)) {
      inputs.push({
        recipientId: seller.userId,
        originApp: "store",
        params: orderParams(order, { type: "order", subtype: "paid", role: seller.role, shop: seller.shop }),
        message: { code: "alert_order_paid_supplier", vars: { order: order.number, customer: order.customerName ?? "", total } },
      });
    }
    if (order.customerId) {
      inputs.push({
        recipientId: order.customerId,
        originApp: "store",
        params: orderParams(order, { type: "order", subtype: "paid", role: "customer", shop: order.storeSlug }),
        message: { code: "alert_order_paid_customer", vars: { order: order.number, shop: order.storeName } },
      });
    }
  }
  return notifyAlert(tx, inputs, now);
}

/** An order changed state: the customer hears of it (state text in each language). */
export async function alertOrderState(tx: DbOrTx, orderId: string, state: string, now = new Date()) {
  const [order] = await selectOrderFacts(tx, { orderId });
  if (!order?.customerId) return 0;
  const stateCode = `order_state_${state}` as MessageCode;
  return notifyAlert(
    tx,
    {
      recipientId: order.customerId,
      originApp: "store",
      params: orderParams(order, { type: "order", subtype: state, role: "customer", shop: order.storeSlug }),
      message: { code: "alert_order_state", vars: { order: order.number, shop: order.storeName, state: { code: stateCode } } },
    },
    now,
  );
}

export type ReturnStep = "requested" | "accepted" | "rejected" | "closed" | "refunded";

/** A return or refund step: a request reaches the sellers, the answers and refunds reach the customer. */
export async function alertReturnStep(tx: DbOrTx, orderId: string, step: ReturnStep, refund?: { amount: number; currency: string }) {
  const [order] = await selectOrderFacts(tx, { orderId });
  if (!order) return 0;
  const code: MessageCode = step === "refunded" ? "alert_refund_issued" : (`alert_return_${step}` as MessageCode);
  const vars: Record<string, AlertVar> = { order: order.number, ...(refund ? { amount: refund } : {}) };
  const type = step === "refunded" ? "refund" : "return";
  if (step === "requested") {
    const sellers = await sellerRecipients(tx, order);
    return notifyAlert(
      tx,
      sellers.map((seller) => ({
        recipientId: seller.userId,
        originApp: "store",
        params: orderParams(order, { type, subtype: step, role: seller.role, shop: seller.shop }),
        message: { code, vars },
      })),
    );
  }
  if (!order.customerId) return 0;
  return notifyAlert(tx, {
    recipientId: order.customerId,
    originApp: "store",
    params: orderParams(order, { type: type === "refund" ? "order" : "return", subtype: step, role: "customer", shop: order.storeSlug }),
    message: { code, vars },
  });
}

/** A customer reviewed a product: the supplier's owner and admins hear of it. */
export async function alertNewReview(tx: DbOrTx, reviewId: string) {
  const review = await selectReviewFacts(tx, reviewId);
  if (!review) return 0;
  const admins = await selectShopAdmins(tx, review.supplierId);
  return notifyAlert(
    tx,
    admins.map((userId) => ({
      recipientId: userId,
      originApp: "store",
      params: { type: "review", role: "supplier" as const, supplier: review.supplierSlug, shop: review.supplierSlug },
      message: { code: "alert_review_new" as const, vars: { product: review.productName, qualification: review.qualification } },
    })),
  );
}

/** Commissions were recorded or became available: each beneficiary hears of them, one alert per order. */
export async function alertCommissions(tx: DbOrTx, commissionIds: string[], kind: "recorded" | "available") {
  const rows = await selectCommissions(tx, commissionIds);
  const grouped = new Map<string, { beneficiaryId: string; orderId: string; amount: number; currency: string }>();
  for (const row of rows) {
    // A membership's commission has no order: the wallet's movement tells the promoter of it.
    if (!row.orderId) continue;
    const key = `${row.beneficiaryId}|${row.orderId}`;
    const entry = grouped.get(key);
    if (entry) entry.amount += row.amount;
    else grouped.set(key, { ...row, orderId: row.orderId });
  }
  const inputs: AlertInput[] = [];
  for (const entry of grouped.values()) {
    const [order] = await selectOrderFacts(tx, { orderId: entry.orderId });
    inputs.push({
      recipientId: entry.beneficiaryId,
      originApp: "referral",
      params: { type: "commission", subtype: kind, order: entry.orderId },
      message: {
        code: kind === "recorded" ? "alert_commission_recorded" : "alert_commission_available",
        vars: { order: order?.number ?? "", amount: { amount: entry.amount, currency: entry.currency } },
      },
    });
  }
  return notifyAlert(tx, inputs);
}

// ---------------------------------------------------------------------------------------------------------------
// Use cases of the recipient.
// ---------------------------------------------------------------------------------------------------------------

function view(row: AlertRow, locale: Locale): AlertView {
  const body = row.messageBody ?? {};
  return {
    id: row.id,
    origin_app: row.originApp,
    created_at: row.createdAt.toISOString(),
    pending_visits: row.visitedAt ? 0 : 1,
    visited: row.visitedAt !== null,
    message: body[locale] ?? body.es ?? null,
    params: Object.fromEntries(Object.entries(row.params ?? {}).filter(([name, value]) => name !== "values" && typeof value === "string")),
  };
}

function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthorized");
  return user;
}

export async function listMyAlerts(ctx: AppContext, user: SessionUser | null, query: { offset: number; limit: number }, locale: Locale) {
  const me = signedIn(user);
  const [rows, counts] = await Promise.all([selectAlertPage(ctx.db, me.id, query.offset, query.limit), countAlerts(ctx.db, me.id)]);
  return { results: rows.map((row) => view(row, locale)), matches_estimated: counts.total, pending: counts.pending };
}

export async function myPendingAlerts(ctx: AppContext, user: SessionUser | null) {
  return { pending: await countPending(ctx.db, signedIn(user).id) };
}

/** The number the badge shows (for the stream). */
export function pendingAlertCount(ctx: AppContext, userId: string) {
  return countPending(ctx.db, userId);
}

/** Opening the bell clears its badge (storefront-and-admin L68): every tab of the user hears the new count. */
export async function seeMyAlerts(ctx: AppContext, bus: AlertBus, user: SessionUser | null) {
  const me = signedIn(user);
  await markSeen(ctx.db, me.id, ctx.clock.now());
  await bus.publish(me.id).catch((error: unknown) => ctx.log.warn({ err: error }, "alerts: publish failed"));
  return { pending: await countPending(ctx.db, me.id) };
}

/** Marks one of my alerts visited; another user's alert answers 404 like a missing one. */
export async function visitAlert(ctx: AppContext, bus: AlertBus, user: SessionUser | null, alertId: string, locale: Locale) {
  const me = signedIn(user);
  const row = await markVisited(ctx.db, me.id, alertId, ctx.clock.now());
  if (!row) throw new AppError("alert_not_found", { status: 404 });
  await bus.publish(me.id).catch((error: unknown) => ctx.log.warn({ err: error }, "alerts: publish failed"));
  return { ...view(row, locale), pending: await countPending(ctx.db, me.id) };
}

/** A platform admin answered the user's coordinator request (accounts' `coordinator.decided`): the user's alert, to /preferencias. */
export async function alertCoordinatorDecision(
  tx: DbOrTx,
  decision: { user_id: string; decision: "granted" | "refused"; reason: string | null },
  now: Date,
): Promise<void> {
  const granted = decision.decision === "granted";
  await notifyAlert(
    tx,
    {
      recipientId: decision.user_id,
      originApp: "system",
      params: { type: "user", subtype: granted ? "coordinator_granted" : "coordinator_refused" },
      message: granted
        ? { code: "alert_coordinator_granted" }
        : { code: "alert_coordinator_refused", vars: { reason: decision.reason ?? "" } },
    },
    now,
  );
}
