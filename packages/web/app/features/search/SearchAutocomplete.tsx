import { Avatar, Combobox, Group, Loader, Text, useCombobox } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import type { ProductType } from "@tianguis/domain/rules/product-types";
import type { SearchResult } from "@tianguis/domain/schemas/search";
import { type ComponentProps, type RefObject, useEffect } from "react";
import { useT } from "../../lib/i18n";
import { PlainTextInput } from "../../ui/input-markup";
import { useAutocomplete } from "./useAutocomplete";

const freeText = "__free_text__";

export type SearchInputProps = Pick<
  ComponentProps<typeof PlainTextInput>,
  "rootStyle" | "size" | "type" | "aria-label" | "placeholder" | "leftSection"
>;

export interface SearchAutocompleteProps {
  /** The look and names of the panel's input, shared with the plain input it replaces. */
  inputProps: SearchInputProps;
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  onText: (text: string) => void;
  type: ProductType;
  shopSlug: string;
  /** Whether the plain input had the focus when this replaced it: the visitor goes on typing here. */
  focused: boolean;
  onFreeText: () => void;
  onResult: (result: SearchResult) => void;
  onEscape: () => void;
}

/**
 * The search input with its suggestions (Mantine Combobox: combobox, listbox and options with arrow keys and Enter),
 * loaded when the panel opens or the visitor reaches for the input (issue 16). It takes over from the plain input with
 * the text typed so far, the focus and the caret, and opens its list at once when there is text.
 */
export function SearchAutocomplete({
  inputProps,
  inputRef,
  text,
  onText,
  type,
  shopSlug,
  focused,
  onFreeText,
  onResult,
  onEscape,
}: SearchAutocompleteProps) {
  const t = useT();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { results, pending } = useAutocomplete(text, type, shopSlug);
  const term = text.trim();

  useEffect(() => {
    if (!focused || !inputRef.current) return;
    const input = inputRef.current;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    if (input.value.trim()) combobox.openDropdown();
    // Once, when this replaces the plain input.
  }, []);

  const go = (value: string) => {
    combobox.closeDropdown();
    if (value === freeText) return onFreeText();
    const hit = results.find((item) => item.id === value);
    if (hit) onResult(hit);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={go} withinPortal={false}>
      <Combobox.Target>
        <PlainTextInput
          {...inputProps}
          ref={inputRef}
          rightSection={pending && term ? <Loader size="xs" /> : null}
          value={text}
          onChange={(event) => {
            onText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => term && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key === "Escape") onEscape();
            if (event.key === "Enter" && combobox.getSelectedOptionIndex() < 0) {
              event.preventDefault();
              go(freeText);
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!term}>
        <Combobox.Options aria-label={t("search_open")}>
          <Combobox.Option value={freeText}>
            <Group gap="xs" wrap="nowrap">
              <IconSearch size={16} />
              <Text size="sm">{t("search_free_text", { term })}</Text>
            </Group>
          </Combobox.Option>
          {results.map((item) => (
            <Combobox.Option key={item.id} value={item.id}>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={item.photo} alt="" radius="sm" size={36} />
                <Text size="sm" lineClamp={2}>
                  {item.name}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {!pending && results.length === 0 && <Combobox.Empty>{t("search_no_results")}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
