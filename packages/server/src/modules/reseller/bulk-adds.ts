import type { BulkAddInput, BulkAddView, ResaleFilters } from "@tianguis/domain/schemas/reseller";
import { resaleFilters } from "@tianguis/domain/schemas/reseller";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { bulkAdds } from "../../db/schema/reseller";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { addItemsToShop, createCatalogue, getCatalogue } from "../catalogues/service";
import { requireShopAdmin, requireShopById } from "../shops/service";
import { countAddable, pickerStoreOf, selectAddableIds } from "./queries";

/**
 * 'Add all' (commerce-and-accounts §4 'Bulk add'): every item the picker's filters find goes to the store, and to an
 * existing or a new catalogue, in batches of BATCH. The steps: claim the client's key (a retry gets the same bulk add),
 * create the new catalogue once, count what will be added, then add batch after batch in key order. Each batch and
 * its progress commit together and only if nobody moved the cursor meanwhile, so a bulk add resumed by the job runner
 * (after a crash) or run twice at once never counts twice, and the inserts skip items already there: no duplicates.
 */
const BATCH = 500;
const JOB = "picker_bulk_add";
/** The job runner picks a bulk add up only if the process that started it did not finish it by then. */
const RESUME_AFTER_MS = 2 * 60 * 1000;

type BulkAddRow = typeof bulkAdds.$inferSelect;

async function toView(ctx: AppContext, row: BulkAddRow): Promise<BulkAddView> {
  const catalogue = row.catalogueId ? (await getCatalogue(ctx, row.shopId, row.catalogueId)).catalogue : null;
  return {
    id: row.id,
    state: row.state as BulkAddView["state"],
    total: row.total,
    processed: row.processed,
    catalogue: catalogue ? { id: catalogue.id, slug: catalogue.slug, name: catalogue.name } : null,
  };
}

async function findByKey(ctx: AppContext, shopId: string, key: string) {
  const [row] = await ctx.db
    .select()
    .from(bulkAdds)
    .where(and(eq(bulkAdds.shopId, shopId), eq(bulkAdds.key, key)))
    .limit(1);
  return row ?? null;
}

export async function startBulkAdd(ctx: AppContext, slug: string, user: SessionUser | null, input: BulkAddInput): Promise<BulkAddView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const existing = await findByKey(ctx, shop.id, input.key);
  if (existing) return resumeIfFailed(ctx, existing);
  if (input.catalogue_id) await getCatalogue(ctx, shop.id, input.catalogue_id);
  const now = ctx.clock.now();
  const store = pickerStoreOf(shop);
  const total = await countAddable(ctx.db, store, input.filters, now);
  const claimed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bulkAdds)
      .values({
        shopId: shop.id,
        requestedBy: user!.id,
        key: input.key,
        catalogueId: input.catalogue_id ?? null,
        filters: stringFilters(input.filters),
        total,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) await enqueueJob(tx, JOB, { id: row.id }, new Date(now.getTime() + RESUME_AFTER_MS));
    return row ?? null;
  });
  // Someone else claimed the same key between our read and insert: theirs is the bulk add.
  if (!claimed) return toView(ctx, (await findByKey(ctx, shop.id, input.key))!);
  let row = claimed;
  if (input.new_catalogue_name) {
    const catalogue = await createCatalogue(ctx, slug, user, { name: input.new_catalogue_name });
    [row] = await ctx.db.update(bulkAdds).set({ catalogueId: catalogue.id }).where(eq(bulkAdds.id, row.id)).returning();
  }
  kick(ctx, row.id);
  return toView(ctx, row);
}

async function resumeIfFailed(ctx: AppContext, row: BulkAddRow): Promise<BulkAddView> {
  if (row.state !== "failed") return toView(ctx, row);
  const [again] = await ctx.db.update(bulkAdds).set({ state: "running" }).where(eq(bulkAdds.id, row.id)).returning();
  kick(ctx, row.id);
  return toView(ctx, again);
}

export async function getBulkAdd(ctx: AppContext, slug: string, user: SessionUser | null, id: string): Promise<BulkAddView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const [row] = await ctx.db
    .select()
    .from(bulkAdds)
    .where(and(eq(bulkAdds.id, id), eq(bulkAdds.shopId, shop.id)))
    .limit(1);
  if (!row) throw new AppError("bulk_add_not_found", { status: 404 });
  return toView(ctx, row);
}

function stringFilters(filters: ResaleFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== "")) as Record<string, string>;
}

/** Runs the bulk add now, in this process, without holding up the response; the job runner resumes it if this fails. */
function kick(ctx: AppContext, id: string) {
  runBulkAdd(ctx, id).catch(async (error) => {
    ctx.log.error({ err: error, bulkAdd: id }, "bulk add failed");
    await ctx.db
      .update(bulkAdds)
      .set({ state: "failed" })
      .where(and(eq(bulkAdds.id, id), eq(bulkAdds.state, "running")))
      .catch(() => undefined);
  });
}

/** Adds the remaining batches of a bulk add; safe to run again or twice at once. */
export async function runBulkAdd(ctx: AppContext, id: string): Promise<void> {
  for (;;) {
    const [row] = await ctx.db.select().from(bulkAdds).where(eq(bulkAdds.id, id)).limit(1);
    if (!row || row.state === "done") return;
    const store = pickerStoreOf(await requireShopById(ctx.db, row.shopId));
    const filters = resaleFilters.parse(row.filters);
    const ids = await selectAddableIds(ctx.db, store, filters, { cursor: row.cursor, limit: BATCH, now: row.createdAt });
    const finished = ids.length < BATCH;
    await ctx.db.transaction(async (tx) => {
      const sameCursor = row.cursor === null ? isNull(bulkAdds.cursor) : eq(bulkAdds.cursor, row.cursor);
      const advanced = await tx
        .update(bulkAdds)
        .set({
          cursor: ids.at(-1) ?? row.cursor,
          processed: sql`least(${bulkAdds.total}, ${bulkAdds.processed} + ${ids.length})`,
          ...(finished ? { state: "done", finishedAt: ctx.clock.now(), processed: sql`${bulkAdds.total}` } : { state: "running" }),
        })
        .where(and(eq(bulkAdds.id, id), sameCursor, sql`${bulkAdds.state} <> 'done'`))
        .returning({ id: bulkAdds.id });
      if (advanced.length === 0) return; // another run took this batch
      await addItemsToShop(tx, { shopId: row.shopId, productIds: ids, catalogueId: row.catalogueId, now: ctx.clock.now() });
    });
    if (finished) return;
  }
}

/** The jobs this module runs; registered where the app is composed. */
export function registerResellerJobs() {
  registerJob(JOB, async (jobCtx, payload) => {
    if (payload.id) await runBulkAdd(jobCtx, payload.id);
  });
}
