import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { toDecimalString } from "@tianguis/domain/money";
import { type SupplierOrderState, sellerStateLabel } from "@tianguis/domain/rules/order-progress";
import type { SellerOrderListQuery } from "@tianguis/domain/schemas/order";
import type { AppContext } from "../../context";
import type { SessionUser } from "../../http/sessions";
import { listSellerOrders } from "./service";

/** Rows fetched per round trip while exporting: the whole filtered list, page after page, in the list's order. */
const EXPORT_BATCH = 500;
/** Byte order mark: Excel reads the file as UTF-8 (accents intact) only with it. */
const BOM = "\uFEFF";

function cell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  // Quote everything; a leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The seller's filtered orders as CSV (UTF-8 with BOM), every page of them, headers in the seller's language. */
export async function exportSellerOrders(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  query: SellerOrderListQuery,
  locale: Locale,
) {
  const lines = [
    [
      "#",
      translate(locale, "created_date"),
      translate(locale, "order_customer"),
      translate(locale, "order_status"),
      translate(locale, "payment_method"),
      translate(locale, "order_delivery"),
      translate(locale, "order_units"),
      "Total",
      translate(locale, "order_currency"),
      translate(locale, "order_test"),
    ]
      .map(cell)
      .join(","),
  ];
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const page = await listSellerOrders(ctx, slug, user, { ...query, offset, limit: EXPORT_BATCH });
    for (const order of page.results) {
      lines.push(
        [
          order.number,
          order.created_at.slice(0, 10),
          order.customer_name,
          translate(locale, sellerStateLabel(order.state as SupplierOrderState, order.path)),
          order.payment_type,
          order.delivery_type,
          order.items_count,
          toDecimalString(order.total),
          order.currency,
          order.test ? translate(locale, "order_test_yes") : "",
        ]
          .map(cell)
          .join(","),
      );
    }
    if (page.results.length < EXPORT_BATCH) break;
  }
  return `${BOM}${lines.join("\r\n")}\r\n`;
}
