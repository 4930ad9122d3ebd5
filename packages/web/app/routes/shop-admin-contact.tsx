import { translate } from "@tianguis/domain/messages/index";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { ContactDetailView } from "@tianguis/domain/schemas/contact";
import { data } from "react-router";
import { ContactDetail } from "../features/contacts/ContactDetail";
import { loadContact } from "../features/contacts/contacts.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-admin-contact";

export const handle: CrumbHandle = {
  breadcrumb: (match, { t, basePath }) => {
    const { contact } = match.data as { contact: ContactDetailView };
    return [{ label: t("contacts_title"), to: shopHref(basePath, "/admin/contactos") }, { label: contact.name || t("contacts_no_name") }];
  },
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const shopContext = await requireShop(context, params);
  const contact = await loadContact(context, request, params.contactId);
  // A contact of another shop (or a promoter's own) is not this shop's page.
  if (contact.shop?.slug !== shopContext.shop.slug) throw data({ code: "contact_not_found", message: "" }, { status: 404 });
  return { ...shopContext, contact };
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: page ? `${page.contact.name} · ${page.shop.name}` : translate(localeOf(matches), "contact_detail_title") },
  { name: "robots", content: "noindex" },
];

/** {shop}/admin/contactos/{contact}: one contact of the shop, where a CRM alert leads in the shop's view. */
export default function ShopAdminContactRoute({ loaderData }: Route.ComponentProps) {
  return <ContactDetail contact={loaderData.contact} backHref={shopHref(loaderData.basePath, "/admin/contactos")} />;
}
