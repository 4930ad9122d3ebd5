import { messageCode } from "@tianguis/domain/messages/index";
import { sellerStateLabel } from "@tianguis/domain/rules/order-progress";
import { addressLine } from "@tianguis/domain/schemas/address";
import type { SellerOrderView } from "@tianguis/domain/schemas/order";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useT } from "../../lib/i18n";
import { deliveryLabels, useOrderFormat } from "./seller-format";
import classes from "./SellerOrderPrint.module.css";

/**
 * The printed purchase order ('Imprimir'): a plain black-on-white document placed at the end of <body>, invisible on
 * screen; when printing, it is the only thing on the page (no shop chrome, admin bar, buttons or dialogs).
 */
export function SellerOrderPrint({ order, shopName }: { order: SellerOrderView; shopName: string }) {
  const [body, setBody] = useState<HTMLElement | null>(null);
  useEffect(() => setBody(document.body), []);
  return body ? createPortal(<PurchaseOrder order={order} shopName={shopName} />, body) : null;
}

function PurchaseOrder({ order, shopName }: { order: SellerOrderView; shopName: string }) {
  const t = useT();
  const format = useOrderFormat();
  const money = (amount: number) => format.money(amount, order.currency);
  const address = order.address;
  const rows: [string, string | null | undefined][] = [
    [t("order_status"), t(sellerStateLabel(order.state, order.path))],
    [t("created_date"), format.dateTime(order.created_at)],
    [t("payment_method"), order.payment_type && t(messageCode(`pm_${order.payment_type}`))],
    [t("paid_date"), order.paid_at && format.dateTime(order.paid_at)],
    [t("estimated_delivery_date"), order.estimated_delivery_date && format.day(order.estimated_delivery_date)],
    [t("courier"), order.courier],
    [t("tracking_number"), order.tracking_number],
    [t("cancel_reason"), order.cancel_reason],
  ];
  return (
    <article className={classes.print}>
      <header className={classes.header}>
        <div>
          <p className={classes.shop}>{shopName}</p>
          <h1>{t("purchase_order_number", { number: order.number })}</h1>
        </div>
        <p>{format.date(order.created_at)}</p>
      </header>
      <section className={classes.columns}>
        <div>
          <h2>{t("order_customer")}</h2>
          <p>{order.customer_name ?? t("order_guest")}</p>
          {order.customer_email && <p>{order.customer_email}</p>}
          {order.customer_phone && <p>{order.customer_phone}</p>}
        </div>
        <div>
          <h2>{t("order_delivery")}</h2>
          <p>{t(deliveryLabels[order.delivery_type])}</p>
          {address?.address_name && <p>{address.address_name}</p>}
          {address && <p>{addressLine(address)}</p>}
          {address?.address_phone && <p>{address.address_phone}</p>}
        </div>
      </section>
      <table className={classes.items}>
        <thead>
          <tr>
            <th>{t("order_items")}</th>
            <th>{t("quantity")}</th>
            <th>{t("unit_price")}</th>
            <th>{t("total")}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td>{item.name}</td>
              <td>{item.quantity}</td>
              <td>{money(item.unit_price)}</td>
              <td>{money(item.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={3}>{t("subtotal")}</th>
            <td>{money(order.subtotal)}</td>
          </tr>
          <tr>
            <th colSpan={3}>{t("order_shipping_cost")}</th>
            <td>{money(order.shipping_cost)}</td>
          </tr>
          <tr className={classes.total}>
            <th colSpan={3}>{t("total")}</th>
            <td>{money(order.total)}</td>
          </tr>
        </tfoot>
      </table>
      <dl className={classes.facts}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {order.invoicing && (
        <section>
          <h2>{t("invoicing_data")}</h2>
          <p>
            {order.invoicing.legal_name} · {t("rfc")} {order.invoicing.rfc} · {t("fiscal_postal_code")} {order.invoicing.postal_code}
          </p>
          <p>
            {t("tax_regime")} {order.invoicing.tax_regime} · {t("cfdi_use")} {order.invoicing.cfdi_use}
          </p>
        </section>
      )}
    </article>
  );
}
