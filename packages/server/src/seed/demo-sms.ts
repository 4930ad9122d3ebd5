import { smsPackageOf } from "@tianguis/domain/rules/sms";
import type { AppContext } from "../context";
import { users } from "../db/schema/accounts";
import { smsPurchases } from "../db/schema/sms";
import { creditSmsPackage, spendSmsCredit } from "../modules/sms/service";

const DAY = 24 * 60 * 60 * 1000;

/** Ana buys by phone: every notice to her is an SMS, so the demo shows SMS credits being spent. */
export const demoPhoneCustomer = { username: "+525587650000", phone: "5587650000", fullName: "Ana Torres" };

/**
 * SMS credits for the demo (issue 30 §3): Lucía's shop bought 500 SMS three weeks ago (paid by card, credited as the
 * sms module's subscriber does) and has texted its phone customer Ana three times since, so /me/sms/packages shows a
 * balance and its use. Mateo's store has no credits: its phone customers get no SMS until he buys a package.
 */
export async function seedDemoSms(ctx: AppContext, input: { shopId: string; ownerId: string; passwordHash: string }) {
  const now = ctx.clock.now();
  await ctx.db.insert(users).values({
    username: demoPhoneCustomer.username,
    email: null,
    phone: demoPhoneCustomer.phone,
    country: "MX",
    countryCode: "52",
    fullName: demoPhoneCustomer.fullName,
    passwordHash: input.passwordHash,
    userLevel: 0,
  });
  const pkg = smsPackageOf("sms_500");
  if (!pkg) throw new Error("the demo's SMS package is missing");
  const boughtAt = new Date(now.getTime() - 21 * DAY);
  const [purchase] = await ctx.db
    .insert(smsPurchases)
    .values({
      shopId: input.shopId,
      buyerId: input.ownerId,
      packageId: pkg.id,
      credits: pkg.credits,
      paymentToken: `sms_demo_${input.shopId}`,
      state: "paid",
      amount: pkg.price,
      currency: pkg.currency,
      paidAt: boughtAt,
      createdAt: boughtAt,
    })
    .returning({ id: smsPurchases.id });
  await ctx.db.transaction((tx) =>
    creditSmsPackage(tx, { purchase_id: purchase.id, shop_id: input.shopId, package_id: pkg.id, credits: pkg.credits }, boughtAt),
  );
  for (const notice of ["demo-received", "demo-paid", "demo-on-the-way"])
    await spendSmsCredit(ctx, { shopId: input.shopId, key: `${notice}:sms:${demoPhoneCustomer.username}`, to: demoPhoneCustomer.username });
}
