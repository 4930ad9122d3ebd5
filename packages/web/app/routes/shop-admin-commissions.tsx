import { translate } from "@tianguis/domain/messages/index";
import { OwedCommissionsPage } from "../features/commissions/OwedCommissionsPage";
import { loadOwedCommissions } from "../features/commissions/commissions.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-commissions";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("owed_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadOwedCommissions(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "owed_title")}` },
  { name: "robots", content: "noindex" },
];

/** /admin/comisiones: the commissions the supplier shop owes its resellers and promoters. */
export default function ShopAdminCommissionsRoute({ loaderData }: Route.ComponentProps) {
  return <OwedCommissionsPage {...loaderData} />;
}
