import { translate } from "@tianguis/domain/messages/index";
import { BlogAdminList } from "../features/blog/BlogAdminList";
import { loadBlogAdmin } from "../features/blog/blog.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-blogs";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("blog_admin_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadBlogAdmin(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "blog_admin_title")}` },
  { name: "robots", content: "noindex" },
];

/** {base}/admin/blogs: the shop's entries with drafts, for its owner and admins (linked from the admin bar). */
export default function ShopAdminBlogsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <BlogAdminList
      entries={loaderData.list.results}
      total={loaderData.list.matches_estimated}
      page={loaderData.page}
      pageSize={loaderData.pageSize}
      basePath={loaderData.basePath}
      shopSlug={loaderData.shop.slug}
    />
  );
}
