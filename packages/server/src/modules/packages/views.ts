import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { type MembershipPackage, findPackage, membershipPackages, monthlyPrice } from "@tianguis/domain/rules/packages";
import type { PackagePurchaseView, PackageView } from "@tianguis/domain/schemas/package";
import { AppError } from "../../http/errors";
import type { AttemptRow, PurchaseRow } from "./queries";

export function toPackageView(pkg: MembershipPackage, locale: Locale): PackageView {
  return {
    id: pkg.id,
    plan_id: pkg.plan_id,
    name: translate(locale, `package_name_${pkg.id}`),
    description: translate(locale, `package_description_${pkg.id}`),
    months: pkg.months,
    price: pkg.price,
    monthly_price: monthlyPrice(pkg),
    currency: pkg.currency,
    weight: pkg.weight,
  };
}

export function listPackageViews(locale: Locale): PackageView[] {
  return [...membershipPackages].sort((a, b) => a.price - b.price).map((pkg) => toPackageView(pkg, locale));
}

export function requirePackage(id: string): MembershipPackage {
  const pkg = findPackage(id);
  if (!pkg) throw new AppError("package_not_found", { status: 404 });
  return pkg;
}

export function toPurchaseView(row: PurchaseRow, lastAttempt: AttemptRow | null, locale: Locale): PackagePurchaseView {
  return {
    id: row.id,
    payment_token: row.paymentToken,
    package: toPackageView(requirePackage(row.packageId), locale),
    state: row.state as PackagePurchaseView["state"],
    amount: row.amount,
    currency: row.currency,
    last_failure: row.state === "pending_payment" && lastAttempt?.status === "failed" ? (lastAttempt.failureCode ?? "card_declined") : null,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
