import { translate } from "@tianguis/domain/messages/index";
import { CollaboratorsPage } from "../features/collaborators/CollaboratorsPage";
import { loadCollaboratorsAdmin } from "../features/collaborators/collaborators.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-collaborators";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("collaborators_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadCollaboratorsAdmin(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "collaborators_title")}` },
  { name: "robots", content: "noindex" },
];

/** {base}/admin/colaboradores 'Colaboradores': the owner's (or an admin's) collaborators and invitations. */
export default function ShopAdminCollaboratorsRoute({ loaderData }: Route.ComponentProps) {
  return <CollaboratorsPage {...loaderData} />;
}
