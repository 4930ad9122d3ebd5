import { redirectToOwnShopOrder } from "../features/orders/seller-orders.server";
import type { Route } from "./+types/my-shop-order-redirect";

/** /apps/me/store/orders/{order} and /apps/me/dssupplier/orders/{order}: the order's page in the user's own shop. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  return redirectToOwnShopOrder(context, request, params);
}
