import { translate } from "@tianguis/domain/messages/index";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { PurchaseNotFound } from "../features/orders/PurchaseNotFound";
import { redirectToPayment } from "../features/orders/purchase.server";
import { isPackagePaymentToken, redirectToPackagePayment } from "../features/packages/packages.server";
import { localeOf } from "../features/shop/shop-meta";
import { isSmsPaymentToken, redirectToSmsPayment } from "../features/sms/sms.server";
import { ErrorPage } from "../ui/ErrorPage";
import type { Route } from "./+types/payment-token";

/**
 * /me/payments/{payment_token} (spec §2): an unpaid purchase at its checkout, otherwise its purchase page; a package
 * purchase's token (§7 package purchase) at its package payment page; an SMS package purchase's on /me/sms/packages.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (isPackagePaymentToken(params.paymentToken)) return redirectToPackagePayment(context, request, params.paymentToken);
  if (isSmsPaymentToken(params.paymentToken)) return redirectToSmsPayment(context, request, params.paymentToken);
  return redirectToPayment(context, params.paymentToken);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "order_not_found")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** Never shown: the loader redirects or fails. */
export default function PaymentTokenRoute() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <PurchaseNotFound /> : <ErrorPage kind="error" />;
}
