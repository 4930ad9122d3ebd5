import { isValidSlug, normalizeSlug, slugCandidates } from "@tianguis/domain/rules/registration";
import type { SectionKey, ShopRole, ShopView } from "@tianguis/domain/schemas/shop";
import { locateShopByHost } from "@tianguis/domain/rules/shop-resolution";
import { storeThemeInfo } from "@tianguis/domain/schemas/shop";
import { eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { shops } from "../../db/schema/shops";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import {
  type ShopRow,
  insertAffiliateShop,
  selectFeaturedShops,
  selectHasShopRole,
  selectMemberRoles,
  selectOwnedShops,
  selectShop,
  selectTakenSlugs,
  updateShopDisabled,
} from "./queries";
import { toShopView } from "./views";

/**
 * The shops module's one door: other modules look a shop up, check access, create a user's shop or change its
 * sections only through here (the `shops` table is written by this module alone).
 */

export type { ShopRow };

export interface ShopAccess {
  isOwner: boolean;
  roles: ShopRole[];
  /** Owner, or a member with the admin permission. */
  isAdmin: boolean;
}

const noAccess: ShopAccess = { isOwner: false, roles: [], isAdmin: false };

export async function getShopAccess(ctx: AppContext, shop: { id: string; ownerId: string }, user: SessionUser | null): Promise<ShopAccess> {
  if (!user) return noAccess;
  const isOwner = shop.ownerId === user.id;
  const roles = (await selectMemberRoles(ctx.db, shop.id, user.id)) as ShopRole[];
  const allRoles: ShopRole[] = isOwner ? ["admin", ...roles.filter((role) => role !== "admin")] : roles;
  return { isOwner, roles: allRoles, isAdmin: isOwner || roles.includes("admin") };
}

/** Whether the user owns the shop or has any role in it: their pages of it show its admin controls (web.ts). */
export async function hasShopRole(ctx: AppContext, where: { slug: string } | { domain: string }, userId: string): Promise<boolean> {
  return selectHasShopRole(ctx.db, where, userId);
}

export async function getShop(
  ctx: AppContext,
  where: { slug?: string; id?: string; domain?: string },
  user: SessionUser | null,
): Promise<ShopView> {
  const row = await selectShop(ctx.db, where);
  if (!row) throw new AppError("shop_not_found");
  const access = await getShopAccess(ctx, row.shop, user);
  // Production without a live provider: the shop cannot take payments, and its admins are told so (issue #32).
  const paymentsBlocked = access.isAdmin && !ctx.config.sandboxAllowed && !row.paymentsLive;
  return toShopView(row, access, user, paymentsBlocked);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /shops/{slug}: by slug, else by the shop's id when the path holds one (commerce-and-accounts L47: /tienda/{shop
 * id}/… pages, which the web sends on to the slug's address). A slug always wins over an id that looks the same.
 */
export async function getShopBySlugOrId(ctx: AppContext, slugOrId: string, user: SessionUser | null): Promise<ShopView> {
  if (!uuidPattern.test(slugOrId) || (await selectShop(ctx.db, { slug: slugOrId }))) return getShop(ctx, { slug: slugOrId }, user);
  return getShop(ctx, { id: slugOrId.toLowerCase() }, user);
}

/** The shop with this slug (any letter case), or 404 'Tienda no encontrada'; the one lookup every module uses. */
export async function requireShopBySlug(db: DbOrTx, slug: string): Promise<ShopRow> {
  const shop = await findShopBySlug(db, slug);
  if (!shop) throw new AppError("shop_not_found");
  return shop;
}

/** The shop a request's Host names (its sub-domain or its own domain), or null (the marketplace's own host). */
export async function findShopByHost(db: DbOrTx, host: string | undefined, baseDomain: string): Promise<ShopRow | null> {
  const locator = locateShopByHost(host, baseDomain);
  if (locator.kind === "none") return null;
  const row = await selectShop(db, locator.kind === "subdomain" ? { slug: locator.slug } : { domain: locator.hostname });
  return row?.shop ?? null;
}

/** The shop with this slug (any letter case), or null where a missing shop is not an error. */
export async function findShopBySlug(db: DbOrTx, slug: string): Promise<ShopRow | null> {
  const row = await selectShop(db, { slug });
  return row?.shop ?? null;
}

/** The shop with this id, or 404 'Tienda no encontrada'. */
export async function requireShopById(db: DbOrTx, id: string): Promise<ShopRow> {
  const row = await selectShop(db, { id });
  if (!row) throw new AppError("shop_not_found");
  return row.shop;
}

/** The shop row with its access for `user`: for use cases in other modules that must check who may write. */
export async function findShopWithAccess(ctx: AppContext, where: { slug?: string; id?: string }, user: SessionUser | null) {
  const row = await selectShop(ctx.db, where);
  if (!row) throw new AppError("shop_not_found");
  return { shop: row.shop, access: await getShopAccess(ctx, row.shop, user) };
}

/** 403 unless `user` is the shop's owner or has its admin permission. */
export async function requireShopAdmin(ctx: AppContext, where: { slug?: string; id?: string }, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const found = await findShopWithAccess(ctx, where, user);
  if (!found.access.isAdmin) throw new AppError("forbidden");
  return found;
}

/** 401 unless signed in, 403 unless `user` owns the shop: for what only the owner reads (the audit log). */
export async function requireShopOwner(ctx: AppContext, slug: string, user: SessionUser | null): Promise<ShopRow> {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  if (!access.isOwner) throw new AppError("forbidden");
  return shop;
}

export async function listFeaturedShops(ctx: AppContext, limit: number): Promise<ShopView[]> {
  const rows = await selectFeaturedShops(ctx.db, limit);
  return rows.map((row) => toShopView(row, noAccess, null));
}

/** The slug of the user's first own shop ('My shop'), or null; other modules ask here instead of reading shops. */
export async function ownShopSlug(db: DbOrTx, userId: string): Promise<string | null> {
  const [shop] = await selectOwnedShops(db, userId);
  return shop?.slug ?? null;
}

/** Shops' ids, slugs, names and owners by id: the shops module's read door for lists that name shops (exports, contacts). */
export async function shopCardsByIds(db: DbOrTx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, { id: string; slug: string; name: string; ownerId: string }>();
  const rows = await db
    .select({ id: shops.id, slug: shops.slug, name: shops.name, ownerId: shops.ownerId })
    .from(shops)
    .where(inArray(shops.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The shops a user owns, oldest first. */
export async function listOwnedShops(db: DbOrTx, ownerId: string) {
  return selectOwnedShops(db, ownerId);
}

/** Names a shop cannot take because they are host names of the platform itself. */
const reservedSlugs = new Set(["www", "api", "admin", "static", "media", "dev", "app", "tienda", "register", "login", "logout"]);

async function takenSlugs(db: DbOrTx, candidates: string[]): Promise<Set<string>> {
  return new Set([...(await selectTakenSlugs(db, candidates)), ...candidates.filter((slug) => reservedSlugs.has(slug))]);
}

/** Shop slug check (commerce-and-accounts §3): whether it is taken, and up to `n` free suggestions when it is (or is invalid). */
export async function checkSlug(ctx: AppContext, input: { slug: string; name?: string; n_suggestions: number }) {
  const slug = normalizeSlug(input.slug);
  const valid = isValidSlug(slug);
  const candidates = slugCandidates(slug, input.name ?? "");
  const taken = await takenSlugs(ctx.db, valid ? [slug, ...candidates] : candidates);
  const exists = valid && taken.has(slug);
  const isFree = (candidate: string) => candidate !== slug && !taken.has(candidate);
  const suggestions = exists || !valid ? candidates.filter(isFree).slice(0, input.n_suggestions) : [];
  return { exists, valid, suggestions };
}

export async function isSlugFree(db: DbOrTx, slug: string): Promise<boolean> {
  return !(await takenSlugs(db, [normalizeSlug(slug)])).has(normalizeSlug(slug));
}

/** The slug itself when free, else its first free candidate (a sign-up's slug may be taken before activation). */
export async function firstFreeSlug(db: DbOrTx, shop: { slug: string; name: string }): Promise<string | null> {
  const candidates = slugCandidates(shop.slug, shop.name);
  const taken = await takenSlugs(db, candidates);
  return candidates.find((candidate) => !taken.has(candidate)) ?? null;
}

/**
 * Inserts an affiliate shop owned by `ownerId` (slug validity and availability checked in the same transaction); a
 * 'supplier' one (sign-up from /proveedores) has no store type, like every supplier's shop.
 */
export async function createAffiliateShop(
  db: DbOrTx,
  ownerId: string,
  input: { slug: string; name: string },
  kind: "affiliate" | "supplier" = "affiliate",
) {
  const slug = normalizeSlug(input.slug);
  if (!isValidSlug(slug)) throw new AppError("invalid_slug", { status: 400, fields: { slug: "invalid_slug" } });
  if (!(await isSlugFree(db, slug))) throw new AppError("slug_taken", { status: 409, fields: { slug: "slug_taken" } });
  const shop = await insertAffiliateShop(db, ownerId, { slug, name: input.name }, kind === "supplier" ? null : "affiliate");
  if (!shop) throw new AppError("slug_taken", { status: 409, fields: { slug: "slug_taken" } });
  return shop;
}

/** Rewrites a shop's sections_info with `change` (used when catalogues appear or disappear). */
export async function changeSections(db: DbOrTx, shopId: string, change: (sections: SectionKey[]) => SectionKey[]): Promise<void> {
  const [row] = await db.select({ theme: shops.storeThemeInfo }).from(shops).where(eq(shops.id, shopId)).limit(1);
  if (!row) return;
  const current = storeThemeInfo.parse(row.theme ?? {});
  const next = change(current.sections_info);
  if (next.join() === current.sections_info.join()) return;
  await db
    .update(shops)
    .set({ storeThemeInfo: { ...(row.theme ?? {}), sections_info: next } })
    .where(eq(shops.id, shopId));
}

/**
 * Disables or enables a shop (the platform admin's decision, modules/platform-admin): true when the flag changed,
 * false when it already was so, which keeps two admins' simultaneous clicks from both taking effect.
 */
export async function setShopDisabled(db: DbOrTx, shopId: string, disabled: boolean, now: Date): Promise<boolean> {
  return updateShopDisabled(db, shopId, disabled, now);
}
