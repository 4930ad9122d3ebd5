import { translate } from "@tianguis/domain/messages/index";
import { CataloguesPage } from "../features/catalogues/CataloguesPage";
import { loadCatalogues } from "../features/catalogues/catalogues.server";
import { localeOf } from "../features/shop/shop-meta";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-catalogues";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadCatalogues(context, await requireShop(context, params), new URL(request.url));
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? [{ title: `${data.shop.name} · ${translate(localeOf(matches), "catalogues")}` }] : [];

export default function ShopCataloguesRoute({ loaderData }: Route.ComponentProps) {
  return <CataloguesPage {...loaderData} />;
}
