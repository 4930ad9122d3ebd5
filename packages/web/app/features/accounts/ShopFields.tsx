import { Badge, Group, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { isValidSlug, normalizeSlug, slugify } from "@tianguis/domain/rules/registration";
import { useEffect, useState } from "react";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import type { MessageCode } from "@tianguis/domain/messages/index";
import type { SlugCheck } from "@tianguis/domain/schemas/accounts";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";

export interface ShopValue {
  name: string;
  slug: string;
  /** True once the user typed the slug; until then it follows the name. */
  slugEdited: boolean;
}

/** The shop's code for a slug check: 'invalid_slug', 'slug_taken' or none. */
export function shopSlugError(shop: ShopValue, check: { exists: boolean } | null): MessageCode | undefined {
  if (!shop.slug) return "required";
  if (!isValidSlug(normalizeSlug(shop.slug))) return "invalid_slug";
  return check?.exists ? "slug_taken" : undefined;
}

/** Shop name and address with a live availability check and 5 free suggestions (commerce-and-accounts §3, §5). */
export function ShopFields({
  value,
  onChange,
  onCheck,
  nameError,
  slugError,
}: {
  value: ShopValue;
  onChange(value: ShopValue): void;
  onCheck(check: SlugCheck | null): void;
  nameError?: string;
  slugError?: string;
}) {
  const t = useT();
  const [check, setCheck] = useState<SlugCheck | null>(null);
  const [slug] = useDebouncedValue(value.slug, 400);
  useEffect(() => {
    if (!slug || !isValidSlug(normalizeSlug(slug))) {
      setCheck(null);
      onCheck(null);
      return;
    }
    let live = true;
    api(accountsApi.slugExists, { body: { slug, name: value.name, n_suggestions: 5 } })
      .then((answer) => {
        if (!live) return;
        setCheck(answer);
        onCheck(answer);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // The check follows the debounced slug only; the name just seeds suggestions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug]);
  const slugIsFree = check && !check.exists && normalizeSlug(value.slug) === slug;
  // Availability shows as soon as there is a slug; 'required' waits for the form's touch rules.
  const liveError = value.slug ? shopSlugError(value, check) : undefined;
  return (
    <Stack gap="xs">
      <TextInput
        label={t("field_store_name")}
        required
        value={value.name}
        error={nameError}
        onChange={(event) => {
          const name = event.currentTarget.value;
          onChange({ ...value, name, slug: value.slugEdited ? value.slug : slugify(name) });
        }}
      />
      <TextInput
        label={t("field_store_slug")}
        required
        leftSection={
          <Text size="xs" c="dimmed">
            /tienda/
          </Text>
        }
        leftSectionWidth={64}
        value={value.slug}
        error={slugError ?? (liveError ? t(liveError) : undefined)}
        description={slugIsFree ? t("slug_available") : undefined}
        onChange={(event) => onChange({ ...value, slug: event.currentTarget.value.replace(/\s+/g, "-"), slugEdited: true })}
      />
      {check?.exists && check.suggestions.length > 0 && (
        <Group gap={6} aria-label={t("slug_suggestions")} role="group">
          <Text size="sm">{t("slug_suggestions")}</Text>
          {check.suggestions.map((suggestion) => (
            <Badge
              key={suggestion}
              component="button"
              type="button"
              variant="light"
              style={{ cursor: "pointer", textTransform: "none" }}
              onClick={() => onChange({ ...value, slug: suggestion, slugEdited: true })}
            >
              {suggestion}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
