import { Button, Group, Select, SimpleGrid, TextInput } from "@mantine/core";
import { auditKinds } from "@tianguis/domain/rules/audit";
import type { AuditActorsView } from "@tianguis/domain/schemas/audit";
import { Form, Link } from "react-router";
import { useT } from "../../lib/i18n";

export type ActivityFilterValues = Partial<Record<"actor" | "kind" | "from" | "to", string>>;

/** The log's filters in the URL (a GET form: they work without JavaScript and survive a reload): who, kind, dates. */
export function ActivityFilters({ values, actors }: { values: ActivityFilterValues; actors: AuditActorsView["results"] }) {
  const t = useT();
  const filtered = Object.values(values).some(Boolean);
  return (
    <Form method="get" role="search" aria-label={t("activity_filter")}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select
          name="actor"
          label={t("activity_who")}
          placeholder={t("activity_who_any")}
          defaultValue={values.actor ?? null}
          clearable
          data={actors.map((actor) => ({
            value: actor.id,
            label: `${actor.name ?? actor.id} · ${t(`activity_role_${actor.role}`)}`,
          }))}
        />
        <Select
          name="kind"
          label={t("activity_kind")}
          placeholder={t("activity_kind_any")}
          defaultValue={values.kind ?? null}
          clearable
          data={auditKinds.map((kind) => ({ value: kind, label: t(`activity_kind_${kind}`) }))}
        />
        <TextInput name="from" type="date" label={t("activity_from")} defaultValue={values.from ?? ""} />
        <TextInput name="to" type="date" label={t("activity_to")} defaultValue={values.to ?? ""} />
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button type="submit" variant="default">
          {t("activity_filter")}
        </Button>
        {filtered && (
          <Button component={Link} to="?" variant="subtle">
            {t("activity_clear")}
          </Button>
        )}
      </Group>
    </Form>
  );
}
