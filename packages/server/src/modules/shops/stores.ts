import { isValidSlug, normalizeSlug, slugCandidates } from "@tianguis/domain/rules/registration";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { shops } from "../../db/schema/shops";
import { AppError } from "../../http/errors";

/** Names a shop cannot take because they are host names of the platform itself. */
const reservedSlugs = new Set(["www", "api", "admin", "static", "media", "dev", "app", "tienda", "register", "login", "logout"]);

async function takenSlugs(db: DbOrTx, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db.select({ slug: sql<string>`lower(${shops.slug})` }).from(shops).where(inArray(sql`lower(${shops.slug})`, candidates));
  return new Set([...rows.map((row) => row.slug), ...candidates.filter((slug) => reservedSlugs.has(slug))]);
}

/** Store slug check (commerce-and-accounts §3): whether it is taken, and up to `n` free suggestions when it is (or is invalid). */
export async function checkSlug(ctx: AppContext, input: { slug: string; name?: string; n_suggestions: number }) {
  const slug = normalizeSlug(input.slug);
  const valid = isValidSlug(slug);
  const candidates = slugCandidates(slug, input.name ?? "");
  const taken = await takenSlugs(ctx.db, valid ? [slug, ...candidates] : candidates);
  const exists = valid && taken.has(slug);
  const suggestions = exists || !valid ? candidates.filter((candidate) => candidate !== slug && !taken.has(candidate)).slice(0, input.n_suggestions) : [];
  return { exists, valid, suggestions };
}

export async function isSlugFree(db: DbOrTx, slug: string): Promise<boolean> {
  return !(await takenSlugs(db, [normalizeSlug(slug)])).has(normalizeSlug(slug));
}

/** The slug itself when free, else its first free candidate (a sign-up's slug may be taken before activation). */
export async function firstFreeSlug(db: DbOrTx, store: { slug: string; name: string }): Promise<string | null> {
  const candidates = slugCandidates(store.slug, store.name);
  const taken = await takenSlugs(db, candidates);
  return candidates.find((candidate) => !taken.has(candidate)) ?? null;
}

/** Inserts an affiliate store owned by `ownerId` (slug validity and availability checked in the same transaction). */
export async function insertStore(db: DbOrTx, ownerId: string, store: { slug: string; name: string }) {
  const slug = normalizeSlug(store.slug);
  if (!isValidSlug(slug)) throw new AppError("invalid_slug", { status: 400, fields: { slug: "invalid_slug" } });
  if (!(await isSlugFree(db, slug))) throw new AppError("slug_taken", { status: 409, fields: { slug: "slug_taken" } });
  const [shop] = await db
    .insert(shops)
    .values({ slug, name: store.name, ownerId, storeType: "affiliate" })
    .onConflictDoNothing()
    .returning({ id: shops.id, slug: shops.slug, name: shops.name });
  if (!shop) throw new AppError("slug_taken", { status: 409, fields: { slug: "slug_taken" } });
  return shop;
}

/** The stores a user owns, oldest first. */
export async function listOwnedStores(db: DbOrTx, ownerId: string) {
  return db.select({ id: shops.id, slug: shops.slug, name: shops.name }).from(shops).where(eq(shops.ownerId, ownerId)).orderBy(asc(shops.createdAt));
}
