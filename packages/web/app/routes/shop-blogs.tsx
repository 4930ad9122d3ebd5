import { translate } from "@tianguis/domain/messages/index";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { BlogList, BlogListError } from "../features/blog/BlogList";
import { ErrorPage } from "../ui/ErrorPage";
import { loadBlogList } from "../features/blog/blog.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { layoutData, localeOf, shopMeta } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-blogs";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("blog_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadBlogList(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const layout = layoutData(matches);
  const title = translate(localeOf(matches), "blog_title");
  if (!layout || !data) return [{ title }];
  const url = `${layout.chrome.pageUrl}${data.page > 1 ? `?page=${data.page}` : ""}`;
  return shopMeta(layout.shop, layout.chrome, { title, description: data.list.results[0]?.excerpt || undefined, url });
};

/** {base}/blogs: the shop's blog (commerce-and-accounts §7, 8 entries per page, newest updated first). */
export default function ShopBlogsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <BlogList
      entries={loaderData.list.results}
      total={loaderData.list.matches_estimated}
      page={loaderData.page}
      pageSize={loaderData.pageSize}
      basePath={loaderData.basePath}
      canWrite={loaderData.canWrite}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <ErrorPage kind="page" /> : <BlogListError />;
}
