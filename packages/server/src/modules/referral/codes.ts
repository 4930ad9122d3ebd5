import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { referralProfiles } from "../../db/schema/referral";

/**
 * Referral codes: every promoter has one stable public code, made on first need (the share widget, the referral area).
 * Lowercase letters and digits without look-alikes, 8 characters: URL-safe and readable aloud.
 */
const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";

export function newCode(length = 8): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

/** The user's referral code, created on first call; concurrent first calls agree on one code. */
export async function ensureReferralCode(db: DbOrTx, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select({ code: referralProfiles.code }).from(referralProfiles).where(eq(referralProfiles.userId, userId));
    if (existing) return existing.code;
    // ON CONFLICT DO NOTHING covers both a racing first call (same user) and a code collision (retry with another code).
    const [inserted] = await db
      .insert(referralProfiles)
      .values({ userId, code: newCode() })
      .onConflictDoNothing()
      .returning({ code: referralProfiles.code });
    if (inserted) return inserted.code;
  }
  throw new Error("could not allocate a referral code");
}

export async function findPromoterByCode(db: DbOrTx, code: string): Promise<{ userId: string } | null> {
  const [row] = await db.select({ userId: referralProfiles.userId }).from(referralProfiles).where(eq(referralProfiles.code, code));
  return row ?? null;
}
