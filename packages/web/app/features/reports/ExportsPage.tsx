import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDownload, IconFileSpreadsheet } from "@tabler/icons-react";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { sellerStateLabel, orderProgressStates } from "@tianguis/domain/rules/order-progress";
import { type ExportFormat, type ExportKind, exportFormats } from "@tianguis/domain/rules/reports";
import { reportsApi } from "@tianguis/domain/routes/reports";
import type { ExportView } from "@tianguis/domain/schemas/report";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { PageHeader } from "../../ui/PageHeader";
import { useMutation } from "../../ui/useMutation";
import { useReportFormat } from "./format";

const titles: Record<ExportKind, MessageCode> = { orders: "report_orders", products: "report_products", financial: "report_financial" };
const stateColors: Record<ExportView["state"], string> = { queued: "gray", running: "blue", done: "teal", failed: "red" };
/** How often the page looks again while an export is queued or running. */
const POLL_MS = 2_000;

/**
 * An export page: the filters and format, 'Exportar' (a job makes the file; an alert says when it is ready), and the
 * past exports with their parameters, size, progress and a private download link until it expires.
 */
export function ExportsPage({ kind, slug, exports }: { kind: ExportKind; slug: string | null; exports: ExportView[] }) {
  const t = useT();
  const revalidator = useRevalidator();
  const working = exports.some((row) => row.state === "queued" || row.state === "running");
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [working, revalidator]);

  return (
    <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <PageHeader size="responsive" title={t(titles[kind])} />
        <ExportForm kind={kind} slug={slug} />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("export_history")}
          </Title>
          {exports.length === 0 ? (
            <EmptyState icon={<IconFileSpreadsheet size={30} />} title={t("export_history")} text={t("export_empty")} />
          ) : (
            <ExportHistory exports={exports} />
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

function ExportForm({ kind, slug }: { kind: ExportKind; slug: string | null }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [format, setFormat] = useState<ExportFormat>("xlsx");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [state, setState] = useState<string | null>(null);
  const dated = kind !== "products";
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const range = dated && (start || end) ? { start_date: start || undefined, end_date: end || undefined } : {};
    run(
      () =>
        slug
          ? api(reportsApi.shopCreate, {
              params: { slug },
              body: {
                kind: kind as "orders" | "products",
                format,
                ...range,
                ...(state ? { state: state as (typeof orderProgressStates)[number] } : {}),
              },
            })
          : api(reportsApi.myCreate, { body: { kind: "financial", format, ...range } }),
      { success: "export_queued_toast" },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label={t("export_new")}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("export_new")}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="export-format-label">
              {t("export_format")}
            </Text>
            <SegmentedControl
              aria-labelledby="export-format-label"
              value={format}
              onChange={(value) => setFormat(value as ExportFormat)}
              data={exportFormats.map((value) => ({ value, label: value.toUpperCase() }))}
            />
          </Stack>
          {dated && (
            <>
              <TextInput type="date" label={t("export_start")} value={start} onChange={(event) => setStart(event.currentTarget.value)} />
              <TextInput type="date" label={t("export_end")} value={end} onChange={(event) => setEnd(event.currentTarget.value)} />
            </>
          )}
          {kind === "orders" && (
            <Select
              label={t("export_state_filter")}
              placeholder={t("export_any_state")}
              clearable
              value={state}
              onChange={setState}
              data={orderProgressStates.map((value) => ({ value, label: t(sellerStateLabel(value, "shipping")) }))}
            />
          )}
          <Button type="submit" loading={busy} leftSection={<IconFileSpreadsheet size={18} />}>
            {t("export_submit")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function useDescribe() {
  const t = useT();
  const format = useReportFormat();
  return (row: ExportView) => {
    const parts = [
      row.params.start_date && row.params.end_date
        ? `${format.calendar(row.params.start_date)} – ${format.calendar(row.params.end_date)}`
        : t("export_all_dates"),
    ];
    if (row.params.state) parts.push(t(sellerStateLabel(row.params.state, "shipping")));
    return `${row.format.toUpperCase()} · ${parts.join(" · ")}`;
  };
}

function ExportState({ row }: { row: ExportView }) {
  const t = useT();
  if (row.state === "running" || row.state === "queued") {
    const total = row.rows_total ?? 0;
    const value = total > 0 ? Math.round((row.rows_done / total) * 100) : 0;
    return (
      <Stack gap={4} miw={140}>
        <Badge color={stateColors[row.state]} variant="light">
          {t(`export_state_${row.state}`)}
        </Badge>
        <Progress value={value} size="sm" aria-label={t("export_progress", { done: row.rows_done, total })} animated />
        <Text size="xs" c="dimmed">
          {t("export_progress", { done: row.rows_done, total })}
        </Text>
      </Stack>
    );
  }
  const expired = row.state === "done" && row.expired;
  return (
    <Badge color={expired ? "gray" : stateColors[row.state]} variant="light">
      {t(expired ? "export_state_expired" : `export_state_${row.state}`)}
    </Badge>
  );
}

function Download({ row }: { row: ExportView }) {
  const t = useT();
  const format = useReportFormat();
  if (!row.download_url) return null;
  return (
    <Stack gap={2} align="flex-start">
      <Anchor href={row.download_url} download={row.file_name} aria-label={`${t("export_download")} ${row.file_name}`}>
        <Group gap={4} wrap="nowrap">
          <IconDownload size={16} aria-hidden />
          {t("export_download")}
        </Group>
      </Anchor>
      {row.expires_at && (
        <Text size="xs" c="dimmed">
          {t("export_expires", { date: format.date(row.expires_at) })}
        </Text>
      )}
    </Stack>
  );
}

function ExportHistory({ exports }: { exports: ExportView[] }) {
  const t = useT();
  const format = useReportFormat();
  const describe = useDescribe();
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table verticalSpacing="sm" data-testid="exports-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("export_col_created")}</Table.Th>
              <Table.Th>{t("export_col_params")}</Table.Th>
              <Table.Th>{t("export_col_state")}</Table.Th>
              <Table.Th ta="right">{t("export_col_size")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exports.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{format.moment(row.created_at)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{describe(row)}</Text>
                  <Text size="xs" c="dimmed">
                    {row.file_name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ExportState row={row} />
                </Table.Td>
                <Table.Td ta="right">{row.size_bytes === null ? "—" : format.size(row.size_bytes)}</Table.Td>
                <Table.Td>
                  <Download row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" component="ul" p={0} m={0} hiddenFrom="sm">
        {exports.map((row) => (
          <Paper key={row.id} component="li" withBorder radius="md" p="sm" style={{ listStyle: "none" }}>
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {format.moment(row.created_at)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {describe(row)}
                  </Text>
                </Stack>
                <ExportState row={row} />
              </Group>
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  {row.size_bytes === null ? "" : format.size(row.size_bytes)}
                </Text>
                <Download row={row} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
