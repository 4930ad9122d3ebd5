import { typePaths } from "@tianguis/domain/schemas/product";
import { catalogApi } from "@tianguis/domain/routes/catalog";
import { redirect } from "react-router";
import { load } from "../lib/api/load.server";
import type { Route } from "./+types/network-item";

/**
 * The business network's card links (/negocios/{business}/products/{id}, /profiles/…, /web/{slug}/…,
 * /products/{id}, and the services variants) open the item in its owner's store; /negocios/{slug} opens the store.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!params.productId) throw redirect(`/tienda/${encodeURIComponent(params.business ?? "")}`);
  const product = await load(context, catalogApi.product, { params: { id: params.productId } });
  throw redirect(`/tienda/${product.owner_slug}/${typePaths[product.type]}/${product.owner_slug}/${product.id}`);
}

export default function NetworkItem() {
  return null;
}
