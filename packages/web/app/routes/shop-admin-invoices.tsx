import { translate } from "@tianguis/domain/messages/index";
import { SellerInvoicesPage } from "../features/invoices/SellerInvoicesPage";
import { loadShopInvoices } from "../features/invoices/invoices.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-invoices";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("invoices_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadShopInvoices(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "invoices_title")}` },
  { name: "robots", content: "noindex" },
];

/** {shop}/admin/facturas: the shop's CFDI invoices, its fiscal data and the global invoice. */
export default function ShopAdminInvoicesRoute({ loaderData }: Route.ComponentProps) {
  return <SellerInvoicesPage {...loaderData} />;
}
