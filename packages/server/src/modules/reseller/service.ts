import { resellerEarning } from "@tianguis/domain/rules/price-display";
import { accessOf } from "@tianguis/domain/rules/reseller";
import type {
  AccessRequestState,
  AccessRequestView,
  DropshippingAudience,
  DssupplierView,
  ResaleCategory,
  ResaleProduct,
  ResaleSearchQuery,
  ResaleSearchResult,
} from "@tianguis/domain/schemas/reseller";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { dropshippingPolicies, resellerAccess } from "../../db/schema/reseller";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { removeSupplierItemsFromShop } from "../catalogues/service";
import { requireShopAdmin, requireShopById } from "../shops/service";
import {
  type PickerStore,
  type ResaleRow,
  type SupplierRow,
  countResale,
  pickerStoreOf,
  selectAccessRequest,
  selectAccessRequests,
  selectAudience,
  selectDssuppliers,
  selectResaleCategories,
  selectResalePage,
} from "./queries";

/**
 * The reseller module's door (commerce-and-accounts §2 'Reseller picker', §4, §6): what a store may resell, the picker's
 * searches, 'add all' (bulk-adds.ts), and suppliers' dropshipping policy and resellers' access requests. It writes the
 * store's items through the catalogues module's door; adding one item is that module's store-products use case, which
 * reads the policy and access this module writes (catalogues/shop-products.ts `requireResellable`).
 */
export { getBulkAdd, registerResellerJobs, startBulkAdd } from "./bulk-adds";

/** The store the caller administers, as the picker needs it; 403 for anyone else. */
export async function requirePickerStore(ctx: AppContext, slug: string, user: SessionUser | null): Promise<PickerStore> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  return pickerStoreOf(shop);
}

function toResaleProduct(row: ResaleRow): ResaleProduct {
  const margin = row.contribution_margin === null ? null : Number(row.contribution_margin);
  const experienceDate = row.experience_date === null ? null : new Date(row.experience_date).toISOString();
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type as ResaleProduct["type"],
    photos: row.photo ? [row.photo] : [],
    list_price: Number(row.list_price),
    crossout_price: row.crossout_price === null ? null : Number(row.crossout_price),
    currency: row.currency,
    hide_price: row.hide_price,
    is_free: row.is_free,
    in_store: row.in_store,
    is_dropshipping: row.is_dropshipping,
    contribution_margin: margin,
    earning: resellerEarning(margin),
    owner: row.owner,
    owner_name: row.owner_name,
    owner_slug: row.owner_slug,
    category: row.category,
    list_state: row.list_state as ResaleProduct["list_state"],
    hiden: row.hiden,
    experience_date: experienceDate,
  };
}

export async function searchResale(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: ResaleSearchQuery,
): Promise<ResaleSearchResult> {
  const store = await requirePickerStore(ctx, slug, user);
  const [rows, total] = await Promise.all([
    selectResalePage(ctx.db, store, query, query),
    countResale(ctx.db, store, query, query.check_at_least),
  ]);
  return { results: rows.map(toResaleProduct), matches_estimated: total, shop_id: store.id };
}

export async function listResaleCategories(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: { name?: string; type: ResaleProduct["type"]; scope: "others" | "mine"; offset: number; limit: number },
): Promise<{ results: ResaleCategory[]; matches_estimated: number }> {
  const store = await requirePickerStore(ctx, slug, user);
  const { names, total } = await selectResaleCategories(ctx.db, store, { type: query.type, scope: query.scope }, query);
  return { results: names.map((name) => ({ id: name, name, slug: categorySlug(name) })), matches_estimated: total };
}

function categorySlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function toDssupplier(row: SupplierRow): DssupplierView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.photo,
    access: accessOf(row.audience ?? "all", row.state),
  };
}

