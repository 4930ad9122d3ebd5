/**
 * Referral context: promoters' referral codes, campaigns (short links, clicks, purchases), channels, promoted people.
 * The one door other modules use; commissions asks `resolvePromoter` who earns for a referred purchase.
 */
import type { DbOrTx } from "../../db/client";
import { findPromoterByCode } from "./codes";
import { selectReferrer } from "./queries";
import { selectCampaignByCode } from "./queries";

export { ensureReferralCode } from "./codes";
export { recordReferredUser } from "./promoted";
/** For the back office: the dashboard's campaigns and contacts' campaign names. */
export { campaignNames, shopCampaignVisits } from "./back-office";

/** The promoter a `referral` tracking value names (checkouts.referral), or null when no promoter has that code. */
export async function resolvePromoter(db: DbOrTx, referralCode: string): Promise<{ userId: string } | null> {
  if (!referralCode) return null;
  return findPromoterByCode(db, referralCode);
}

/** The promoter a user arrived with (their referral code at sign-up), or null; commissions asks it for memberships. */
export async function referrerOf(db: DbOrTx, userId: string): Promise<{ userId: string } | null> {
  const referredBy = await selectReferrer(db, userId);
  return referredBy && referredBy !== userId ? { userId: referredBy } : null;
}

/** The campaign a `campaign` tracking value (its short link's code) names, with its promoter, or null. */
export async function resolveCampaign(
  db: DbOrTx,
  campaignCode: string | null | undefined,
): Promise<{ id: string; ownerId: string } | null> {
  if (!campaignCode) return null;
  const campaign = await selectCampaignByCode(db, campaignCode);
  return campaign ? { id: campaign.id, ownerId: campaign.ownerId } : null;
}
