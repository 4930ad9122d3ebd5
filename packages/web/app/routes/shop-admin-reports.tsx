import { translate } from "@tianguis/domain/messages/index";
import { ExportsPage } from "../features/reports/ExportsPage";
import { loadShopExports } from "../features/reports/reports.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-reports";

const kindOf = (pathname: string) => (pathname.includes("/inventario/") ? "products" : "orders");

export const handle: CrumbHandle = {
  breadcrumb: (match, { t }) => [{ label: t(kindOf(match.pathname) === "products" ? "report_products" : "report_orders") }],
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadShopExports(context, request, params, kindOf(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  {
    title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), data?.kind === "products" ? "report_products" : "report_orders")}`,
  },
  { name: "robots", content: "noindex" },
];

/** {base}/admin/reportes/ordenes (orders report) and {base}/admin/inventario/reportes (products and stock report). */
export default function ShopAdminReportsRoute({ loaderData }: Route.ComponentProps) {
  return <ExportsPage kind={loaderData.kind} slug={loaderData.shop.slug} exports={loaderData.exports} />;
}
