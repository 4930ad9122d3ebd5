import { ticketsApi } from "@tianguis/domain/api/tickets";
import { loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/**
 * /admin/entradas: the shop's door. The shop's ticket list answers 401 to visitors (login first) and 403 to anyone
 * who is not its owner, an admin or a qrreader, so it both guards the page and counts what was issued.
 */
export async function loadCheckIn(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  const list = await loadSignedIn(context, request, ticketsApi.shopList, { params: { slug: shopContext.shop.slug }, query: { limit: 1 } });
  return { ...shopContext, issued: list.matches_estimated };
}
