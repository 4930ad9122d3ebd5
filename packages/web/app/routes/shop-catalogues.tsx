import { CataloguesPage } from "../features/catalogues/CataloguesPage";
import { loadCatalogues } from "../features/catalogues/catalogues.server";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-catalogues";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadCatalogues(context, await requireShop(context, params), new URL(request.url));
}

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: `${data.shop.name} · Catálogos` }] : []);

export default function ShopCataloguesRoute({ loaderData }: Route.ComponentProps) {
  return <CataloguesPage {...loaderData} />;
}
