import { translate } from "@tianguis/domain/messages/index";
import { ActivityPage } from "../features/activity/ActivityPage";
import { loadShopActivity } from "../features/activity/activity.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-activity";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("activity_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadShopActivity(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "activity_title")}` },
  { name: "robots", content: "noindex" },
];

/** {shop}/admin/actividad: who changed what in the shop, for its owner (issue 33 §3). */
export default function ShopAdminActivityRoute({ loaderData }: Route.ComponentProps) {
  return <ActivityPage {...loaderData} />;
}
