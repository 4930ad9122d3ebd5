import { translate } from "@tianguis/domain/messages/index";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { PurchaseDetail } from "../features/orders/PurchaseDetail";
import { PurchaseNotFound } from "../features/orders/PurchaseNotFound";
import { PurchaseLoading } from "../features/orders/PurchaseSkeleton";
import { loadPurchase } from "../features/orders/purchase.server";
import { localeOf } from "../features/shop/shop-meta";
import { ErrorPage } from "../ui/ErrorPage";
import type { Route } from "./+types/purchase-detail";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadPurchase(context, request, params.checkoutId);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${translate(localeOf(matches), data ? "purchase_title" : "order_not_found")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /mis-compras/{checkout_aggregation}, on the marketplace and inside a shop. */
export default function PurchaseDetailRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PurchaseLoading>
      <PurchaseDetail purchase={loaderData.purchase} token={loaderData.token} />
    </PurchaseLoading>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <PurchaseNotFound /> : <ErrorPage kind="error" />;
}
