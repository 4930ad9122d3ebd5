import type { Locale } from "@tianguis/domain/locale";
import { type MessageCode, translate } from "@tianguis/domain/messages/index";
import { type SupplierOrderState, sellerStateLabel } from "@tianguis/domain/rules/order-progress";
import { exportInstants, localDate } from "@tianguis/domain/rules/reports";
import type { DbOrTx } from "../../db/client";
import { peopleByIds } from "../accounts/service";
import { countShopProducts, selectProductReportBatch } from "../catalog/service";
import {
  type CreatedCursor,
  type SupplierOrderFilters,
  countSupplierOrders,
  orderNumbers,
  selectSupplierOrderBatch,
} from "../checkout/service";
import { commissionOwedByOrder, countEarnedCommissions, selectEarnedCommissionBatch } from "../commissions/service";
import { refundedByOrder } from "../payments/service";
import { listOwnedShops, shopCardsByIds } from "../shops/service";
import type { ExportRow } from "./queries";
import type { Cell } from "./writer";

/** Rows read per round trip while exporting. */
export const EXPORT_BATCH = 1_000;

/** What one export writes: its header, how many rows it will have, and its rows batch by batch. */
export interface ExportSource {
  sheet: string;
  header: string[];
  total: number;
  batches: () => AsyncIterable<Cell[][]>;
}

const major = (minor: number) => minor / 100;

/**
 * One batch of the shops' orders with what their owners' doors add: the buyer's name (accounts), the shop's name
 * (shops) and, for the financial report, commissions owed (commissions) and refunds (payments). A round trip to each
 * door per batch, by the batch's ids.
 */
async function orderBatch(db: DbOrTx, shopIds: string[], filters: SupplierOrderFilters, cursor: CreatedCursor | null, money: boolean) {
  const batch = await selectSupplierOrderBatch(db, shopIds, filters, cursor, EXPORT_BATCH);
  const ids = batch.map((order) => order.id);
  const [people, shops, owed, refunded] = await Promise.all([
    peopleByIds(
      db,
      batch.map((order) => order.customerId),
    ),
    shopCardsByIds(
      db,
      batch.map((order) => order.supplierId),
    ),
    money ? commissionOwedByOrder(db, ids) : new Map<string, number>(),
    money ? refundedByOrder(db, ids) : new Map<string, number>(),
  ]);
  return batch.map((order) => ({
    ...order,
    customerName: (order.customerId ? people.get(order.customerId)?.name : null) || order.guestName,
    shopName: shops.get(order.supplierId)?.name ?? "",
    commissionOwed: owed.get(order.id) ?? 0,
    refunded: refunded.get(order.id) ?? 0,
  }));
}

