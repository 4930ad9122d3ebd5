import { invoiceStates } from "@tianguis/domain/rules/cfdi";
import { invoicesApi } from "@tianguis/domain/routes/invoices";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { INVOICES_PAGE_SIZE } from "@tianguis/domain/schemas/invoice";
import { loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/** The list's URL: ?numero=A-1 (the spec's invoice-number prefix filter), ?estado=valid|cancelled, ?page=2. */
function listParams(request: Request) {
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const number = (search.get("numero") ?? "")
    .trim()
    .slice(0, 30)
    .replace(/[^A-Za-z0-9-]/g, "");
  const asked = search.get("estado");
  const state = invoiceStates.find((one) => one === asked);
  return { page, number, state };
}

/** {shop}/admin/facturas: the shop's invoices and credit notes, its fiscal data (owner, admins, accountants). */
export async function loadShopInvoices(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const { page, number, state } = listParams(request);
  const shopContext = await requireShop(context, params);
  const slug = shopContext.shop.slug;
  const list = await loadSignedIn(context, request, invoicesApi.list, {
    params: { slug },
    query: {
      offset: pageOffset(page, INVOICES_PAGE_SIZE),
      limit: INVOICES_PAGE_SIZE,
      ...(number ? { number } : {}),
      ...(state ? { state } : {}),
    },
  });
  const { profile } = await loadSignedIn(context, request, invoicesApi.profileGet, { params: { slug } });
  return { ...shopContext, invoices: list.results, total: list.matches_estimated, page, number, state: state ?? null, profile };
}

/** /facturas: the signed-in customer's invoices as receiver. */
export async function loadMyInvoices(context: WebLoadContext, request: Request) {
  const { page, number } = listParams(request);
  const list = await loadSignedIn(context, request, invoicesApi.mine, {
    query: { offset: pageOffset(page, INVOICES_PAGE_SIZE), limit: INVOICES_PAGE_SIZE, ...(number ? { number } : {}) },
  });
  return { invoices: list.results, total: list.matches_estimated, page, number };
}
