import { translate } from "@tianguis/domain/messages/index";
import { DashboardPage } from "../features/reports/DashboardPage";
import { loadDashboard } from "../features/reports/reports.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-dashboard";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("dashboard_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadDashboard(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "dashboard_title")}` },
  { name: "robots", content: "noindex" },
];

/** {base}/admin: the seller's dashboard. */
export default function ShopAdminDashboardRoute({ loaderData }: Route.ComponentProps) {
  return <DashboardPage dashboard={loaderData.dashboard} basePath={loaderData.basePath} />;
}
