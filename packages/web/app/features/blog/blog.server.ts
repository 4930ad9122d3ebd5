import { blogApi } from "@tianguis/domain/routes/blog";
import { blogPageSize } from "@tianguis/domain/rules/blog";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { data, redirect } from "react-router";
import { load } from "../../lib/api/load.server";
import { isShopAdmin } from "../../lib/access";
import { type ShopContext, requireShop, resolveShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";
import { signedInUser } from "../../lib/me.server";

/** The shop admin's list shows 10 entries per page (the default table size, §9). */
export const blogAdminPageSize = 10;

function pageOf(request: Request): number {
  return Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
}

/** {base}/blogs: published entries, 8 per page (?page=N), newest updated first. */
export async function loadBlogList(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  const page = pageOf(request);
  const list = await load(context, blogApi.list, {
    params: { slug: shopContext.shop.slug },
    query: { offset: pageOffset(page, blogPageSize), limit: blogPageSize, sort: "-updated_at" },
  });
  return { ...shopContext, list, page, pageSize: blogPageSize, canWrite: isShopAdmin(shopContext.shop) };
}

/** {base}/blogs/{entry}: the entry by its slug; a draft answers 404 to everyone but the shop's admins (the API decides). */
export async function loadBlogEntry(context: WebLoadContext, params: { shopSlug?: string; entrySlug?: string }) {
  const shopContext = await requireShop(context, params);
  const entry = await load(context, blogApi.get, { params: { slug: shopContext.shop.slug, entry: params.entrySlug ?? "" } });
  return { ...shopContext, entry, canWrite: isShopAdmin(shopContext.shop) };
}

/** The shop of an admin-only page, or: a visitor signs in first, anyone else gets 403. */
async function requireAdminShop(context: WebLoadContext, request: Request, shopContext: ShopContext) {
  if (isShopAdmin(shopContext.shop)) return shopContext;
  if (!(await signedInUser(context))) throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  throw data({ code: "forbidden" }, { status: 403 });
}

/**
 * {base}/blogs/crear (spec route table: admin only) and {base}/blogs/{entry}/editar. On the marketplace's own host
 * /blogs/crear has no shop: the signed-in owner goes to their own shop's /blogs/crear, a visitor signs in first.
 */
export async function loadBlogEditor(context: WebLoadContext, request: Request, params: { shopSlug?: string; entrySlug?: string }) {
  const found = await resolveShop(context, params);
  if (!found) {
    const user = await signedInUser(context);
    if (!user) throw redirect(`/login?next=${encodeURIComponent("/blogs/crear")}`);
    if (!user.shop_slug) throw data({ code: "not_found" }, { status: 404 });
    throw redirect(`/tienda/${user.shop_slug}/blogs/crear`);
  }
  const shopContext = await requireAdminShop(context, request, found);
  const entry = params.entrySlug
    ? await load(context, blogApi.get, { params: { slug: shopContext.shop.slug, entry: params.entrySlug } })
    : null;
  return { ...shopContext, entry };
}

/** {base}/admin/blogs: every entry with drafts, for the shop's owner and admins. */
export async function loadBlogAdmin(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireAdminShop(context, request, await requireShop(context, params));
  const page = pageOf(request);
  const list = await load(context, blogApi.adminList, {
    params: { slug: shopContext.shop.slug },
    query: { offset: pageOffset(page, blogAdminPageSize), limit: blogAdminPageSize },
  });
  return { ...shopContext, list, page, pageSize: blogAdminPageSize };
}
