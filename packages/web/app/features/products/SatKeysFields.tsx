import { Autocomplete, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { defaultSatKeys, satProductKeys, satUnitKeys, searchSatKeys } from "@tianguis/domain/rules/sat-keys";
import { useT } from "../../lib/i18n";
import type { ProductFormState } from "./form-state";

type Props = { state: ProductFormState; set: (patch: Partial<ProductFormState>) => void; errors: Record<string, string> };

const label = (entry: { key: string; name: string }) => `${entry.key} · ${entry.name}`;

/**
 * SAT's keys for the item's invoice lines (CFDI 4.0): the product or service key, 8 digits, searched in the bundled
 * part of c_ClaveProdServ by key or words (any other 8-digit key SAT publishes may be typed), and the unit from
 * c_ClaveUnidad. Left empty, the invoice says 01010101 by the piece (H87), or by the unit of service (E48) for services.
 */
export function SatKeysFields({ state, set, errors }: Props) {
  const t = useT();
  const defaults = defaultSatKeys(state.type !== "product");
  const unitOptions = satUnitKeys.map((entry) => ({ value: entry.key, label: label(entry) }));
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        {t("sat_keys_title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("sat_keys_hint", { product: defaults.productKey, unit: defaults.unitKey })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Autocomplete
          label={t("field_sat_product_key")}
          placeholder={defaults.productKey}
          value={state.sat_product_key}
          onChange={(value) => set({ sat_product_key: /^\d{8} · /.test(value) ? value.slice(0, 8) : value })}
          data={searchSatKeys(satProductKeys, state.sat_product_key).map(label)}
          filter={({ options }) => options}
          inputMode="numeric"
          error={errors.sat_product_key}
        />
        <Select
          label={t("field_sat_unit_key")}
          placeholder={label(satUnitKeys.find((entry) => entry.key === defaults.unitKey) ?? satUnitKeys[0])}
          value={state.sat_unit_key || null}
          onChange={(value) => set({ sat_unit_key: value ?? "" })}
          data={unitOptions}
          searchable
          clearable
          error={errors.sat_unit_key}
        />
      </SimpleGrid>
    </Stack>
  );
}
