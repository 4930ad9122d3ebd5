import { translate } from "@tianguis/domain/messages/index";
import { ExportsPage } from "../features/reports/ExportsPage";
import { loadMyExports } from "../features/reports/reports.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-reports";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMyExports(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "report_financial")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/store/reports/orders: the signed-in user's financial report across the shops they own. */
export default function MyReportsRoute({ loaderData }: Route.ComponentProps) {
  return <ExportsPage kind="financial" slug={null} exports={loaderData.exports} />;
}
