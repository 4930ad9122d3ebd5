import type { SellerOrderSummary } from "@tianguis/domain/schemas/order";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { useT } from "../../lib/i18n";
import { AnchorLink, Group, Text, hiddenFrom, rem, visibleFrom } from "../../ui/layout-markup";
import { TestBadge } from "../../ui/TestBadge";
import { SellerOrderStateBadge } from "./SellerOrderStateBadge";
import { useOrderFormat } from "./seller-format";
import classes from "./SellerOrders.module.css";

interface ListProps {
  orders: SellerOrderSummary[];
  basePath: string;
}

/** One page of the seller's orders: a table from tablet width up, cards on a phone (both server-rendered; CSS picks). */
export function SellerOrdersList(props: ListProps) {
  return (
    <>
      <SellerOrdersTable {...props} />
      <SellerOrderCards {...props} />
    </>
  );
}

function orderHref(basePath: string, order: SellerOrderSummary) {
  return shopHref(basePath, `/admin/ordenes/${order.id}`);
}

/**
 * The table, as Mantine's Table with row borders and hover drew it (SellerOrders.module.css), in plain elements: an
 * admin's orders page is rendered for them on every visit, and Mantine's table parts were a large share of its CPU.
 */
function SellerOrdersTable({ orders, basePath }: ListProps) {
  const t = useT();
  const format = useOrderFormat();
  return (
    <div className={`${classes.scroll} ${visibleFrom("sm")}`}>
      <table className={classes.table}>
        <thead>
          <tr>
            <th>{t("order_col_number")}</th>
            <th>{t("order_col_date")}</th>
            <th>{t("order_customer")}</th>
            <th>{t("order_status")}</th>
            <th className={classes.end}>{t("order_units")}</th>
            <th className={classes.end}>{t("total")}</th>
            <th>{t("order_col_updated")}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className={classes.row}>
              <td>
                <AnchorLink to={orderHref(basePath, order)} className={`${classes.number} ${classes.stretched}`}>
                  #{order.number}
                </AnchorLink>
                {order.test && <TestBadge size="sm" style={{ marginInlineStart: rem(6) }} />}
              </td>
              <td>{format.date(order.created_at)}</td>
              <td>{order.customer_name ?? "—"}</td>
              <td>
                <SellerOrderStateBadge state={order.state} path={order.path} />
              </td>
              <td className={classes.end}>{order.items_count}</td>
              <td className={`${classes.end} ${classes.total}`}>{format.money(order.total, order.currency)}</td>
              <td className={classes.updated}>{format.dateTime(order.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SellerOrderCards({ orders, basePath }: ListProps) {
  const t = useT();
  const format = useOrderFormat();
  return (
    <ul className={`${classes.cards} ${hiddenFrom("sm")}`}>
      {orders.map((order) => (
        <li key={order.id} className={classes.card}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap">
              <AnchorLink to={orderHref(basePath, order)} size="lg" className={`${classes.number} ${classes.stretched}`}>
                #{order.number}
              </AnchorLink>
              {order.test && <TestBadge size="sm" />}
            </Group>
            <SellerOrderStateBadge state={order.state} path={order.path} />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" style={{ marginTop: rem(4) }}>
            <Text size="sm" lineClamp={1}>
              {order.customer_name ?? "—"}
            </Text>
            <Text size="sm" fw={700} style={{ whiteSpace: "nowrap" }}>
              {format.money(order.total, order.currency)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs" c="dimmed">
              {format.date(order.created_at)} ·{" "}
              {order.items_count === 1 ? t("order_units_one") : t("order_units_count", { count: order.items_count })}
            </Text>
            <Text size="xs" c="dimmed" style={{ textAlign: "right" }}>
              {t("order_updated_at", { date: format.dateTime(order.updated_at) })}
            </Text>
          </Group>
        </li>
      ))}
    </ul>
  );
}
