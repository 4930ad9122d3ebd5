import { translate } from "@tianguis/domain/messages/index";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { PurchaseNotFound } from "../features/orders/PurchaseNotFound";
import { redirectToPurchase } from "../features/orders/purchase.server";
import { localeOf } from "../features/shop/shop-meta";
import { ErrorPage } from "../ui/ErrorPage";
import type { Route } from "./+types/customer-order";

/** /shopping-cart/orders/{order} (spec §2, outside shop view): the order's purchase page, ?token= kept for a guest. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return redirectToPurchase(context, request, params.orderId);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "order_not_found")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** Never shown: the loader redirects or fails. */
export default function CustomerOrderRoute() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <PurchaseNotFound /> : <ErrorPage kind="error" />;
}
