import { translate } from "@tianguis/domain/messages/index";
import { SellerOrdersPage } from "../features/orders/SellerOrdersPage";
import { loadSellerOrders } from "../features/orders/seller-orders.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-orders";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("my_orders") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadSellerOrders(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "my_orders")}` },
  { name: "robots", content: "noindex" },
];

/** /admin/ordenes: the supplier shop's orders (spec §2 'Supplier order routes'). */
export default function ShopAdminOrdersRoute({ loaderData }: Route.ComponentProps) {
  return <SellerOrdersPage {...loaderData} />;
}
