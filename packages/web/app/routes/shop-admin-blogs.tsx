import { translate } from "@tianguis/domain/messages/index";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { BlogAdminList } from "../features/blog/BlogAdminList";
import { BlogListError } from "../features/blog/BlogList";
import { ErrorPage } from "../ui/ErrorPage";
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

/** Not allowed or not found: the usual pages; a list that failed to load: the blog's list error with 'try again'. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500) return <ErrorPage kind={error.status === 404 ? "page" : "error"} />;
  return <BlogListError />;
}
