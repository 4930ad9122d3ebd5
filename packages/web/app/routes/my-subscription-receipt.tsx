import { translate } from "@tianguis/domain/messages/index";
import { ReceiptPage } from "../features/subscriptions/ReceiptPage";
import { loadReceipt } from "../features/subscriptions/subscriptions.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-subscription-receipt";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return { charge: await loadReceipt(context, request, params.chargeId) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: `${translate(localeOf(matches), "receipt_title", { number: loaderData?.charge.receipt_number ?? "" })} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/suscripcion/recibos/{id}: a charge's printable receipt. */
export default function SubscriptionReceiptRoute({ loaderData }: Route.ComponentProps) {
  return <ReceiptPage charge={loaderData.charge} />;
}
