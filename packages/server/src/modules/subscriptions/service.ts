import { type MembershipSource, isPremium, planOf } from "@tianguis/domain/rules/plans";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { startTrial } from "./lifecycle";
import { type Membership, lapseMembership, readMembership, writeMembership } from "./memberships";

/**
 * Subscriptions (commerce-and-accounts §2 'Tarjeta Bancaria', §3 Subscription and Plan, §4 'Subscription prompt', §6 user
 * levels): memberships, the recurring subscription of a premium plan, saved cards and billing. Other modules use only
 * the functions this file exports.
 */

const LAPSE_JOB = "membership_lapse";

function isContext(target: AppContext | DbOrTx): target is AppContext {
  return "clock" in target && "db" in target;
}

export interface InstallMembershipInput {
  userId: string;
  /** A plan id of domain rules/plans.ts: 'gratis' or one of planIds. */
  planId: string;
  source: MembershipSource;
  /** When the plan ends (a package's expiry); null or absent: it does not lapse by date. */
  validUntil?: Date | null;
  /**
   * Start the plan's trial subscription (sign-up with a plan): the premium plan for its trial days, after which the
   * renewal job charges the first month to the card the subscriber sets up. Ignored once the user's trial was used,
   * in which case the membership is installed as asked.
   */
  trial?: boolean;
  /** "Now" when called with a transaction (pass ctx.clock.now()); the context's clock otherwise. */
  now?: Date;
}

/**
 * Installs a user's membership — the one door for every plan change (sign-up with a plan, package purchases, the
 * subscription's own charges) — and writes the user level that follows it (domain rules/plans.ts levelFor).
 * Stable signature: `installMembership(ctx or tx, { userId, planId, source, validUntil?, trial?, now? })`.
 * Call it inside your transaction (pass `tx` and `now`) so the membership exists only if your change commits.
 * Answers the installed membership and the user's new level.
 */
export async function installMembership(
  target: AppContext | DbOrTx,
  input: InstallMembershipInput,
): Promise<{ membership: Membership; userLevel: number }> {
  const now = input.now ?? (isContext(target) ? target.clock.now() : new Date());
  const run = async (db: DbOrTx) => {
    const plan = planOf(input.planId);
    if (input.trial && isPremium(plan) && plan.trialDays > 0) {
      const started = await startTrial(db, { userId: input.userId, plan }, now);
      if (started) return { membership: await readMembership(db, input.userId, now), userLevel: started.userLevel };
    }
    const validUntil = input.validUntil ?? null;
    const userLevel = await writeMembership(db, { userId: input.userId, plan, source: input.source, validUntil, trial: false }, now);
    if (validUntil) await enqueueJob(db, LAPSE_JOB, { user_id: input.userId, valid_until: validUntil.toISOString() }, validUntil);
    return { membership: await readMembership(db, input.userId, now), userLevel };
  };
  return isContext(target) ? target.db.transaction(run) : run(target);
}

/** The user's plan now (the free plan when none is installed or it lapsed), with where it came from and until when. */
export async function currentMembership(db: DbOrTx, userId: string, now = new Date()): Promise<Membership> {
  return readMembership(db, userId, now);
}

export function registerSubscriptionJobs() {
  registerJob(LAPSE_JOB, async (ctx, payload) => {
    await ctx.db.transaction((tx) => lapseMembership(tx, payload.user_id!, new Date(payload.valid_until!), ctx.clock.now()));
  });
}
