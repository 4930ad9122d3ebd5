import { translate } from "@tianguis/domain/messages/index";
import { MyInvoicesPage } from "../features/invoices/MyInvoicesPage";
import { loadMyInvoices } from "../features/invoices/invoices.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-invoices";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMyInvoices(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "my_invoices_title")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /facturas: the signed-in customer's invoices as receiver (spec alert target 'Store invoice, customer-recipient'). */
export default function MyInvoicesRoute({ loaderData }: Route.ComponentProps) {
  return <MyInvoicesPage {...loaderData} />;
}
