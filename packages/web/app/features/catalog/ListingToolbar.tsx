import { Group, NativeSelect, Pill, Switch, Text } from "@mantine/core";
import { type ListingSortKey, listingSorts } from "@tianguis/domain/rules/listing";
import { useSearchParams } from "react-router";
import { setBrowserCookie } from "../../lib/cookies";
import { useT } from "../../lib/i18n";

/** Cookie of the resale-info toggle (spec §4): 365 days, shown by default. */
export const resaleCookie = "showResaleInfo";

export function ListingToolbar({
  total,
  sort,
  q,
  category,
  showResaleToggle,
  showResaleInfo,
  onResaleChange,
}: {
  total: number;
  sort: ListingSortKey;
  q: string | null;
  category: string | null;
  showResaleToggle: boolean;
  showResaleInfo: boolean;
  onResaleChange: (value: boolean) => void;
}) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    next.delete("page");
    setParams(next);
  };
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md">
      <Group gap="xs">
        <Text c="dimmed" size="sm" aria-live="polite">
          {t(total === 1 ? "listing_count_one" : "listing_count", { count: total })}
        </Text>
        {q && (
          <Pill withRemoveButton onRemove={() => update({ q: null })} removeButtonProps={{ "aria-label": t("search_clear") }}>
            {t("search_results_for", { term: q })}
          </Pill>
        )}
        {category && (
          <Pill withRemoveButton onRemove={() => update({ category: null })}>
            {category}
          </Pill>
        )}
      </Group>
      <Group gap="md" align="flex-end">
        {showResaleToggle && (
          <Switch
            label={t("resale_info_toggle")}
            checked={showResaleInfo}
            onChange={(event) => {
              const value = event.currentTarget.checked;
              setBrowserCookie(resaleCookie, String(value), 365);
              onResaleChange(value);
            }}
          />
        )}
        <NativeSelect
          label={t("sort_label")}
          value={sort}
          onChange={(event) => update({ sort: event.currentTarget.value === "queue_position" ? null : event.currentTarget.value })}
          data={listingSorts.map((value) => ({ value, label: t(`sort_${value}`) }))}
          w={180}
          size="sm"
        />
      </Group>
    </Group>
  );
}
