import { translate } from "@tianguis/domain/messages/index";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import { CheckInPage } from "../features/tickets/CheckInPage";
import { loadCheckIn } from "../features/tickets/checkin.server";
import type { Route } from "./+types/shop-admin-checkin";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("checkin_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadCheckIn(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "checkin_title")}` },
  { name: "robots", content: "noindex" },
];

/** /admin/entradas: the door of the shop's experiences, for its owner, admins and qrreaders. */
export default function ShopAdminCheckInRoute({ loaderData }: Route.ComponentProps) {
  return <CheckInPage shop={loaderData.shop} issued={loaderData.issued} experiences={loaderData.experiences} />;
}
