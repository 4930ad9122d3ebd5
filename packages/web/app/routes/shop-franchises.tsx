import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { layoutData, localeOf, shopMeta } from "../features/shop/shop-meta";
import { FranchisesPage } from "../features/franchises/FranchisesPage";
import { loadPublicFranchises } from "../features/franchises/franchises.server";
import { translate } from "@tianguis/domain/messages/index";
import type { Route } from "./+types/shop-franchises";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("franchises_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadPublicFranchises(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const layout = layoutData(matches);
  const locale = localeOf(matches);
  const title = translate(locale, "franchises_title");
  if (!data || !layout) return [{ title }];
  return shopMeta(layout.shop, layout.chrome, {
    title,
    description: translate(locale, "franchises_public_intro", { shop: data.shop.name }),
  });
};

/** {base}/franquicias (storefront-and-admin §2 shop sub-paths): the shop's franchise and affinity stores. */
export default function ShopFranchisesRoute({ loaderData }: Route.ComponentProps) {
  return <FranchisesPage {...loaderData} />;
}
