import { translate } from "@tianguis/domain/messages/index";
import { CataloguesPage } from "../features/catalogues/CataloguesPage";
import { PublishedCataloguesPage } from "../features/catalogues/PublishedCataloguesPage";
import { loadCatalogues, loadPublishedCatalogues } from "../features/catalogues/catalogues.server";
import { localeOf } from "../features/shop/shop-meta";
import { resolveShop } from "../lib/shop.server";
import type { Route } from "./+types/shop-catalogues";

/** A shop's /catalogos; on the marketplace's own host (no shop) the public catalogues of every shop. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const shopContext = await resolveShop(context, params);
  const url = new URL(request.url);
  return shopContext ? loadCatalogues(context, shopContext, url) : loadPublishedCatalogues(context, url);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const title = translate(localeOf(matches), "catalogues");
  return [{ title: "published" in data ? `${title} · Tianguis` : `${data.shop.name} · ${title}` }];
};

export default function ShopCataloguesRoute({ loaderData }: Route.ComponentProps) {
  return "published" in loaderData ? <PublishedCataloguesPage {...loaderData} /> : <CataloguesPage {...loaderData} />;
}
