import { Avatar, Box, Collapse, Combobox, Container, Group, Loader, NativeSelect, Text, TextInput, useCombobox } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { type ProductType, typePaths } from "@tianguis/domain/rules/product-types";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useT } from "../../lib/i18n";
import { useAutocomplete } from "./useAutocomplete";

const types: ProductType[] = ["product", "digital", "service", "experience"];
/** Spec §4: the search panel focuses its input 1 s after opening. */
export const searchFocusDelayMs = 1000;
const freeText = "__free_text__";

/**
 * The slide-down search panel: a type selector (products, digital products, services, experiences) and an
 * async autocomplete. A suggestion opens its detail page; the free-text option opens the listing with the
 * typed term followed by a wildcard (`?q=term*`).
 */
export function SearchPanel({
  opened,
  onClose,
  basePath,
  shopSlug,
}: {
  opened: boolean;
  onClose: () => void;
  basePath: string;
  shopSlug: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<ProductType>("product");
  const [text, setText] = useState("");
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { results, pending } = useAutocomplete(text, type, shopSlug);

  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => input.current?.focus(), searchFocusDelayMs);
    return () => clearTimeout(timer);
  }, [opened]);

  const go = (value: string) => {
    const term = text.trim();
    combobox.closeDropdown();
    onClose();
    if (value === freeText) {
      if (term) navigate(`${shopHref(basePath, `/${typePaths[type]}`)}?q=${encodeURIComponent(`${term.replace(/\*+$/, "")}*`)}`);
      return;
    }
    const hit = results.find((item) => item.id === value);
    if (hit) navigate(shopHref(basePath, `/${typePaths[hit.type]}/${hit.owner_slug}/${hit.id}`));
  };

  const term = text.trim();
  return (
    <Collapse in={opened} transitionDuration={200}>
      <Box py="sm" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }} role="search">
        <Container size="md">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <NativeSelect
              aria-label={t("search_type")}
              value={type}
              onChange={(event) => setType(event.currentTarget.value as ProductType)}
              data={types.map((value) => ({ value, label: t(`type_${value}`) }))}
              w={{ base: 130, sm: 190 }}
              size="md"
            />
            <Combobox store={combobox} onOptionSubmit={go} withinPortal={false}>
              <Combobox.Target>
                <TextInput
                  ref={input}
                  flex={1}
                  size="md"
                  type="search"
                  aria-label={t("search_placeholder")}
                  placeholder={t("search_placeholder")}
                  leftSection={<IconSearch size={18} />}
                  rightSection={pending && term ? <Loader size="xs" /> : null}
                  value={text}
                  onChange={(event) => {
                    setText(event.currentTarget.value);
                    combobox.openDropdown();
                    combobox.updateSelectedOptionIndex();
                  }}
                  onFocus={() => term && combobox.openDropdown()}
                  onBlur={() => combobox.closeDropdown()}
                  onKeyDown={(event) => {
                    if (event.key === "Escape") onClose();
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
          </Group>
        </Container>
      </Box>
    </Collapse>
  );
}
