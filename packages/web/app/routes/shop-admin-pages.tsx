import { translate } from "@tianguis/domain/messages/index";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import { ShopPagesEditor } from "../features/shop-pages/ShopPagesEditor";
import { loadShopPagesAdmin, shopPagesAdminAction } from "../features/shop-pages/shop-pages.server";
import type { Route } from "./+types/shop-admin-pages";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("shop_pages_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadShopPagesAdmin(context, request, params);
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return shopPagesAdminAction(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "shop_pages_title")}` },
  { name: "robots", content: "noindex" },
];

/** {shop}/admin/paginas 'Páginas de la tienda': the owner edits acerca, privacidad, terms and copyright. */
export default function ShopAdminPagesRoute({ loaderData }: Route.ComponentProps) {
  return <ShopPagesEditor pages={loaderData.pages} basePath={loaderData.basePath} />;
}
