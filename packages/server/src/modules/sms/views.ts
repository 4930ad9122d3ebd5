import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { type SmsPackage, type SmsPackageId, smsPackageOf, smsPackages, smsSavingsPercent, smsUnitPrice } from "@tianguis/domain/rules/sms";
import type { SmsEntryView, SmsPackageView, SmsPurchaseView } from "@tianguis/domain/schemas/sms";
import { AppError } from "../../http/errors";
import type { SmsAttemptRow, SmsPurchaseRow } from "./queries";
import type { smsEntries } from "../../db/schema/sms";

export function requireSmsPackage(id: string): SmsPackage {
  const pkg = smsPackageOf(id);
  if (!pkg) throw new AppError("sms_package_not_found", { status: 404 });
  return pkg;
}

export function smsPackageView(pkg: SmsPackage, locale: Locale): SmsPackageView {
  return {
    id: pkg.id,
    name: translate(locale, "sms_package_name", { credits: pkg.credits.toLocaleString(locale) }),
    credits: pkg.credits,
    price: pkg.price,
    unit_price: smsUnitPrice(pkg),
    savings_percent: smsSavingsPercent(pkg),
    currency: pkg.currency,
  };
}

export function listSmsPackageViews(locale: Locale): SmsPackageView[] {
  return smsPackages.map((pkg) => smsPackageView(pkg, locale));
}

/** A phone number as the ledger keeps it: all but its last 4 digits masked. */
export function maskPhone(to: string): string {
  const digits = to.replace(/\D/g, "");
  return `••••${digits.slice(-4)}`;
}

export function entryView(row: typeof smsEntries.$inferSelect): SmsEntryView {
  return {
    id: row.id,
    kind: row.kind as SmsEntryView["kind"],
    amount: row.amount,
    balance_after: row.balanceAfter,
    package_id: (row.packageId as SmsPackageId | null) ?? null,
    recipient: row.recipient,
    created_at: row.createdAt.toISOString(),
  };
}

export function purchaseView(row: SmsPurchaseRow, shopSlug: string, last: SmsAttemptRow | null, locale: Locale): SmsPurchaseView {
  const paid = row.state === "paid";
  return {
    id: row.id,
    payment_token: row.paymentToken,
    shop_slug: shopSlug,
    package: smsPackageView(requireSmsPackage(row.packageId), locale),
    state: paid ? "paid" : "pending_payment",
    amount: row.amount,
    currency: row.currency,
    last_failure: !paid && last?.status === "failed" ? (last.failureCode ?? "card_declined") : null,
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}
