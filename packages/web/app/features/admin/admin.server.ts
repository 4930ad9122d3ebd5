import { data } from "react-router";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/** Shop admin pages: the shop, or 403 for everyone who is not its owner or an admin member. */
export async function requireShopAdminPage(context: WebLoadContext, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  if (!shopContext.shop.permissions.includes("admin")) throw data({ code: "forbidden" }, { status: 403 });
  return shopContext;
}
