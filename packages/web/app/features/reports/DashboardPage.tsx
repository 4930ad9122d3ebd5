import {
  Anchor,
  Box,
  Container,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { sellerStateLabel } from "@tianguis/domain/rules/order-progress";
import { type ChartPeriod, chartPeriods } from "@tianguis/domain/rules/reports";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { DashboardView } from "@tianguis/domain/schemas/report";
import { Link, useNavigation, useSearchParams } from "react-router";
import { useT } from "../../lib/i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useReportFormat } from "./format";
import classes from "./reports.module.css";

const periodLabels: Record<ChartPeriod, MessageCode> = {
  day: "dashboard_period_day",
  week: "dashboard_period_week",
  month: "dashboard_period_month",
};

function Widget({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * {base}/admin: the seller's dashboard (issue 29 §4): today's and this month's sales, orders waiting per next action
 * (each a link into the filtered order list), sales by day, week or month, best sellers, campaign visits to purchases,
 * commissions owed and earned, and products low on stock.
 */
export function DashboardPage({ dashboard, basePath }: { dashboard: DashboardView; basePath: string }) {
  const t = useT();
  const format = useReportFormat();
  const money = (rows: { amount: number; currency: string }[]) =>
    rows.length === 0
      ? format.money(0, dashboard.chart_currency ?? "MXN")
      : rows.map((row) => format.money(row.amount, row.currency)).join(" · ");
  const count = (rows: { orders: number }[]) => rows.reduce((sum, row) => sum + row.orders, 0);
  const waiting = dashboard.waiting.filter((row) => row.count > 0);
  return (
    <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        <PageHeader size="responsive" title={t("dashboard_title")} />
        <Group gap="md">
          <Anchor component={Link} to={shopHref(basePath, "/admin/reportes/ordenes")}>
            {t("report_orders")}
          </Anchor>
          <Anchor component={Link} to={shopHref(basePath, "/admin/inventario/reportes")}>
            {t("report_products")}
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Widget title={t("dashboard_sales_today")}>
            <Text fz={28} fw={700} data-testid="sales-today">
              {money(dashboard.sales.today)}
            </Text>
            <Text size="sm" c="dimmed">
              {t("dashboard_orders_count", { count: count(dashboard.sales.today) })}
            </Text>
          </Widget>
          <Widget title={t("dashboard_sales_month")}>
            <Text fz={28} fw={700} data-testid="sales-month">
              {money(dashboard.sales.month)}
            </Text>
            <Text size="sm" c="dimmed">
              {t("dashboard_orders_count", { count: count(dashboard.sales.month) })}
            </Text>
          </Widget>
        </SimpleGrid>
        <SalesChart dashboard={dashboard} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Widget title={t("dashboard_waiting")}>
            {waiting.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("dashboard_waiting_none")}
              </Text>
            ) : (
              <List listStyleType="none" spacing={6} p={0}>
                {waiting.map((row) => (
                  <List.Item key={row.state}>
                    <Anchor component={Link} to={`${shopHref(basePath, "/admin/ordenes")}?state=${row.state}`}>
                      {t(sellerStateLabel(row.state, "shipping"))}: <b>{row.count}</b>
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            )}
          </Widget>
          <Widget title={t("dashboard_top_products")}>
            {dashboard.top_products.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("dashboard_top_none")}
              </Text>
            ) : (
              <List listStyleType="none" spacing={6} p={0}>
                {dashboard.top_products.map((row) => (
                  <List.Item key={row.product_id ?? row.name}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" lineClamp={1}>
                        {row.name}
                      </Text>
                      <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                        {t("dashboard_units", { count: row.units })} · {format.money(row.amount, row.currency)}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </Widget>
          <Widget title={t("dashboard_campaigns")}>
            {dashboard.campaigns.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("dashboard_campaigns_none")}
              </Text>
            ) : (
              <Table fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th ta="right">{t("dashboard_visits")}</Table.Th>
                    <Table.Th ta="right">{t("dashboard_purchases")}</Table.Th>
                    <Table.Th ta="right">{t("dashboard_conversion")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {dashboard.campaigns.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td ta="right">{row.visits}</Table.Td>
                      <Table.Td ta="right">{row.purchases}</Table.Td>
                      <Table.Td ta="right">{row.conversion === null ? "—" : `${format.number(row.conversion)} %`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Widget>
          <Widget title={t("dashboard_commissions")}>
            <Group grow>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {t("dashboard_commissions_owed")}
                </Text>
                <Anchor component={Link} to={shopHref(basePath, "/admin/comisiones")} fw={700}>
                  {format.money(dashboard.commissions.owed, dashboard.commissions.currency ?? "MXN")}
                </Anchor>
              </Stack>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {t("dashboard_commissions_earned")}
                </Text>
                <Text fw={700}>{format.money(dashboard.commissions.earned, dashboard.commissions.currency ?? "MXN")}</Text>
              </Stack>
            </Group>
          </Widget>
          <Widget title={t("dashboard_low_stock")}>
            {dashboard.low_stock.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("dashboard_low_stock_none")}
              </Text>
            ) : (
              <List listStyleType="none" spacing={6} p={0}>
                {dashboard.low_stock.map((row) => (
                  <List.Item key={row.id}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Anchor component={Link} to={`/apps/me/products/${row.id}/edit`} size="sm" lineClamp={1}>
                        {row.name}
                      </Anchor>
                      <Text size="sm" c={row.stock === 0 ? "red.9" : undefined} fw={600} style={{ whiteSpace: "nowrap" }}>
                        {t("dashboard_stock_left", { count: row.stock })}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </Widget>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

/** Sales per bucket as bars drawn with plain elements (like the earnings chart); screen readers get a table. */
function SalesChart({ dashboard }: { dashboard: DashboardView }) {
  const t = useT();
  const format = useReportFormat();
  const [search, setSearch] = useSearchParams();
  const navigation = useNavigation();
  const currency = dashboard.chart_currency ?? "MXN";
  const highest = Math.max(1, ...dashboard.chart.map((bucket) => bucket.amount));
  return (
    <Widget title={t("dashboard_chart")}>
      <SegmentedControl
        aria-label={t("dashboard_chart")}
        value={dashboard.period}
        disabled={navigation.state === "loading"}
        onChange={(value) => {
          const next = new URLSearchParams(search);
          next.set("periodo", value);
          setSearch(next, { preventScrollReset: true });
        }}
        data={chartPeriods.map((value) => ({ value, label: t(periodLabels[value]) }))}
        style={{ alignSelf: "flex-start" }}
      />
      <Box className={classes.chart} aria-hidden data-testid="sales-chart">
        {dashboard.chart.map((bucket) => (
          <div
            key={bucket.date}
            className={classes.column}
            title={`${format.bucket(bucket.date, dashboard.period)}: ${format.money(bucket.amount, currency)}`}
          >
            <div className={classes.bar} style={{ height: `${Math.round((bucket.amount / highest) * 100)}%` }} />
          </div>
        ))}
      </Box>
      <Group justify="space-between" aria-hidden>
        <Text size="xs" c="dimmed">
          {dashboard.chart[0] ? format.bucket(dashboard.chart[0].date, dashboard.period) : ""}
        </Text>
        <Text size="xs" c="dimmed">
          {dashboard.chart.at(-1) ? format.bucket(dashboard.chart.at(-1)?.date ?? "", dashboard.period) : ""}
        </Text>
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{t("dashboard_chart_table")}</caption>
          <tbody>
            {dashboard.chart.map((bucket) => (
              <tr key={bucket.date}>
                <th scope="row">{format.bucket(bucket.date, dashboard.period)}</th>
                <td>{format.money(bucket.amount, currency)}</td>
                <td>{t("dashboard_orders_count", { count: bucket.orders })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Widget>
  );
}
