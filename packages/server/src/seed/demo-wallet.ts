import { randomUUID } from "node:crypto";
import { membershipResidual, membershipResidualRate } from "@tianguis/domain/rules/referral";
import type { AppContext } from "../context";
import { users } from "../db/schema/accounts";
import { commissions } from "../db/schema/commissions";
import { ensureReferralCode, recordReferredUser } from "../modules/referral/service";
import { creditAvailableCommissions, requestPayout, savePayoutAccount } from "../modules/wallet/service";

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY_PACKAGE = 19_900;

/**
 * Sofía's earnings wallet for the demo (issue 30): Tomás signed up with her referral code and has paid four months of
 * the monthly package, so she earned 15 % of each (in her wallet), saved her CLABE and withdrew $100.00 by SPEI (the
 * sandbox settles it once the server runs its jobs). Mateo's earnings stay empty for the reseller journey's first page.
 */
export async function seedDemoWallet(ctx: AppContext, sofia: { id: string; username: string; fullName: string }) {
  const code = await ensureReferralCode(ctx.db, sofia.id);
  const [tomas] = await ctx.db
    .insert(users)
    .values({ username: "tomas@demo.tianguis.mx", email: "tomas@demo.tianguis.mx", fullName: "Tomás Rivera", userLevel: 1 })
    .returning({ id: users.id });
  await recordReferredUser(ctx.db, tomas.id, code, ctx.clock.now());
  const now = ctx.clock.now();
  const periods = [120, 90, 60, 30].map((daysAgo) => new Date(now.getTime() - daysAgo * DAY));
  // The four paid periods' commissions, as commissions' membership subscriber records them.
  const rows = await ctx.db
    .insert(commissions)
    .values(
      periods.map((at) => ({
        membershipChargeId: randomUUID(),
        membershipSource: "package",
        membershipPlanId: "plan_profesional",
        beneficiaryId: sofia.id,
        source: "membership",
        quantity: 1,
        unitMargin: MONTHLY_PACKAGE,
        rate: String(membershipResidualRate),
        amount: membershipResidual(MONTHLY_PACKAGE),
        currency: "MXN",
        state: "available",
        createdAt: at,
        availableAt: at,
        updatedAt: at,
      })),
    )
    .returning({ id: commissions.id });
  await ctx.db.transaction((tx) =>
    creditAvailableCommissions(
      tx,
      rows.map((row) => row.id),
      now,
    ),
  );
  const user = { id: sofia.id, username: sofia.username, fullName: sofia.fullName, userLevel: 2, image: null };
  await savePayoutAccount(ctx, user, { clabe: "646180157000000004", holder_name: sofia.fullName });
  await requestPayout(ctx, user, "MXN", { amount: 10_000, request_id: randomUUID() });
}
