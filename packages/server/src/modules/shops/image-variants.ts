import { and, asc, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import type { AppContext } from "../../context";
import { shops } from "../../db/schema/shops";
import { enqueueJobUnlessWaiting, registerJob } from "../../jobs/runner";
import { deleteStoredFile, storeHeaderVariant, storeLogoVariant } from "../gallery/service";

const BACKFILL_JOB = "backfill_shop_image_variants";

/** Shops looked at per job: a few seconds of sharp at most, then the runner is free for other work. */
const BACKFILL_BATCH = 20;

/** The jobs this module runs; registered where the app is composed. */
export function registerShopJobs() {
  registerJob(BACKFILL_JOB, async (jobCtx, payload) => {
    const { made, next } = await backfillShopImageVariants(jobCtx, payload.after ?? null);
    if (made > 0) jobCtx.log.info({ made }, "shop image variants backfilled");
    if (next) await queueBackfillBatch(jobCtx, next);
  });
}

/**
 * Queues the backfill of the header and logo variants (issue 16) for shops saved before they existed; called on every
 * start. Nothing is queued while a run is under way (on this instance or another), so starts never pile runs up.
 */
export function queueShopImageBackfill(ctx: AppContext): Promise<boolean> {
  return queueBackfillBatch(ctx, null);
}

/** Queues the batch after shop id `after` (null: a new run from the first shop, unless any batch waits) unless it waits. */
function queueBackfillBatch(ctx: AppContext, after: string | null): Promise<boolean> {
  return enqueueJobUnlessWaiting(ctx.db, BACKFILL_JOB, after === null ? {} : { after }, ctx.clock.now());
}

/**
 * One batch of the backfill: up to `limit` shops after id `after` (in id order) whose header or logo lacks its variant.
 * Only our stored files get one; foreign URLs are passed over, and a missing or unreadable file is logged and passed over
 * (the run walks on by id, so it is tried again only by the next start's run). Each variant is written by a conditional
 * update, only while the shop still shows the picture it was made from and has no variant yet; otherwise (the owner saved
 * another meanwhile, or another instance was first) the file made is deleted. `next` is where the following batch starts,
 * null once every shop has been looked at.
 */
export async function backfillShopImageVariants(
  ctx: AppContext,
  after: string | null,
  limit = BACKFILL_BATCH,
): Promise<{ made: number; next: string | null }> {
  const rows = await ctx.db
    .select({ id: shops.id, header: shops.header, headerWebp: shops.headerWebp, photo: shops.photo, photoWebp: shops.photoWebp })
    .from(shops)
    .where(
      and(
        after === null ? undefined : gt(shops.id, after),
        or(and(isNotNull(shops.header), isNull(shops.headerWebp)), and(isNotNull(shops.photo), isNull(shops.photoWebp))),
      ),
    )
    .orderBy(asc(shops.id))
    .limit(limit);
  let made = 0;
  for (const row of rows) {
    if (row.header && !row.headerWebp && (await fillVariant(ctx, row.id, "header", row.header))) made += 1;
    if (row.photo && !row.photoWebp && (await fillVariant(ctx, row.id, "photo", row.photo))) made += 1;
  }
  return { made, next: rows.length === limit ? rows[rows.length - 1].id : null };
}

/** Makes one picture's variant and keeps it on the shop only while the shop still shows that picture without one. */
async function fillVariant(ctx: AppContext, shopId: string, picture: "header" | "photo", url: string): Promise<boolean> {
  const folder = `shops/${shopId}`;
  const variant = picture === "header" ? await storeHeaderVariant(ctx, url, folder) : await storeLogoVariant(ctx, url, folder);
  if (!variant) return false;
  const [source, target, values] =
    picture === "header"
      ? [shops.header, shops.headerWebp, { headerWebp: variant }]
      : [shops.photo, shops.photoWebp, { photoWebp: variant }];
  const kept = await ctx.db
    .update(shops)
    .set(values)
    .where(and(eq(shops.id, shopId), eq(source, url), isNull(target)))
    .returning({ id: shops.id });
  if (kept.length > 0) return true;
  await deleteStoredFile(ctx, variant);
  return false;
}
