import { translate } from "@tianguis/domain/messages/index";
import { ShopContactsPage } from "../features/contacts/ShopContactsPage";
import { loadShopContacts } from "../features/contacts/contacts.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-contacts";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("contacts_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadShopContacts(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "contacts_title")}` },
  { name: "robots", content: "noindex" },
];

/** {shop}/admin/contactos: the shop's contacts (issue 29 §3; the CRM alerts' shop-view target). */
export default function ShopAdminContactsRoute({ loaderData }: Route.ComponentProps) {
  return <ShopContactsPage {...loaderData} />;
}
