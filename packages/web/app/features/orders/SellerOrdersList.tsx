import { Anchor, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { SellerOrderSummary } from "@tianguis/domain/schemas/order";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
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

function SellerOrdersTable({ orders, basePath }: ListProps) {
  const t = useT();
  const format = useOrderFormat();
  return (
    <Table.ScrollContainer minWidth={760} visibleFrom="sm">
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("order_col_number")}</Table.Th>
            <Table.Th>{t("order_col_date")}</Table.Th>
            <Table.Th>{t("order_customer")}</Table.Th>
            <Table.Th>{t("order_status")}</Table.Th>
            <Table.Th ta="right">{t("order_units")}</Table.Th>
            <Table.Th ta="right">{t("total")}</Table.Th>
            <Table.Th>{t("order_col_updated")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id} className={classes.row}>
              <Table.Td>
                <Anchor component={Link} to={orderHref(basePath, order)} fw={700} className={classes.stretched}>
                  #{order.number}
                </Anchor>
                {order.test && <TestBadge ml={6} size="sm" />}
              </Table.Td>
              <Table.Td>{format.date(order.created_at)}</Table.Td>
              <Table.Td>{order.customer_name ?? "—"}</Table.Td>
              <Table.Td>
                <SellerOrderStateBadge state={order.state} path={order.path} />
              </Table.Td>
              <Table.Td ta="right">{order.items_count}</Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: "nowrap" }}>
                {format.money(order.total, order.currency)}
              </Table.Td>
              <Table.Td c="dimmed" fz="sm">
                {format.dateTime(order.updated_at)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SellerOrderCards({ orders, basePath }: ListProps) {
  const t = useT();
  const format = useOrderFormat();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} hiddenFrom="sm">
      {orders.map((order) => (
        <Paper key={order.id} component="li" withBorder radius="md" p="sm" className={classes.card}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={orderHref(basePath, order)} fw={700} size="lg" className={classes.stretched}>
                #{order.number}
              </Anchor>
              {order.test && <TestBadge size="sm" />}
            </Group>
            <SellerOrderStateBadge state={order.state} path={order.path} />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
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
            <Text size="xs" c="dimmed" ta="right">
              {t("order_updated_at", { date: format.dateTime(order.updated_at) })}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
