import { franchiseRefusal, franchiseUrl, isPublicStore, mayListFranchises } from "@tianguis/domain/rules/franchises";
import type {
  FranchiseView,
  adminFranchisesQuery,
  publicFranchisesQuery,
  publishedFranchisesQuery,
} from "@tianguis/domain/schemas/franchise";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { requireShopAdmin, requireShopById, requireShopBySlug } from "../shops/service";
import {
  type FranchiseStoreRow,
  deleteFranchise,
  insertFranchise,
  selectListedFranchises,
  selectListedIds,
  selectPublishedFranchises,
} from "./queries";

/**
 * Franchises and affinity stores (commerce-and-accounts §2 'Franchise modal', §4 'Franchise in a shop', §6, §7): the
 * one owner of shop_franchises. Everyone sees a shop's public list; only its admin (owner or admin member) searches
 * the published stores, adds, removes and sees the whole list, non-public stores included; only franchise shops add.
 */

type Page<T> = { results: T[]; matches_estimated: number };

function toView(row: FranchiseStoreRow): FranchiseView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    photo: row.photo,
    canonical_url: franchiseUrl({ slug: row.slug, canonical_url: row.canonicalUrl }),
    store_type: row.storeType,
    in_store: row.inStore,
    is_public: isPublicStore({ disabled: row.disabled, is_proxy: row.isProxy }),
  };
}

function page({ rows, total }: { rows: FranchiseStoreRow[]; total: number }): Page<FranchiseView> {
  return { results: rows.map(toView), matches_estimated: total };
}

/** {base}/franquicias: the listed stores visitors can reach. */
export async function listFranchises(ctx: AppContext, slug: string, query: z.output<typeof publicFranchisesQuery>) {
  const shop = await requireShopBySlug(ctx.db, slug);
  return page(await selectListedFranchises(ctx.db, shop.id, { publicOnly: true, ...query }));
}

/** The admin list: every listed store, disabled and proxy ones included, so the admin can take them off. */
export async function listAdminFranchises(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: z.output<typeof adminFranchisesQuery>,
) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  return page(await selectListedFranchises(ctx.db, shop.id, { publicOnly: false, ...query }));
}

/** The admin of a franchise shop, or 401/403, or 422 'franchise_store_required' for other store types. */
async function requireFranchiseShopAdmin(ctx: AppContext, slug: string, user: SessionUser | null) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  if (!mayListFranchises({ store_type: shop.storeType })) throw new AppError("franchise_store_required");
  return shop;
}

/** The franchise modal's search, 2 per page by default. */
export async function searchPublishedFranchises(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: z.output<typeof publishedFranchisesQuery>,
) {
  const shop = await requireFranchiseShopAdmin(ctx, slug, user);
  return page(await selectPublishedFranchises(ctx.db, shop.id, query));
}

export async function franchisesInStore(ctx: AppContext, slug: string, user: SessionUser | null, ids: string[]) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const listed = await selectListedIds(ctx.db, shop.id, ids);
  return { results: Object.fromEntries(ids.map((id) => [id, listed.has(id)])) };
}

/** in_store false → true (§4). Idempotent: the pair is the table's key. */
export async function addFranchise(ctx: AppContext, slug: string, user: SessionUser | null, franchiseId: string) {
  const shop = await requireFranchiseShopAdmin(ctx, slug, user);
  const store = await requireShopById(ctx.db, franchiseId);
  const refusal = franchiseRefusal(
    { id: store.id, store_type: store.storeType, disabled: store.disabled, is_proxy: store.isProxy, root_shop_id: store.rootShopId },
    { id: shop.id },
  );
  if (refusal) throw new AppError(refusal);
  await insertFranchise(ctx.db, shop.id, store.id, ctx.clock.now());
  return { id: store.id, in_store: true };
}

/**
 * in_store true → false, sent after the modal's 5-second undo (§4). Any shop admin may take a store off, even a shop
 * no longer of franchise type; removing a store that is not listed answers the same.
 */
export async function removeFranchise(ctx: AppContext, slug: string, user: SessionUser | null, franchiseId: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  await deleteFranchise(ctx.db, shop.id, franchiseId);
  return { id: franchiseId, in_store: false };
}
