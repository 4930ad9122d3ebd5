import { type ListingSortKey, listingSorts } from "@tianguis/domain/rules/listing";
import { useSearchParams } from "react-router";
import { setBrowserCookie } from "../../lib/cookies";
import { useT } from "../../lib/i18n";
import classes from "./toolbar.module.css";
import { PlainSelect } from "../../ui/PlainSelect";

/** A filter in force, with a button that removes it. */
function FilterPill({ children, removeLabel, onRemove }: { children: React.ReactNode; removeLabel: string; onRemove: () => void }) {
  return (
    <span className={classes.pill}>
      <span className={classes.pillLabel}>{children}</span>
      <button type="button" className={classes.pillRemove} aria-label={removeLabel} onClick={onRemove}>
        <svg viewBox="0 0 15 15" aria-hidden>
          <path
            d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
            fill="currentColor"
            fillRule="evenodd"
            clipRule="evenodd"
          />
        </svg>
      </button>
    </span>
  );
}

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
    <div className={classes.toolbar}>
      <div className={classes.filters}>
        <p className={classes.count} aria-live="polite">
          {t(total === 1 ? "listing_count_one" : "listing_count", { count: total })}
        </p>
        {q && (
          <FilterPill removeLabel={t("search_clear")} onRemove={() => update({ q: null })}>
            {t("search_results_for", { term: q })}
          </FilterPill>
        )}
        {category && (
          <FilterPill removeLabel={t("remove")} onRemove={() => update({ category: null })}>
            {category}
          </FilterPill>
        )}
      </div>
      <div className={classes.controls}>
        {showResaleToggle && (
          <label className={classes.switch}>
            <input
              type="checkbox"
              role="switch"
              className={classes.switchInput}
              checked={showResaleInfo}
              onChange={(event) => {
                const value = event.currentTarget.checked;
                setBrowserCookie(resaleCookie, String(value), 365);
                onResaleChange(value);
              }}
            />
            <span className={classes.track} aria-hidden>
              <span className={classes.thumb} />
            </span>
            {t("resale_info_toggle")}
          </label>
        )}
        <PlainSelect
          label={t("sort_label")}
          value={sort}
          onChange={(event) => update({ sort: event.currentTarget.value === "queue_position" ? null : event.currentTarget.value })}
          data={listingSorts.map((value) => ({ value, label: t(`sort_${value}`) }))}
          w={180}
          size="sm"
        />
      </div>
    </div>
  );
}
