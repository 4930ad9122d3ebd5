import { Container, Stack, Text, Title } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { auditPageSize } from "@tianguis/domain/rules/audit";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { ListingPagination } from "../catalog/ListingPagination";
import { ActivityFilters } from "./ActivityFilters";
import { ActivityList } from "./ActivityList";
import type { loadShopActivity } from "./activity.server";

type PageData = Awaited<ReturnType<typeof loadShopActivity>>;

/** {shop}/admin/actividad: the shop's audit log, for its owner (issue 33 §3). */
export function ActivityPage({ entries, total, page, filters, actors, shop }: PageData) {
  const t = useT();
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: "h2", sm: "h1" }}>
            {t("activity_title")}
          </Title>
          <Text c="dimmed">{t("activity_intro")}</Text>
        </div>
        {(total > 0 || filtered) && <ActivityFilters values={filters} actors={actors} />}
        <Text size="sm" c="dimmed" aria-live="polite">
          {total === 1 ? t("activity_count_one") : t("activity_count", { count: total })}
        </Text>
        {entries.length === 0 ? (
          <EmptyState
            icon={<IconHistory size={28} />}
            title={t("activity_title")}
            text={t(filtered ? "activity_none_match" : "activity_empty")}
          />
        ) : (
          <ActivityList entries={entries} currency={shop.currency} />
        )}
        <ListingPagination page={page} total={total} pageSize={auditPageSize} />
      </Stack>
    </Container>
  );
}
