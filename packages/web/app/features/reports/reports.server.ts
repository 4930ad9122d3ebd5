import { reportsApi } from "@tianguis/domain/routes/reports";
import { chartPeriods } from "@tianguis/domain/rules/reports";
import { loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/**
 * The reports pages (issue 29 §2, §4): a shop's exports ({base}/admin/reportes/ordenes for orders,
 * {base}/admin/inventario/reportes for products), a user's financial reports (/apps/me/store/reports/orders), and the
 * seller's dashboard ({base}/admin).
 */

export type ShopReportKind = "orders" | "products";

export async function loadShopExports(context: WebLoadContext, request: Request, params: { shopSlug?: string }, kind: ShopReportKind) {
  const shopContext = await requireShop(context, params);
  const list = await loadSignedIn(context, request, reportsApi.shopList, { params: { slug: shopContext.shop.slug }, query: { kind } });
  return { ...shopContext, kind, exports: list.results };
}

export async function loadMyExports(context: WebLoadContext, request: Request) {
  const list = await loadSignedIn(context, request, reportsApi.myList, { query: { kind: "financial" } });
  return { exports: list.results };
}

export async function loadDashboard(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  const asked = new URL(request.url).searchParams.get("periodo");
  const period = chartPeriods.find((value) => value === asked) ?? "day";
  const dashboard = await loadSignedIn(context, request, reportsApi.dashboard, {
    params: { slug: shopContext.shop.slug },
    query: { period },
  });
  return { ...shopContext, dashboard };
}