export async function searchDssuppliers(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: { text?: string; type?: string; offset: number; limit: number },
): Promise<{ results: DssupplierView[]; matches_estimated: number }> {
  const store = await requirePickerStore(ctx, slug, user);
  const { rows, total } = await selectDssuppliers(ctx.db, store.id, query);
  return { results: rows.map(toDssupplier), matches_estimated: total };
}

/** A reseller asks a supplier for access; a rejected request may be asked again, an approved one stays approved. */
export async function requestAccess(ctx: AppContext, slug: string, user: SessionUser | null, supplierId: string): Promise<DssupplierView> {
  const store = await requirePickerStore(ctx, slug, user);
  const supplier = await requireShopById(ctx.db, supplierId);
  if (supplier.id === store.id) throw new AppError("reseller_not_a_supplier", { status: 422 });
  const audience = await selectAudience(ctx.db, supplier.id);
  if (audience === "approved") {
    const now = ctx.clock.now();
    await ctx.db
      .insert(resellerAccess)
      .values({ supplierShopId: supplier.id, resellerShopId: store.id, state: "pending", requestedAt: now })
      .onConflictDoUpdate({
        target: [resellerAccess.supplierShopId, resellerAccess.resellerShopId],
        set: { state: "pending", requestedAt: now, decidedAt: null },
        setWhere: eq(resellerAccess.state, "rejected"),
      });
  }
  const request = await selectAccessRequest(ctx.db, supplier.id, store.id);
  return toDssupplier({
    id: supplier.id,
    name: supplier.name,
    slug: supplier.slug,
    photo: supplier.photo,
    audience,
    state: (request?.state as AccessRequestState | undefined) ?? null,
  });
}

export async function getPolicy(ctx: AppContext, slug: string, user: SessionUser | null) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  return { audience: await selectAudience(ctx.db, shop.id) };
}

export async function setPolicy(ctx: AppContext, slug: string, user: SessionUser | null, audience: DropshippingAudience) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const now = ctx.clock.now();
  await ctx.db
    .insert(dropshippingPolicies)
    .values({ supplierShopId: shop.id, audience, updatedAt: now })
    .onConflictDoUpdate({ target: dropshippingPolicies.supplierShopId, set: { audience, updatedAt: now } });
  return { audience };
}

type AccessRequestRow = Awaited<ReturnType<typeof selectAccessRequests>>["rows"][number];

function toAccessRequestView(row: AccessRequestRow): AccessRequestView {
  return {
    reseller: row.reseller,
    state: row.request.state as AccessRequestState,
    requested_at: row.request.requestedAt.toISOString(),
    decided_at: row.request.decidedAt?.toISOString() ?? null,
  };
}

export async function listAccessRequests(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: { state?: AccessRequestState; offset: number; limit: number },
) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const { rows, total } = await selectAccessRequests(ctx.db, shop.id, query);
  return { results: rows.map(toAccessRequestView), matches_estimated: total };
}

/**
 * The supplier approves or rejects a request; its items appear in (or leave) that reseller's picker at once, and a
 * rejection also takes them out of the reseller's store and catalogues. Switching the audience to 'approved' keeps what
 * resellers already show; it only stops new adds.
 */
export async function decideAccess(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  resellerId: string,
  state: "approved" | "rejected",
): Promise<AccessRequestView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  // One transaction: a rejected reseller stops showing the supplier's items at the moment the rejection is recorded.
  const updated = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(resellerAccess)
      .set({ state, decidedAt: ctx.clock.now() })
      .where(and(eq(resellerAccess.supplierShopId, shop.id), eq(resellerAccess.resellerShopId, resellerId)))
      .returning();
    if (rows.length > 0 && state === "rejected") await removeSupplierItemsFromShop(tx, resellerId, shop.id);
    return rows;
  });
  if (updated.length === 0) throw new AppError("access_request_not_found", { status: 404 });
  const reseller = await requireShopById(ctx.db, resellerId);
  return toAccessRequestView({
    request: updated[0],
    reseller: { id: reseller.id, name: reseller.name, slug: reseller.slug, photo: reseller.photo },
  });
}
