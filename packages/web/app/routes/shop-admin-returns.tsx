import { translate } from "@tianguis/domain/messages/index";
import { SellerReturnsPage } from "../features/returns/SellerReturnsPage";
import { loadSellerReturns } from "../features/returns/seller-returns.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-returns";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("returns_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadSellerReturns(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "returns_title")}` },
  { name: "robots", content: "noindex" },
];

/** {shop}/admin/devoluciones: the supplier's returns and return policy. */
export default function ShopAdminReturnsRoute({ loaderData }: Route.ComponentProps) {
  return <SellerReturnsPage {...loaderData} />;
}
