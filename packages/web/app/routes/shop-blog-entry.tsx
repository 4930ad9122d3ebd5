import { docFirstImage } from "@tianguis/domain/rules/blog";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { BlogEntryPage } from "../features/blog/BlogEntryPage";
import { loadBlogEntry } from "../features/blog/blog.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { layoutData, shopMeta } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-blog-entry";

export const handle: CrumbHandle = {
  breadcrumb: (match, { t, basePath }) => [
    { label: t("blog_title"), to: shopHref(basePath, "/blogs") },
    { label: (match.data as { entry?: { title: string } } | undefined)?.entry?.title ?? "" },
  ],
};

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadBlogEntry(context, params);
}

/** The entry's SEO block: Open Graph article with its title, excerpt, cover (else its first image) and canonical URL. */
export const meta: Route.MetaFunction = ({ data, matches }) => {
  const layout = layoutData(matches);
  if (!data || !layout) return [{ title: data?.entry.title ?? "Tianguis" }];
  const { entry } = data;
  return [
    ...shopMeta(layout.shop, layout.chrome, {
      title: entry.title,
      description: entry.excerpt || undefined,
      image: entry.cover_image ?? docFirstImage(entry.body),
      type: "article",
    }),
    { property: "article:modified_time", content: entry.updated_at },
    ...(entry.published_at ? [{ property: "article:published_time", content: entry.published_at }] : []),
    { property: "article:author", content: entry.author.name },
    ...(entry.state === "draft" ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

/** {base}/blogs/{entry}: one entry of the shop's blog. */
export default function ShopBlogEntryRoute({ loaderData }: Route.ComponentProps) {
  return <BlogEntryPage entry={loaderData.entry} basePath={loaderData.basePath} canWrite={loaderData.canWrite} />;
}
