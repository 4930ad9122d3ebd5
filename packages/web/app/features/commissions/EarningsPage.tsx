import {
  Button,
  Center,
  Container,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCoins } from "@tabler/icons-react";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { type CommissionState, commissionStates } from "@tianguis/domain/rules/commission";
import { COMMISSIONS_PAGE_SIZE, type CommissionView, type EarningsSummary } from "@tianguis/domain/schemas/commission";
import { Link, useNavigation, useSearchParams } from "react-router";
import { useT } from "../../lib/i18n";
import { CommissionStateBadge } from "./CommissionStateBadge";
import { EarningsChart } from "./EarningsChart";
import type { loadEarnings } from "./commissions.server";
import { useCommissionFormat } from "./format";
import { EmptyState } from "../../ui/EmptyState";
import { PageHeader } from "../../ui/PageHeader";

type PageData = Awaited<ReturnType<typeof loadEarnings>>;

const totalCards: { state: CommissionState; label: MessageCode; hint: MessageCode; color: string }[] = [
  { state: "pending", label: "earnings_pending", hint: "earnings_pending_hint", color: "yellow" },
  { state: "available", label: "earnings_available", hint: "earnings_available_hint", color: "green" },
  { state: "paid", label: "earnings_paid", hint: "earnings_paid_hint", color: "teal" },
  { state: "reversed", label: "earnings_reversed", hint: "earnings_reversed_hint", color: "gray.5" },
];

/**
 * /apps/me/ganancias: a reseller's or promoter's commissions — totals per state, earnings per period, and each
 * commission with its order, product, amount, state and dates (commerce-and-accounts §6 'reseller earning').
 */
