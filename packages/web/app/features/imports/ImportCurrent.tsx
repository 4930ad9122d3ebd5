import { Alert, Anchor, Button, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { importsApi } from "@tianguis/domain/routes/imports";
import type { ImportView } from "@tianguis/domain/schemas/product-import";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiRequestError, api, urlOf } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { messageCode } from "@tianguis/domain/messages/index";

const working = new Set(["queued", "running", "interrupted"]);
const POLL_MS = 1_000;

function Count({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}

/** Links to the rejected rows file, as CSV and XLSX. */
export function RejectedDownloads({ slug, id }: { slug: string; id: string }) {
  const t = useT();
  return (
    <Group gap="xs">
      {(["csv", "xlsx"] as const).map((format) => (
        <Anchor key={format} href={urlOf(importsApi.rejected, { params: { slug, id }, query: { format } })} download size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <IconDownload size={14} aria-hidden />
            {`${t("imports_download_rejected")} (${format.toUpperCase()})`}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * The import the page follows: its dry run (counts, the rejected rows with their line and reason, 'Importar'), then the
 * job's progress, read again every second while it works (a reload finds it where it is), then what it did.
 */
export function ImportCurrent({ slug, current }: { slug: string; current: ImportView }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isWorking = working.has(current.state);
  useEffect(() => {
    if (!isWorking) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [isWorking, revalidator]);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await api(importsApi.run, { params: { slug, id: current.id } });
      await revalidator.revalidate();
    } catch (caught) {
      const body = caught instanceof ApiRequestError ? caught.body : null;
      setError(body?.message || t(messageCode(body?.code)));
    } finally {
      setBusy(false);
    }
  };
  const valid = current.to_create + current.to_update;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-current-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="import-current-title">
          {t("imports_dry_run_title", { file: current.file_name })}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Count label={t("imports_will_create")} value={current.to_create} color="green.9" />
          <Count label={t("imports_will_update")} value={current.to_update} color="blue.9" />
          <Count label={t("imports_will_reject")} value={current.rejected} color={current.rejected > 0 ? "red.9" : "dimmed"} />
        </SimpleGrid>
        {current.state !== "previewed" && (
          <Stack gap={4}>
            <Progress
              value={valid === 0 ? 100 : (current.processed / valid) * 100}
              size="lg"
              animated={isWorking}
              aria-label={t("imports_progress_label")}
            />
            <Text size="sm" aria-live="polite">
              {t("imports_progress", { done: current.processed, total: valid })}
              {current.state === "interrupted" && ` · ${t("imports_state_interrupted")}`}
            </Text>
          </Stack>
        )}
        {current.state === "done" && (
          <Alert color="teal" role="status">
            {t("imports_finished", { created: current.created, updated: current.updated, rejected: current.rejected })}
          </Alert>
        )}
        {current.errors.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t("imports_rejected_title")}
            </Title>
            <Table.ScrollContainer minWidth={420}>
              <Table striped verticalSpacing="xs" data-testid="import-rejected">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("imports_line")}</Table.Th>
                    <Table.Th>{t("imports_column")}</Table.Th>
                    <Table.Th>{t("imports_reason")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {current.errors.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>{row.column}</Table.Td>
                      <Table.Td>{t(row.code, { column: row.column })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {current.rejected > current.errors.length && (
              <Text size="sm" c="dimmed">
                {t("imports_more_rejected", { count: current.rejected - current.errors.length })}
              </Text>
            )}
            <RejectedDownloads slug={slug} id={current.id} />
          </Stack>
        )}
        {current.state === "previewed" &&
          (valid === 0 ? (
            <Alert color="yellow">{t("imports_nothing_valid")}</Alert>
          ) : (
            <Group>
              <Button onClick={start} loading={busy}>
                {t("imports_run")}
              </Button>
            </Group>
          ))}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