/** The orders report (the seller's filters), the products report, or the user's financial report across their shops. */
export async function exportSource(db: DbOrTx, row: ExportRow, shopIds: string[]): Promise<ExportSource> {
  const t = (code: MessageCode) => translate(row.locale, code);
  const filters = { ...row.params, ...exportInstants(row.params) };
  const day = (instant: Date) => localDate(instant);
  const stateName = (state: string) => translate(row.locale, sellerStateLabel(state as SupplierOrderState, "shipping"));

  if (row.kind === "products") {
    const shopId = shopIds[0];
    return {
      sheet: t("report_products"),
      header: [
        "export_head_product",
        "export_head_type",
        "export_head_category",
        "export_head_price",
        "export_head_currency",
        "export_head_stock_type",
        "export_head_stock",
      ].map((code) => t(code as MessageCode)),
      total: await countShopProducts(db, shopId),
      batches: async function* () {
        for (let last: string | null = null; ;) {
          const batch = await selectProductReportBatch(db, shopId, last, EXPORT_BATCH);
          if (batch.length === 0) return;
          yield batch.map((product) => [
            product.name,
            product.type,
            product.category,
            major(product.listPrice),
            product.currency,
            t(product.stockType === "ondemand" ? "export_stock_ondemand" : "export_stock_onstock"),
            product.stock,
          ]);
          last = batch[batch.length - 1].slug;
          if (batch.length < EXPORT_BATCH) return;
        }
      },
    };
  }

  if (row.kind === "orders") {
    return {
      sheet: t("report_orders"),
      header: [
        "export_head_number",
        "export_head_date",
        "export_head_customer",
        "export_head_state",
        "export_head_payment",
        "export_head_delivery",
        "export_head_units",
        "export_head_subtotal",
        "export_head_shipping",
        "export_head_total",
        "export_head_currency",
        "order_test",
      ].map((code) => t(code as MessageCode)),
      total: await countSupplierOrders(db, shopIds, filters),
      batches: async function* () {
        for (let cursor: CreatedCursor | null = null; ;) {
          const batch = await orderBatch(db, shopIds, filters, cursor, false);
          if (batch.length === 0) return;
          yield batch.map((order) => [
            order.number,
            day(order.createdAt),
            order.customerName,
            stateName(order.state),
            order.paymentMethod,
            order.deliveryType,
            order.units,
            major(order.subtotal),
            major(order.shippingCost),
            major(order.total),
            order.currency,
            order.test ? t("order_test_yes") : "",
          ]);
          cursor = batch[batch.length - 1];
          if (batch.length < EXPORT_BATCH) return;
        }
      },
    };
  }

  // financial: every sale of the user's shops (with the commissions it owes and what was refunded), then every
  // commission the user earned in other shops.
  const header = [
    "export_head_concept",
    "export_head_shop",
    "export_head_number",
    "export_head_date",
    "export_head_state",
    "export_head_total",
    "export_head_commission_owed",
    "export_head_refunded",
    "export_head_commission_earned",
    "export_head_net",
    "export_head_currency",
  ].map((code) => t(code as MessageCode));
  const sales = shopIds.length > 0 ? await countSupplierOrders(db, shopIds, filters) : 0;
  const earned = await countEarnedCommissions(db, row.requestedBy, filters);
  return {
    sheet: t("report_financial"),
    header,
    total: sales + earned,
    batches: async function* () {
      for (let cursor: CreatedCursor | null = null; shopIds.length > 0;) {
        const batch = await orderBatch(db, shopIds, filters, cursor, true);
        if (batch.length === 0) break;
        yield batch.map((order) => [
          // A sale paid through the sandbox moved no money (issue #32).
          order.test ? `${t("export_concept_sale")} (${t("order_test")})` : t("export_concept_sale"),
          order.shopName,
          order.number,
          day(order.createdAt),
          stateName(order.state),
          major(order.total),
          major(order.commissionOwed),
          major(order.refunded),
          0,
          major(order.total - order.commissionOwed - order.refunded),
          order.currency,
        ]);
        cursor = batch[batch.length - 1];
        if (batch.length < EXPORT_BATCH) break;
      }
      for (let cursor: CreatedCursor | null = null; ;) {
        const batch = await selectEarnedCommissionBatch(db, row.requestedBy, filters, cursor, EXPORT_BATCH);
        if (batch.length === 0) return;
        const [numbers, shops] = await Promise.all([
          orderNumbers(
            db,
            batch.map((commission) => commission.orderId ?? ""),
          ),
          shopCardsByIds(
            db,
            batch.map((commission) => commission.storeId),
          ),
        ]);
        yield batch.map((commission) => [
          t("export_concept_commission"),
          shops.get(commission.storeId ?? "")?.name ?? "",
          numbers.get(commission.orderId ?? "") ?? "",
          day(commission.createdAt),
          commission.state,
          0,
          0,
          0,
          major(Number(commission.amount)),
          major(Number(commission.amount)),
          commission.currency,
        ]);
        cursor = batch[batch.length - 1];
        if (batch.length < EXPORT_BATCH) return;
      }
    },
  };
}

/** The shops an export reads: its shop, or for a financial report every shop the requester owns. */
export async function exportShopIds(db: DbOrTx, row: ExportRow): Promise<string[]> {
  if (row.shopId) return [row.shopId];
  return (await listOwnedShops(db, row.requestedBy)).map((shop) => shop.id);
}

export function exportFileName(kind: ExportRow["kind"], format: string, slug: string | null, now: Date, locale: Locale): string {
  const names: Record<string, Record<string, string>> = {
    orders: { es: "ordenes", en: "orders" },
    products: { es: "productos", en: "products" },
    financial: { es: "reporte-financiero", en: "financial-report" },
  };
  const name = names[kind][locale === "en" ? "en" : "es"];
  return `${name}${slug ? `-${slug}` : ""}-${localDate(now)}.${format}`;
}
