import { Button, Combobox, Group, InputBase, Loader, ScrollArea, Text, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconChevronDown } from "@tabler/icons-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";

export interface Page<T> {
  results: T[];
  matches_estimated: number;
}

/**
 * A searchable dropdown whose options come from the API a page at a time (spec §2: category dropdown and supplier
 * filter with infinite scroll): typing filters by name after 400 ms, scrolling to the end loads the next page, and
 * an empty answer shows `emptyText`. A failed load counts as an empty list (§8 'Picker fetch failures').
 */
export function InfiniteCombobox<T extends { id: string }>({
  label,
  placeholder,
  searchPlaceholder,
  emptyText,
  loadMoreText,
  value,
  pageSize,
  fetchPage,
  renderOption,
  onSelect,
}: {
  label: string;
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  loadMoreText: string;
  /** Text shown in the closed input: the current choice's name. */
  value: string | null;
  pageSize: number;
  fetchPage: (search: string, offset: number) => Promise<Page<T>>;
  renderOption: (item: T) => ReactNode;
  onSelect: (item: T) => void;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 400);
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const request = useRef(0);
  const opened = combobox.dropdownOpened;

  const load = useCallback(
    async (offset: number) => {
      const id = ++request.current;
      setLoading(true);
      const page = await fetchPage(debounced.trim(), offset).catch(() => ({ results: [], matches_estimated: 0 }));
      if (id !== request.current) return;
      setItems((current) => (offset === 0 ? page.results : [...current, ...page.results]));
      setTotal(page.matches_estimated);
      setLoading(false);
      setLoaded(true);
    },
    [debounced, fetchPage],
  );

  useEffect(() => {
    if (opened) void load(0);
  }, [opened, load]);

  const more = () => {
    if (!loading && items.length < total) void load(items.length);
  };

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(id) => {
        const item = items.find((candidate) => candidate.id === id);
        if (item) onSelect(item);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          component="button"
          type="button"
          pointer
          label={label}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          aria-haspopup="listbox"
          aria-expanded={opened}
        >
          <Text component="span" size="sm" c={value ? undefined : "dimmed"} truncate="end" display="block">
            {value ?? placeholder}
          </Text>
        </InputBase>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
        />
        <Combobox.Options aria-label={label}>
          <ScrollArea.Autosize mah={260} type="scroll" onBottomReached={more} scrollbarSize={6}>
            {items.map((item) => (
              <Combobox.Option value={item.id} key={item.id}>
                {renderOption(item)}
              </Combobox.Option>
            ))}
            {loaded && !loading && items.length === 0 && <Combobox.Empty>{emptyText}</Combobox.Empty>}
            {loading && (
              <Group justify="center" py="xs">
                <Loader size="xs" />
              </Group>
            )}
            {!loading && items.length < total && (
              <Button variant="subtle" size="xs" fullWidth onClick={more}>
                {loadMoreText}
              </Button>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
