import { findLanding } from "@tianguis/domain/rules/packages";
import { freePlanId } from "@tianguis/domain/rules/plans";
import type { SignupIntent } from "@tianguis/domain/schemas/package";
import type { DbOrTx } from "../../db/client";
import { installMembership } from "../subscriptions/service";
import { type SignupIntentRow, deleteSignupIntent, takeSignupIntent, upsertSignupIntent } from "./queries";

/**
 * Sign-up from a landing (commerce-and-accounts §2 plan landings, §4 'Registration': "after a successful PIN with a plan
 * (or the default mashup plan), a membership is installed"). The registration keeps what the landing carried; the PIN
 * activation applies it in its own transaction.
 */

/** Keeps the sign-up's plan, landing, package and referral for its activation (a sign-up without them clears old ones). */
export async function rememberSignupIntent(db: DbOrTx, userId: string, intent: SignupIntent, now: Date): Promise<void> {
  const values = {
    planId: intent.plan ?? null,
    landingCode: intent.landing_code ?? null,
    packageCode: intent.package_code ?? null,
    referralId: intent.referral_id ?? null,
    clickId: intent.click_id ?? null,
  };
  if (Object.values(values).every((value) => value === null)) await deleteSignupIntent(db, userId);
  else await upsertSignupIntent(db, { userId, ...values, createdAt: now });
}

export interface AppliedSignup {
  /** The kind of shop the landing opens ('supplier' from /proveedores), when the sign-up asked for one. */
  shopKind: "supplier" | "affiliate";
  /** Install the membership once the shop (if any) exists, so the level counts it. */
  installMembership(): Promise<{ userLevel: number } | null>;
}

/**
 * Reads the sign-up's intent once, at activation. The plan landings install their premium plan with its trial; the
 * entrepreneurs' landing the default (free) plan; the suppliers' landing no membership.
 */
export async function takeSignup(db: DbOrTx, userId: string, now: Date): Promise<AppliedSignup> {
  const intent: SignupIntentRow | null = await takeSignupIntent(db, userId, now);
  const landing = findLanding(intent?.landingCode);
  const planId = intent?.planId ?? landing?.plan_id ?? (landing?.code === "emprendedores" ? freePlanId : null);
  return {
    shopKind: landing?.shop === "supplier" ? "supplier" : "affiliate",
    async installMembership() {
      if (!planId) return null;
      const installed = await installMembership(db, { userId, planId, source: "signup", trial: planId !== freePlanId, now });
      return { userLevel: installed.userLevel };
    },
  };
}
