import { Anchor, Badge, Stack, Table, Text, Title } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import type { ImportView } from "@tianguis/domain/schemas/product-import";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { RejectedDownloads } from "./ImportCurrent";
import { dateTimeFormat } from "../../lib/intl";

const stateColor = { previewed: "gray", queued: "yellow", running: "blue", interrupted: "orange", done: "teal" } as const;

/** Past imports, newest first: file, date, state, what each created, updated and rejected, and the rejected rows file. */
export function ImportHistory({ slug, imports, query }: { slug: string; imports: ImportView[]; query: (id: string) => string }) {
  const t = useT();
  const locale = useLocale();
  const date = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Stack gap="sm" component="section" aria-labelledby="imports-history-title">
      <Title order={2} size="h4" id="imports-history-title">
        {t("imports_history")}
      </Title>
      {imports.length === 0 ? (
        <EmptyState icon={<IconFileImport size={28} />} title={t("imports_history")} text={t("imports_empty")} />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" data-testid="imports-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("imports_file")}</Table.Th>
                <Table.Th>{t("imports_date")}</Table.Th>
                <Table.Th>{t("imports_state")}</Table.Th>
                <Table.Th ta="right">{t("imports_created")}</Table.Th>
                <Table.Th ta="right">{t("imports_updated")}</Table.Th>
                <Table.Th ta="right">{t("imports_will_reject")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {imports.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      <Anchor component={Link} to={query(item.id)} size="sm">
                        {item.file_name}
                      </Anchor>
                      {item.rejected > 0 && <RejectedDownloads slug={slug} id={item.id} />}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{date.format(new Date(item.created_at))}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={stateColor[item.state]} variant="light" style={{ overflow: "visible" }}>
                      {t(`imports_state_${item.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{item.state === "previewed" ? "—" : item.created}</Table.Td>
                  <Table.Td ta="right">{item.state === "previewed" ? "—" : item.updated}</Table.Td>
                  <Table.Td ta="right">{item.rejected}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
