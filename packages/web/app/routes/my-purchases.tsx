import { translate } from "@tianguis/domain/messages/index";
import { PurchasesList } from "../features/checkout/PurchasesList";
import { loadPurchases } from "../features/checkout/checkout.server";
import { PurchaseLoading } from "../features/orders/PurchaseSkeleton";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-purchases";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPurchases(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "menu_my_purchases")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** The signed-in customer's purchases, on the marketplace and inside a shop; a purchase opens its detail page. */
export default function MyPurchasesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PurchaseLoading>
      <PurchasesList {...loaderData} />
    </PurchaseLoading>
  );
}