export function EarningsPage({ summary, commissions, total, view }: PageData) {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/apps/me/ganancias";
  const change = (key: string, value: string | null, resetPage = true) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (resetPage) next.delete("pagina");
    setSearch(next, { preventScrollReset: true });
  };
  const pages = Math.max(1, Math.ceil(total / COMMISSIONS_PAGE_SIZE));
  return (
    <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <PageHeader size="responsive" title={t("earnings_title")} description={t("earnings_intro")} />
        {summary.currencies.length === 0 ? (
          <EarningsEmpty />
        ) : (
          <>
            <EarningsTotals summary={summary} />
            <EarningsChart
              summary={summary}
              busy={reloading}
              onPeriod={(period) => change("periodo", period, false)}
              onCurrency={(currency) => change("moneda", currency, false)}
            />
            <Paper withBorder radius="md" p="md">
              <Stack gap="md">
                <Group justify="space-between" gap="sm">
                  <Title order={2} size="h4">
                    {t("earnings_table_title")}
                  </Title>
                  <Select
                    aria-label={t("earnings_col_state")}
                    placeholder={t("earnings_col_state")}
                    data={commissionStates.map((state) => ({ value: state, label: t(`commission_state_${state}`) }))}
                    value={view.state ?? null}
                    onChange={(value) => change("estado", value)}
                    clearable
                    w={180}
                    size="sm"
                  />
                </Group>
                {reloading ? (
                  <Stack gap="xs" aria-busy="true" aria-label={t("loading")}>
                    {[0, 1, 2, 3].map((key) => (
                      <Skeleton key={key} height={44} radius="sm" />
                    ))}
                  </Stack>
                ) : commissions.length === 0 ? (
                  <Text c="dimmed" ta="center" py="lg">
                    {t("earnings_no_results")}
                  </Text>
                ) : (
                  <CommissionsList commissions={commissions} />
                )}
                {pages > 1 && (
                  <Center>
                    <Pagination total={pages} value={view.page} onChange={(page) => change("pagina", String(page), false)} siblings={1} />
                  </Center>
                )}
              </Stack>
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}

function EarningsTotals({ summary }: { summary: EarningsSummary }) {
  const t = useT();
  const format = useCommissionFormat();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {totalCards.map((card) => (
        <Paper key={card.state} withBorder radius="md" p="md" data-testid={`earnings-${card.state}`}>
          <Stack gap={4}>
            <Group gap={6}>
              <ThemeIcon size={10} radius="xl" color={card.color} aria-hidden>
                <span />
              </ThemeIcon>
              <Text size="sm" fw={600}>
                {t(card.label)}
              </Text>
            </Group>
            <Text fz={{ base: "lg", sm: "xl" }} fw={700} style={{ fontVariantNumeric: "tabular-nums" }}>
              {format.money(summary.totals[card.state], summary.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(card.hint)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function EarningsEmpty() {
  const t = useT();
  return (
    <EmptyState
      icon={<IconCoins size={30} />}
      title={t("earnings_empty_title")}
      text={t("earnings_empty_text")}
      action={
        <Button component={Link} to="/apps/me/referral" variant="light">
          {t("earnings_open_referral")}
        </Button>
      }
    />
  );
}

/** The dates a commission shows: when it was earned, and when it became (or becomes) available, was paid or reversed. */
function useCommissionDates() {
  const t = useT();
  const format = useCommissionFormat();
  return (row: CommissionView) =>
    [
      t("earnings_earned_on", { date: format.date(row.created_at) }),
      row.state === "reversed" && row.reversed_at ? t("earnings_reversed_on", { date: format.date(row.reversed_at) }) : null,
      row.state !== "reversed" && row.available_at ? t("earnings_available_on", { date: format.date(row.available_at) }) : null,
      row.paid_at ? t("earnings_paid_on", { date: format.date(row.paid_at) }) : null,
    ].filter((line): line is string => line !== null);
}

function CommissionAmount({ row }: { row: CommissionView }) {
  const t = useT();
  const format = useCommissionFormat();
  return (
    <Stack gap={0} align="flex-end">
      <Text fw={700} td={row.state === "reversed" ? "line-through" : undefined} style={{ whiteSpace: "nowrap" }}>
        {format.money(row.state === "reversed" ? row.amount : row.net_amount, row.currency)}
      </Text>
      {row.state !== "reversed" && row.reversed_amount > 0 && (
        <Text size="xs" c="dimmed">
          {t("earnings_partly_reversed", { amount: format.money(row.reversed_amount, row.currency) })}
        </Text>
      )}
    </Stack>
  );
}

function CommissionsList({ commissions }: { commissions: CommissionView[] }) {
  const t = useT();
  const datesOf = useCommissionDates();
  const source = (row: CommissionView) =>
    row.source === "membership"
      ? t("earnings_source_membership")
      : t(row.source === "reseller" ? "earnings_source_reseller" : "earnings_source_promoter", { store: row.store_name });
  // A membership's commission comes from a paid period, not an order.
  const orderLabel = (row: CommissionView) => (row.order_number === null ? t("earnings_membership_order") : `#${row.order_number}`);
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table verticalSpacing="sm" data-testid="commissions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("earnings_col_order")}</Table.Th>
              <Table.Th>{t("earnings_col_product")}</Table.Th>
              <Table.Th ta="right">{t("earnings_col_amount")}</Table.Th>
              <Table.Th>{t("earnings_col_state")}</Table.Th>
              <Table.Th>{t("earnings_col_dates")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {commissions.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td fw={700}>{orderLabel(row)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} lineClamp={2}>
                    {row.quantity} × {row.product_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {source(row)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <CommissionAmount row={row} />
                </Table.Td>
                <Table.Td>
                  <CommissionStateBadge state={row.state} />
                </Table.Td>
                <Table.Td>
                  {datesOf(row).map((line) => (
                    <Text key={line} size="xs" c="dimmed">
                      {line}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" component="ul" p={0} m={0} hiddenFrom="sm">
        {commissions.map((row) => (
          <Paper key={row.id} component="li" withBorder radius="md" p="sm" style={{ listStyle: "none" }}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={700}>
                    {orderLabel(row)}
                  </Text>
                  <Text size="sm" lineClamp={2}>
                    {row.quantity} × {row.product_name}
                  </Text>
                </Stack>
                <CommissionAmount row={row} />
              </Group>
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">
                  {source(row)}
                </Text>
                <CommissionStateBadge state={row.state} />
              </Group>
              {datesOf(row).map((line) => (
                <Text key={line} size="xs" c="dimmed">
                  {line}
                </Text>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
