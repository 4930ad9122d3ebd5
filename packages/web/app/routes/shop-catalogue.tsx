import { CataloguePage } from "../features/catalogues/CataloguePage";
import { loadCatalogue } from "../features/catalogues/catalogues.server";
import { requireShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-catalogue";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadCatalogue(context, await requireShop(context, params), params.catalogueSlug, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: `${data.catalogue.name} · ${data.shop.name}` }] : []);

export default function ShopCatalogueRoute({ loaderData }: Route.ComponentProps) {
  return <CataloguePage key={loaderData.catalogue.id} {...loaderData} />;
}
