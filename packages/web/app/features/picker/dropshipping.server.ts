import { resellerApi } from "@tianguis/domain/routes/reseller";
import { loadSignedIn } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";
import { requireShopAdminPage } from "../admin/admin.server";

/** The supplier's reselling page: the shop (admins only) and its current audience. */
export async function loadDropshippingSettings(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const { shop } = await requireShopAdminPage(context, params);
  const policy = await loadSignedIn(context, request, resellerApi.policy, { params: { slug: shop.slug } });
  return { shop, audience: policy.audience };
}
