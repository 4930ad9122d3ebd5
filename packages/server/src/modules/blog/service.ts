import { type BlogState, blogSlug, blogSlugCandidate, docExcerpt, missingForPublish, sectionsAfterBlog } from "@tianguis/domain/rules/blog";
import type { BlogEntryCard, BlogEntryView, blogAdminListQuery, blogEntryBody, blogListQuery } from "@tianguis/domain/schemas/blog";
import { blogDoc } from "@tianguis/domain/schemas/blog";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { AppError, type FieldCodes } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { checkImageIds, deleteGalleryImages } from "../gallery/service";
import { type ShopRow, changeSections, findShopWithAccess, requireShopAdmin } from "../shops/service";
import {
  type BlogEntryWithAuthor,
  countPublished,
  deleteEntry,
  insertEntryUnlessSlugTaken,
  selectEntries,
  selectEntry,
  updateEntry,
} from "./queries";

/**
 * Shop blogs (commerce-and-accounts §7 'Blog', §8, §9 'blogs 8'). The one owner of the blog_entries table. Visitors read
 * published entries; the shop's owner and admin members also read drafts and write. A draft never appears in a public
 * list and answers 404 to anyone else, exactly like an entry that does not exist.
 */

type EntryInput = z.output<typeof blogEntryBody>;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function authorView(row: BlogEntryWithAuthor, shop: ShopRow) {
  return { id: row.authorId ?? "", name: row.authorName?.trim() || shop.name, image: row.authorImage ?? null };
}

function cardView(row: BlogEntryWithAuthor, shop: ShopRow): BlogEntryCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    cover_image: row.coverImage,
    state: row.state as BlogState,
    author: authorView(row, shop),
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function entryView(row: BlogEntryWithAuthor, shop: ShopRow): BlogEntryView {
  // Stored documents passed the schema when saved; one that no longer does (a rule tightened since) reads as empty.
  const body = blogDoc.safeParse(row.body);
  return { ...cardView(row, shop), cover_image_id: row.coverImageId, body: body.success ? body.data : { type: "doc", content: [] } };
}

/** Public list: published entries only. */
export async function listPublishedEntries(ctx: AppContext, slug: string, user: SessionUser | null, query: z.output<typeof blogListQuery>) {
  const { shop } = await findShopWithAccess(ctx, { slug }, user);
  const { rows, total } = await selectEntries(ctx.db, shop.id, { states: ["published"], offset: query.offset, limit: query.limit });
  return { results: rows.map((row) => cardView(row, shop)), matches_estimated: total };
}

/** The shop admin's list: drafts too. */
export async function listShopEntries(ctx: AppContext, slug: string, user: SessionUser | null, query: z.output<typeof blogAdminListQuery>) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const states = query.state ? [query.state] : ["draft", "published"];
  const { rows, total } = await selectEntries(ctx.db, shop.id, { states, offset: query.offset, limit: query.limit });
  return { results: rows.map((row) => cardView(row, shop)), matches_estimated: total };
}

async function findEntry(ctx: AppContext, shop: ShopRow, key: string) {
  return uuidPattern.test(key) ? selectEntry(ctx.db, shop.id, { id: key }) : selectEntry(ctx.db, shop.id, { slug: key.toLowerCase() });
}

/** One entry by slug or id; a draft exists only for the shop's owner and admins. */
export async function getEntry(ctx: AppContext, slug: string, key: string, user: SessionUser | null): Promise<BlogEntryView> {
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  const row = await findEntry(ctx, shop, key);
  if (!row || (row.state !== "published" && !access.isAdmin)) throw new AppError("blog_entry_not_found", { status: 404 });
  return entryView(row, shop);
}

/**
 * Runs a write and then lets the shop's 'blogs' section follow its published entries (rules/blog.ts sectionsAfterBlog):
 * the first publication shows the menu's 'Blog' to visitors, the last one gone hides it.
 */
async function withBlogSection<T>(ctx: AppContext, shopId: string, write: () => Promise<T>): Promise<T> {
  const before = await countPublished(ctx.db, shopId);
  const result = await write();
  const after = await countPublished(ctx.db, shopId);
  if ((before === 0) !== (after === 0)) await changeSections(ctx.db, shopId, (sections) => sectionsAfterBlog(sections, before, after));
  return result;
}

