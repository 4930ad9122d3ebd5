import { translate } from "@tianguis/domain/messages/index";
import { ContactDetail } from "../features/contacts/ContactDetail";
import { loadContact } from "../features/contacts/contacts.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/crm-contact";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return { contact: await loadContact(context, request, params.contactId) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data?.contact.name || translate(localeOf(matches), "contact_detail_title")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/crm/clients/detail/{contact}: a contact outside a shop's view (a shop's, for its admins, or a promoter's own). */
export default function CrmContactRoute({ loaderData }: Route.ComponentProps) {
  const { contact } = loaderData;
  const back = contact.shop ? `/tienda/${contact.shop.slug}/admin/contactos` : "/apps/me/referral/referred";
  return <ContactDetail contact={contact} backHref={back} backLabel={contact.shop ? "contact_back" : "referred_back"} />;
}
