import { accountsApi } from "@tianguis/domain/routes/accounts";
import type { QueryOf } from "@tianguis/domain/api/endpoint";
import { ordersApi } from "@tianguis/domain/routes/orders";
import { deliveryTypes, paymentMethods } from "@tianguis/domain/rules/checkout";
import { supplierOrderStates } from "@tianguis/domain/rules/order-progress";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { ORDERS_PAGE_SIZE, type SellerOrderListQuery } from "@tianguis/domain/schemas/order";
import { data, redirect } from "react-router";
import { urlOf } from "../../lib/api/client";
import { loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/**
 * The seller's order pages (commerce-and-accounts §2 'Supplier order routes': /admin/ordenes/{order}, also under
 * /tienda/{slug}/; §7 'GET orders list'). The page URL carries the list call's own filter names plus `page`.
 */

/** The list's filters as the page URL holds them; unknown or malformed values are dropped, not an error page. */
export type SellerOrderFilters = Omit<SellerOrderListQuery, "offset" | "limit">;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((item) => item === value);
}

function isoDate(value: string | null): string | undefined {
  return value && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

export function parseSellerOrderFilters(search: URLSearchParams): { filters: SellerOrderFilters; page: number } {
  const start = isoDate(search.get("start_date"));
  const end = isoDate(search.get("end_date"));
  const text = search.get("text")?.trim().slice(0, 100);
  const filters: SellerOrderFilters = {
    state: oneOf(supplierOrderStates, search.get("state")),
    payment_type: oneOf(paymentMethods, search.get("payment_type")),
    delivery_type: oneOf(deliveryTypes, search.get("delivery_type")),
    start_date: start,
    end_date: end && (!start || start <= end) ? end : undefined,
    text: text || undefined,
    include_delivered: search.get("include_delivered") === "true",
    include_canceled: search.get("include_canceled") === "true",
  };
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  return { filters, page };
}

/** The filters as the list and export calls take them (booleans travel as 'true', and only when set). */
function listQuery(filters: SellerOrderFilters): QueryOf<typeof ordersApi.sellerList> {
  const { include_delivered, include_canceled, ...rest } = filters;
  return {
    ...rest,
    include_delivered: include_delivered ? "true" : undefined,
    include_canceled: include_canceled ? "true" : undefined,
  };
}

function hasFilters(filters: SellerOrderFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== false);
}

/** /admin/ordenes: one page of the shop's orders, the CSV address for the same filters, and why a page may be empty. */
export async function loadSellerOrders(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  const slug = shopContext.shop.slug;
  const { filters, page } = parseSellerOrderFilters(new URL(request.url).searchParams);
  const query = { ...listQuery(filters), offset: pageOffset(page, ORDERS_PAGE_SIZE), limit: ORDERS_PAGE_SIZE };
  const list = await loadSignedIn(context, request, ordersApi.sellerList, { params: { slug }, query });
  return {
    ...shopContext,
    orders: list.results,
    total: list.matches_estimated,
    page,
    filters,
    filtered: hasFilters(filters),
    empty: list.results.length > 0 ? null : await whyEmpty(context, request, slug, filters),
    exportHref: urlOf(ordersApi.export, { params: { slug }, query: listQuery(filters) }),
  };
}

/** An empty default list may still hide delivered or cancelled orders: then it is "no matches", not "no orders yet". */
async function whyEmpty(context: WebLoadContext, request: Request, slug: string, filters: SellerOrderFilters) {
  if (hasFilters(filters)) return "no_matches" as const;
  const query = { limit: 1, include_delivered: "true", include_canceled: "true" };
  const list = await loadSignedIn(context, request, ordersApi.sellerList, { params: { slug }, query });
  return list.matches_estimated > 0 ? ("no_matches" as const) : ("no_orders" as const);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireOrderId(orderId: string | undefined): string {
  if (!orderId || !UUID.test(orderId)) throw data({ code: "order_not_found" }, { status: 404 });
  return orderId;
}

/** /admin/ordenes/{order}: the order as its supplier sees it. */
export async function loadSellerOrder(context: WebLoadContext, request: Request, params: { shopSlug?: string; orderId?: string }) {
  const shopContext = await requireShop(context, params);
  const id = requireOrderId(params.orderId);
  const order = await loadSignedIn(context, request, ordersApi.sellerGet, { params: { slug: shopContext.shop.slug, id } });
  return { ...shopContext, order };
}

/** /apps/me/store/orders/{order} and /apps/me/dssupplier/orders/{order}: the same order in the user's own shop. */
export async function redirectToOwnShopOrder(context: WebLoadContext, request: Request, params: { orderId?: string }) {
  const id = requireOrderId(params.orderId);
  const me = await loadSignedIn(context, request, accountsApi.me);
  if (!me.shop_slug) throw data({ code: "forbidden" }, { status: 403 });
  return redirect(`/tienda/${encodeURIComponent(me.shop_slug)}/admin/ordenes/${id}`);
}
