import { IconHistory } from "@tabler/icons-react";
import { auditPageSize } from "@tianguis/domain/rules/audit";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { FilteredListPage } from "../../ui/FilteredListPage";
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
    <FilteredListPage
      title={t("activity_title")}
      intro={t("activity_intro")}
      filters={(total > 0 || filtered) && <ActivityFilters values={filters} actors={actors} />}
      count={total === 1 ? t("activity_count_one") : t("activity_count", { count: total })}
      emptyState={
        entries.length === 0 && (
          <EmptyState
            icon={<IconHistory size={28} />}
            title={t("activity_title")}
            text={t(filtered ? "activity_none_match" : "activity_empty")}
          />
        )
      }
      pagination={<ListingPagination page={page} total={total} pageSize={auditPageSize} />}
    >
      <ActivityList entries={entries} currency={shop.currency} />
    </FilteredListPage>
  );
}
