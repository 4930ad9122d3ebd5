import { IconSearch } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { type ProductType, typePaths } from "@tianguis/domain/rules/product-types";
import type { SearchResult } from "@tianguis/domain/schemas/search";
import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useT } from "../../lib/i18n";
import type { SearchAutocompleteProps, SearchInputProps } from "./SearchAutocomplete";
import classes from "./search.module.css";
import { PlainTextInput } from "../../ui/input-markup";
import { Container, Group } from "../../ui/layout-markup";
import { PlainSelect } from "../../ui/PlainSelect";

const types: ProductType[] = ["product", "digital", "service", "experience"];
/** Spec §4: the search panel focuses its input 1 s after opening. */
export const searchFocusDelayMs = 1000;

let autocomplete: Promise<ComponentType<SearchAutocompleteProps>> | undefined;
/** The suggestions' code (Combobox, floating-ui), fetched once per visit. */
const loadAutocomplete = () =>
  (autocomplete ??= import("./SearchAutocomplete")
    .then((module) => module.SearchAutocomplete)
    .catch((error: unknown) => {
      autocomplete = undefined;
      throw error;
    }));

/**
 * The slide-down search panel: a type selector (products, digital products, services, experiences) and an
 * async autocomplete. A suggestion opens its detail page; the free-text option opens the listing with the
 * typed term followed by a wildcard (`?q=term*`).
 *
 * The server renders a plain input (Mantine's TextInput markup, ui/input-markup.tsx); the autocomplete's code loads when the panel opens or the visitor reaches for the
 * input (issue 16) and then replaces it, keeping what was typed, the focus and the caret. Until then Enter searches
 * the typed text.
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
  const [Autocomplete, setAutocomplete] = useState<{ part: ComponentType<SearchAutocompleteProps>; focused: boolean } | null>(null);

  const load = useCallback(() => {
    loadAutocomplete().then(
      (part) => setAutocomplete((current) => current ?? { part, focused: document.activeElement === input.current }),
      // Offline or a failed download: the plain input still searches with Enter, and the next intent tries again.
      () => undefined,
    );
  }, []);

  useEffect(() => {
    if (opened) load();
  }, [opened, load]);

  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => input.current?.focus(), searchFocusDelayMs);
    return () => clearTimeout(timer);
  }, [opened]);

  const searchText = () => {
    const term = text.trim();
    onClose();
    if (term) navigate(`${shopHref(basePath, `/${typePaths[type]}`)}?q=${encodeURIComponent(`${term.replace(/\*+$/, "")}*`)}`);
  };
  const openResult = (hit: SearchResult) => {
    onClose();
    navigate(shopHref(basePath, `/${typePaths[hit.type]}/${hit.owner_slug}/${hit.id}`));
  };

  const inputProps: SearchInputProps = {
    rootStyle: { flex: 1 },
    size: "md",
    type: "search",
    "aria-label": t("search_placeholder"),
    placeholder: t("search_placeholder"),
    leftSection: <IconSearch size={18} />,
  };
  return (
    <div className={classes.collapse} data-opened={opened || undefined}>
      <div className={classes.inner}>
        <div className={classes.panel} role="search">
          <Container size="md">
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <PlainSelect
                aria-label={t("search_type")}
                value={type}
                onChange={(event) => setType(event.currentTarget.value as ProductType)}
                data={types.map((value) => ({ value, label: t(`type_${value}`) }))}
                w={{ base: 130, sm: 190 }}
                size="md"
              />
              {Autocomplete ? (
                <Autocomplete.part
                  inputProps={inputProps}
                  inputRef={input}
                  text={text}
                  onText={setText}
                  type={type}
                  shopSlug={shopSlug}
                  focused={Autocomplete.focused}
                  onFreeText={searchText}
                  onResult={openResult}
                  onEscape={onClose}
                />
              ) : (
                <PlainTextInput
                  {...inputProps}
                  ref={input}
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                  onFocus={load}
                  onPointerEnter={load}
                  onTouchStart={load}
                  onKeyDown={(event) => {
                    if (event.key === "Escape") onClose();
                    if (event.key === "Enter") {
                      event.preventDefault();
                      searchText();
                    }
                  }}
                />
              )}
            </Group>
          </Container>
        </div>
      </div>
    </div>
  );
}
