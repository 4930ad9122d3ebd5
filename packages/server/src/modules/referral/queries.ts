import { type SQL, and, asc, count, desc, eq, getTableColumns, gte, ilike, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { campaigns, referralProfiles } from "../../db/schema/referral";

export type CampaignRow = typeof campaigns.$inferSelect & { clicks: number; purchases: number };

/**
 * Campaigns with their counts. A read model: purchases come from checkouts.campaign (the tracking value is the
 * campaign's code), counting only paid purchases; clicks are the recorded follows of its short link.
 */
// Written out with table-qualified names: inside a one-table select Drizzle leaves column names unqualified.
const clicksOf = sql<number>`(select count(*) from campaign_clicks cc where cc.campaign_id = "campaigns"."id")`.mapWith(Number);
const purchasesOf = sql<number>`(select count(*) from checkouts ck
  where ck.campaign = "campaigns"."code" and ck.paid_at is not null)`.mapWith(Number);

const withCounts = { ...getTableColumns(campaigns), clicks: clicksOf, purchases: purchasesOf };

export interface CampaignFilter {
  ownerId: string;
  text?: string;
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

function whereOf(filter: CampaignFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(campaigns.ownerId, filter.ownerId)];
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(campaigns.name, pattern), ilike(campaigns.url, pattern)));
  }
  if (filter.from) conditions.push(gte(campaigns.createdAt, filter.from));
  if (filter.until) conditions.push(lt(campaigns.createdAt, filter.until));
  return and(...conditions);
}

const orderings = {
  "-created_at": [desc(campaigns.createdAt), desc(campaigns.id)],
  created_at: [asc(campaigns.createdAt), asc(campaigns.id)],
  name: [asc(campaigns.name), asc(campaigns.id)],
  "-name": [desc(campaigns.name), desc(campaigns.id)],
} as const;

export async function selectCampaigns(
  db: DbOrTx,
  filter: CampaignFilter,
  page: { sort: keyof typeof orderings; offset: number; limit: number },
): Promise<{ rows: CampaignRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select(withCounts)
    .from(campaigns)
    .where(where)
    .orderBy(...orderings[page.sort])
    .offset(page.offset)
    .limit(page.limit);
  const [{ total }] = await db.select({ total: count() }).from(campaigns).where(where);
  return { rows, total };
}

export async function selectCampaign(db: DbOrTx, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select(withCounts).from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function selectCampaignByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.code, code));
  return row;
}

/** Who referred a user (referral_profiles.referred_by), or null. */
export async function selectReferrer(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ referredBy: referralProfiles.referredBy })
    .from(referralProfiles)
    .where(eq(referralProfiles.userId, userId));
  return row?.referredBy ?? null;
}
