import { translate } from "@tianguis/domain/messages/index";
import { ImportsPage } from "../features/imports/ImportsPage";
import { loadShopImports } from "../features/imports/imports.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-imports";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("imports_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadShopImports(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "imports_title")}` },
  { name: "robots", content: "noindex" },
];

/** {shop}/admin/inventario/cargas: the shop's product imports. */
export default function ShopAdminImportsRoute({ loaderData }: Route.ComponentProps) {
  return <ImportsPage {...loaderData} />;
}