/** Refuses to publish an entry with nothing to read: 422 incomplete_request with the missing fields (§8). */
function checkPublishable(input: EntryInput) {
  if (input.state !== "published") return;
  const missing = missingForPublish(input);
  if (missing.length === 0) return;
  const fields: FieldCodes = Object.fromEntries(missing.map((field) => [field, "required"]));
  throw new AppError("incomplete_request", { status: 422, fields });
}

/**
 * Writes a new entry for the shop (owner or shop admin), the acting user as its author. The slug comes from the title;
 * a taken one gets -2, -3… (the unique index decides, so two saves at once cannot share one).
 */
export async function createEntry(ctx: AppContext, slug: string, user: SessionUser | null, input: EntryInput): Promise<BlogEntryView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  checkPublishable(input);
  await checkImageIds(ctx, user?.id ?? "", { cover_image_id: input.cover_image_id });
  const now = ctx.clock.now();
  const base = blogSlug(input.title);
  return withBlogSection(ctx, shop.id, () => insertWithFreeSlug(ctx, shop, user, input, base, now));
}

async function insertWithFreeSlug(ctx: AppContext, shop: ShopRow, user: SessionUser | null, input: EntryInput, base: string, now: Date) {
  for (let attempt = 1; attempt <= 50; attempt += 1) {
    const row = await insertEntryUnlessSlugTaken(ctx.db, {
      shopId: shop.id,
      authorId: user?.id ?? null,
      slug: blogSlugCandidate(base, attempt),
      title: input.title,
      coverImage: input.cover_image ?? null,
      coverImageId: input.cover_image ? (input.cover_image_id ?? null) : null,
      body: input.body,
      excerpt: docExcerpt(input.body),
      state: input.state,
      publishedAt: input.state === "published" ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    if (row) return entryView({ ...row, authorName: user?.fullName ?? null, authorImage: user?.image ?? null }, shop);
  }
  throw new AppError("conflict");
}

async function requireEntryForWrite(ctx: AppContext, slug: string, id: string, user: SessionUser | null) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const row = uuidPattern.test(id) ? await selectEntry(ctx.db, shop.id, { id }) : null;
  if (!row) throw new AppError("blog_entry_not_found", { status: 404 });
  return { shop, row };
}

/** Saves an entry by id; the first publication keeps its date, and a replaced cover leaves the gallery. */
export async function saveEntry(
  ctx: AppContext,
  slug: string,
  id: string,
  user: SessionUser | null,
  input: EntryInput,
): Promise<BlogEntryView> {
  const { shop, row } = await requireEntryForWrite(ctx, slug, id, user);
  checkPublishable(input);
  await checkImageIds(ctx, user?.id ?? "", { cover_image_id: input.cover_image_id }, [row.coverImageId]);
  const now = ctx.clock.now();
  const coverImageId = input.cover_image ? (input.cover_image_id ?? null) : null;
  await withBlogSection(ctx, shop.id, () =>
    updateEntry(ctx.db, row.id, {
      title: input.title,
      coverImage: input.cover_image ?? null,
      coverImageId,
      body: input.body,
      excerpt: docExcerpt(input.body),
      state: input.state,
      publishedAt: input.state === "published" ? (row.publishedAt ?? now) : row.publishedAt,
      updatedAt: now,
    }),
  );
  if (row.coverImageId && row.coverImageId !== coverImageId) await deleteGalleryImages(ctx, [row.coverImageId]);
  const saved = await selectEntry(ctx.db, shop.id, { id: row.id });
  if (!saved) throw new AppError("blog_entry_not_found", { status: 404 });
  return entryView(saved, shop);
}

/** Deletes an entry and its cover image. */
export async function removeEntry(ctx: AppContext, slug: string, id: string, user: SessionUser | null): Promise<void> {
  const { shop, row } = await requireEntryForWrite(ctx, slug, id, user);
  await withBlogSection(ctx, shop.id, () => deleteEntry(ctx.db, row.id));
  if (row.coverImageId) await deleteGalleryImages(ctx, [row.coverImageId]);
}
