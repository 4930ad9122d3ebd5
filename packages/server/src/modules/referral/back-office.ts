import { desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { campaigns } from "../../db/schema/referral";

/** The referral module's read doors for the back office (issue 29: the dashboard's campaigns, contacts' campaign names). */

/** A shop's newest campaigns with their visits (clicks); their code is the `campaign` a purchase through them carries. */
export function shopCampaignVisits(db: DbOrTx, shopId: string, limit: number) {
  return db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      code: campaigns.code,
      // Written out: Drizzle leaves columns unqualified in a one-table select, and the subquery has an "id" too.
      visits: sql<number>`(select count(*)::int from campaign_clicks clicks where clicks.campaign_id = "campaigns"."id")`,
    })
    .from(campaigns)
    .where(eq(campaigns.shopId, shopId))
    .orderBy(desc(campaigns.createdAt))
    .limit(limit);
}

/** Campaigns' names by id. */
export async function campaignNames(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(inArray(campaigns.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
