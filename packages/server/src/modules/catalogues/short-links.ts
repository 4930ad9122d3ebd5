import { randomBytes } from "node:crypto";
import { shortLinkName } from "@tianguis/domain/rules/catalogue-position";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { shortLinks } from "../../db/schema/catalogues";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { requireShopAdmin } from "../shops/service";

export const shortLinkPath = (code: string) => `/api/v1/short-links/${code}`;

/** A short link for sharing a page of this site (name cut to 100 characters); answers encoded_mkt_url. */
export async function createShortLink(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  input: { name: string; url: string; state: string },
) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  // Only pages of this site: a short link must never become an open redirect to another domain.
  if (!input.url.startsWith("/") || input.url.startsWith("//") || input.url.includes("\\"))
    throw new AppError("validation_failed", { status: 400, fields: { url: "invalid_url" } });
  const code = randomBytes(6).toString("base64url");
  const [row] = await ctx.db
    .insert(shortLinks)
    .values({
      code,
      shopId: shop.id,
      createdBy: user?.id ?? shop.ownerId,
      name: shortLinkName(input.name),
      url: input.url,
      state: input.state,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return { code: row.code, name: row.name, url: row.url, state: row.state, encoded_mkt_url: shortLinkPath(row.code) };
}

export async function resolveShortLink(ctx: AppContext, code: string): Promise<string> {
  const [row] = await ctx.db.select().from(shortLinks).where(eq(shortLinks.code, code)).limit(1);
  if (!row || row.state !== "active") throw new AppError("not_found");
  return row.url;
}
