import { translate } from "@tianguis/domain/messages/index";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { SellerOrderView } from "@tianguis/domain/schemas/order";
import { loadOrderCommissions } from "../features/commissions/commissions.server";
import { SellerOrderPage } from "../features/orders/SellerOrderPage";
import { loadSellerOrder } from "../features/orders/seller-orders.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-order";

export const handle: CrumbHandle = {
  breadcrumb: (match, { t, basePath }) => {
    const { order } = match.data as { order: SellerOrderView };
    return [{ label: t("my_orders"), to: shopHref(basePath, "/admin/ordenes") }, { label: `#${order.number}` }];
  },
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = await loadSellerOrder(context, request, params);
  // A franchise store's view of an order it sold has no commissions block (the supplier's page shows them).
  const commissions = page.order.viewer === "supplier" ? await loadOrderCommissions(context, page.shop.slug, page.order.id) : null;
  return { ...page, commissions };
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: data ? `#${data.order.number} · ${data.shop.name}` : translate(localeOf(matches), "my_orders") },
  { name: "robots", content: "noindex" },
];

/** /admin/ordenes/{order}: one order of the supplier shop (spec §2 'Supplier order routes'), or of the franchise store that sold it. */
export default function ShopAdminOrderRoute({ loaderData }: Route.ComponentProps) {
  return <SellerOrderPage {...loaderData} />;
}
