import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { BlogEditor } from "../features/blog/BlogEditor";
import { loadBlogEditor } from "../features/blog/blog.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-blog-edit";

export const handle: CrumbHandle = {
  breadcrumb: (match, { t, basePath }) => [
    { label: t("blog_title"), to: shopHref(basePath, "/blogs") },
    { label: t((match.data as { entry?: unknown } | undefined)?.entry ? "blog_edit" : "blog_new") },
  ],
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadBlogEditor(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), data?.entry ? "blog_edit" : "blog_new")}` },
  { name: "robots", content: "noindex" },
];

/** {base}/blogs/crear (spec route table: admin only) and {base}/blogs/{entry}/editar. */
export default function ShopBlogEditRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="md" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <BlogEditor
        key={loaderData.entry?.id ?? "new"}
        shopSlug={loaderData.shop.slug}
        basePath={loaderData.basePath}
        entry={loaderData.entry}
      />
    </Container>
  );
}
