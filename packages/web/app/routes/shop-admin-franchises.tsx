import { translate } from "@tianguis/domain/messages/index";
import { AdminFranchisesPage } from "../features/franchises/AdminFranchisesPage";
import { loadAdminFranchises } from "../features/franchises/franchises.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-franchises";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("franchises_admin_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadAdminFranchises(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "franchises_admin_title")}` },
  { name: "robots", content: "noindex" },
];

/** {base}/admin/franquicias 'Mis franquicias': the shop admin's list of franchise and affinity stores and the modal. */
export default function ShopAdminFranchisesRoute({ loaderData }: Route.ComponentProps) {
  return <AdminFranchisesPage {...loaderData} />;
}
