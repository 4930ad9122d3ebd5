import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { blogEntries } from "../../db/schema/blog";

export type BlogEntryRow = typeof blogEntries.$inferSelect;
export type BlogEntryWithAuthor = BlogEntryRow & { authorName: string | null; authorImage: string | null };

/** The entry with its author's public name and photo (a read model may join: the author is shown on every card). */
const withAuthor = {
  entry: blogEntries,
  authorName: users.fullName,
  authorImage: users.image,
};

function flatten(row: { entry: BlogEntryRow; authorName: string | null; authorImage: string | null }): BlogEntryWithAuthor {
  return { ...row.entry, authorName: row.authorName, authorImage: row.authorImage };
}

/** One page of a shop's entries in the given states, newest updated first (sort -updated_at), and how many there are. */
export async function selectEntries(
  db: DbOrTx,
  shopId: string,
  page: { states: string[]; offset: number; limit: number },
): Promise<{ rows: BlogEntryWithAuthor[]; total: number }> {
  const where = and(eq(blogEntries.shopId, shopId), inArray(blogEntries.state, page.states));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(withAuthor)
      .from(blogEntries)
      .leftJoin(users, eq(users.id, blogEntries.authorId))
      .where(where)
      .orderBy(desc(blogEntries.updatedAt), desc(blogEntries.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(blogEntries).where(where),
  ]);
  return { rows: rows.map(flatten), total };
}

/** An entry of the shop by id or slug. */
export async function selectEntry(db: DbOrTx, shopId: string, where: { id?: string; slug?: string }): Promise<BlogEntryWithAuthor | null> {
  const key = where.id ? eq(blogEntries.id, where.id) : eq(blogEntries.slug, where.slug ?? "");
  const [row] = await db
    .select(withAuthor)
    .from(blogEntries)
    .leftJoin(users, eq(users.id, blogEntries.authorId))
    .where(and(eq(blogEntries.shopId, shopId), key))
    .limit(1);
  return row ? flatten(row) : null;
}

/** Inserts the entry unless its slug is taken in the shop: then answers null and the caller tries the next slug. */
export async function insertEntryUnlessSlugTaken(db: DbOrTx, values: typeof blogEntries.$inferInsert): Promise<BlogEntryRow | null> {
  const [row] = await db
    .insert(blogEntries)
    .values(values)
    .onConflictDoNothing({ target: [blogEntries.shopId, blogEntries.slug] })
    .returning();
  return row ?? null;
}

export async function updateEntry(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<BlogEntryRow, "title" | "coverImage" | "coverImageId" | "body" | "excerpt" | "state" | "publishedAt" | "updatedAt">>,
): Promise<void> {
  await db.update(blogEntries).set(values).where(eq(blogEntries.id, id));
}

export async function deleteEntry(db: DbOrTx, id: string): Promise<void> {
  await db.delete(blogEntries).where(eq(blogEntries.id, id));
}

/** How many of the shop's entries are published (the menu's 'Blog' follows it). */
export async function countPublished(db: DbOrTx, shopId: string): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(blogEntries)
    .where(and(eq(blogEntries.shopId, shopId), eq(blogEntries.state, "published")));
  return total;
}
