import { translate } from "@tianguis/domain/messages/index";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { layoutData, localeOf, shopMeta } from "../features/shop/shop-meta";
import { ContactForm } from "../features/shop-pages/ContactForm";
import { contactAction } from "../features/shop-pages/shop-pages.server";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-contact";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("contact_form_title") }] };

export async function loader({ context, params }: Route.LoaderArgs) {
  const { shop } = await requireShop(context, params);
  return { shopName: shop.name };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return contactAction(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const layout = layoutData(matches);
  const title = translate(localeOf(matches), "contact_form_title");
  if (!data || !layout) return [{ title }];
  return shopMeta(layout.shop, layout.chrome, { title, description: translate(localeOf(matches), "contact_intro") });
};

/** {shop}/contacto: the contact form that reaches the shop's owner by e-mail (storefront-and-admin §2, store footer). */
export default function ShopContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactForm shopName={loaderData.shopName} result={actionData} />;
}
