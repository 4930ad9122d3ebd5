import { Box, Group, Paper, SegmentedControl, Select, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { type EarningPeriod, earningPeriods } from "@tianguis/domain/rules/commission";
import type { EarningsSummary } from "@tianguis/domain/schemas/commission";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { useCommissionFormat } from "./format";
import classes from "./commissions.module.css";

/** The bar layers, bottom to top, and their colours (the totals cards use the same ones). */
export const stateLayers = [
  { state: "paid", label: "earnings_paid", color: "var(--mantine-color-teal-6)" },
  { state: "available", label: "earnings_available", color: "var(--mantine-color-green-4)" },
  { state: "pending", label: "earnings_pending", color: "var(--mantine-color-yellow-5)" },
] as const satisfies readonly { state: string; label: MessageCode; color: string }[];

const periodLabels: Record<EarningPeriod, MessageCode> = {
  day: "earnings_period_day",
  week: "earnings_period_week",
  month: "earnings_period_month",
};

/**
 * Earnings per day, week or month as stacked bars drawn with plain elements (no chart library: a few hundred bytes
 * of CSS). Screen readers get the same figures as a table.
 */
export function EarningsChart({
  summary,
  onPeriod,
  onCurrency,
  busy,
}: {
  summary: EarningsSummary;
  onPeriod: (period: EarningPeriod) => void;
  onCurrency: (currency: string) => void;
  busy: boolean;
}) {
  const t = useT();
  const format = useCommissionFormat();
  const earned = (bucket: EarningsSummary["buckets"][number]) => bucket.pending + bucket.available + bucket.paid;
  const highest = Math.max(1, ...summary.buckets.map(earned));
  const money = (amount: number) => format.money(amount, summary.currency);
  const label = (start: string) => format.bucket(start, summary.period);
  return (
    <Paper withBorder radius="md" p="md" aria-busy={busy || undefined}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="earnings-chart-title">
            {t("earnings_chart_title")}
          </Title>
          <Group gap="xs">
            {summary.currencies.length > 1 && (
              <Select
                aria-label={t("earnings_currency")}
                data={summary.currencies}
                value={summary.currency}
                onChange={(value) => value && onCurrency(value)}
                allowDeselect={false}
                w={100}
                size="xs"
              />
            )}
            <SegmentedControl
              size="xs"
              value={summary.period}
              onChange={(value) => onPeriod(value as EarningPeriod)}
              data={earningPeriods.map((period) => ({ value: period, label: t(periodLabels[period]) }))}
              aria-label={t("earnings_chart_title")}
            />
          </Group>
        </Group>
        <Box className={classes.chart} data-busy={busy || undefined} aria-hidden>
          {summary.buckets.map((bucket) => (
            <div key={bucket.start} className={classes.column} title={`${label(bucket.start)}: ${money(earned(bucket))}`}>
              <div className={classes.stack}>
                {stateLayers.map((layer) =>
                  bucket[layer.state] > 0 ? (
                    <div
                      key={layer.state}
                      className={classes.bar}
                      style={{ height: `${(bucket[layer.state] / highest) * 100}%`, background: layer.color }}
                    />
                  ) : null,
                )}
              </div>
              <Text size="10px" c="dimmed" ta="center" className={classes.tick}>
                {label(bucket.start)}
              </Text>
            </div>
          ))}
        </Box>
        <Group gap="md" aria-hidden>
          {stateLayers.map((layer) => (
            <Group key={layer.state} gap={6}>
              <span className={classes.swatch} style={{ background: layer.color }} />
              <Text size="xs">{t(layer.label)}</Text>
            </Group>
          ))}
        </Group>
        <VisuallyHidden>
          <table aria-labelledby="earnings-chart-title">
            <thead>
              <tr>
                <th>{t(periodLabels[summary.period])}</th>
                {stateLayers.map((layer) => (
                  <th key={layer.state}>{t(layer.label)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {summary.buckets.map((bucket) => (
                <tr key={bucket.start}>
                  <th>{label(bucket.start)}</th>
                  {stateLayers.map((layer) => (
                    <td key={layer.state}>{money(bucket[layer.state])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
