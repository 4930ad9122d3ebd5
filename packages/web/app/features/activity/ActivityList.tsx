import { Badge, Paper, Skeleton, Stack, Table, Text } from "@mantine/core";
import type { AuditEntryView } from "@tianguis/domain/schemas/audit";
import { useNavigation } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import classes from "./activity.module.css";
import { fieldLabel, formatValue, formatWhen } from "./format";

type Entry = AuditEntryView;

function Who({ entry }: { entry: Entry }) {
  const t = useT();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {entry.actor.name ?? t("activity_nobody")}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`activity_role_${entry.actor.role}`)}
      </Text>
    </Stack>
  );
}

function What({ entry }: { entry: Entry }) {
  const t = useT();
  const action = `activity_action_${entry.action}`;
  const known = ["create", "update", "delete", "next_action", "cancel", "disable", "enable", "support"].includes(entry.action);
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="light" color="gray" className={classes.kind}>
        {t(`activity_kind_${entry.kind}`)}
      </Badge>
      <Text size="sm">
        {known ? t(action as "activity_action_update") : entry.action}
        {entry.entity_label ? ` · ${entry.entity_label}` : ""}
      </Text>
    </Stack>
  );
}

/** Each changed field with its value before and after, as a description list. */
function Changes({ entry, currency }: { entry: Entry; currency: string }) {
  const t = useT();
  const locale = useLocale();
  const context = { t, locale, currency };
  return (
    <dl className={classes.changes}>
      {Object.entries(entry.changes).map(([field, change]) => (
        <div key={field} className={classes.change}>
          <dt className={classes.field}>{fieldLabel(field, t)}</dt>
          <dd className={classes.values}>
            <span className={classes.before}>
              <span className={classes.hint}>{t("activity_before")}:</span> {formatValue(field, change.before, context)}
            </span>
            <span aria-hidden="true"> → </span>
            <span>
              <span className={classes.hint}>{t("activity_after")}:</span> {formatValue(field, change.after, context)}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The log's entries, newest first: a table on wider screens, cards on phones. Each says when, who (and in which role),
 * what (kind, action, the record), the changed fields before and after, and the source address.
 */
export function ActivityList({ entries, currency }: { entries: Entry[]; currency: string }) {
  const t = useT();
  const locale = useLocale();
  const loading = useNavigation().state === "loading";
  if (loading)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t("loading")}>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={56} radius="sm" />
        ))}
      </Stack>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={820} visibleFrom="sm">
        <Table striped verticalSpacing="sm" aria-label={t("activity_title")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("activity_col_when")}</Table.Th>
              <Table.Th>{t("activity_col_who")}</Table.Th>
              <Table.Th>{t("activity_col_what")}</Table.Th>
              <Table.Th>{t("activity_col_changes")}</Table.Th>
              <Table.Th>{t("activity_col_source")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td className={classes.when}>{formatWhen(entry.created_at, locale)}</Table.Td>
                <Table.Td>
                  <Who entry={entry} />
                </Table.Td>
                <Table.Td>
                  <What entry={entry} />
                </Table.Td>
                <Table.Td>
                  <Changes entry={entry} currency={currency} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.source_address ?? "—"}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {entries.map((entry) => (
          <Paper key={entry.id} withBorder radius="md" p="sm" component="article">
            <Stack gap={6}>
              <Text size="xs" c="dimmed">
                {formatWhen(entry.created_at, locale)}
                {entry.source_address ? ` · ${entry.source_address}` : ""}
              </Text>
              <Who entry={entry} />
              <What entry={entry} />
              <Changes entry={entry} currency={currency} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
