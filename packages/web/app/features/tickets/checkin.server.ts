import { catalogApi } from "@tianguis/domain/routes/catalog";
import { ticketsApi } from "@tianguis/domain/routes/tickets";
import { canIssueTickets } from "@tianguis/domain/rules/ticket";
import { isShopAdmin } from "../../lib/access";
import { load, loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/**
 * /admin/entradas: the shop's door. The shop's ticket list answers 401 to visitors (login first) and 403 to anyone
 * who is not its owner, an admin or a qrreader, so it both guards the page and counts what was issued. Owners and
 * admins also get the shop's own experiences that have not ended, to issue courtesy tickets and door sales.
 */
export async function loadCheckIn(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  const slug = shopContext.shop.slug;
  const list = await loadSignedIn(context, request, ticketsApi.shopList, { params: { slug }, query: { limit: 1 } });
  const now = new Date();
  const experiences = isShopAdmin(shopContext.shop)
    ? (await load(context, catalogApi.listProducts, { params: { slug }, query: { type: "experience", limit: 100 } })).results
        .filter((item) => item.owner_slug === slug)
        .filter((item) =>
          canIssueTickets({ type: item.type, experienceDate: item.experience_date ? new Date(item.experience_date) : null }, now),
        )
        .map((item) => ({ id: item.id, name: item.name, experience_date: item.experience_date }))
    : [];
  return { ...shopContext, issued: list.matches_estimated, experiences };
}
