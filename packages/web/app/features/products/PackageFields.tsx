import { NumberInput, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { packageSideMaxCm, packageWeightMaxGrams } from "@tianguis/domain/rules/package-size";
import { useId } from "react";
import { useT } from "../../lib/i18n";
import type { ProductFormState } from "./form-state";

type Props = { state: ProductFormState; set: (patch: Partial<ProductFormState>) => void; errors: Record<string, string> };

const sides = [
  { key: "package_length", field: "package_cm.length", label: "field_package_length" },
  { key: "package_width", field: "package_cm.width", label: "field_package_width" },
  { key: "package_height", field: "package_cm.height", label: "field_package_height" },
] as const;

/**
 * The package a physical product ships in (rules/package-size.ts): its weight in grams and its sides in centimetres,
 * all three or none. The server judges them (a side given without the others is refused on the one missing).
 */
export function PackageFields({ state, set, errors }: Props) {
  const t = useT();
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title id={titleId} order={2} size="h5">
        {t("package_title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("package_hint")}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NumberInput
          label={t("field_weight_grams")}
          min={1}
          max={packageWeightMaxGrams}
          allowDecimal={false}
          allowNegative={false}
          value={state.weight_grams}
          onChange={(value) => set({ weight_grams: value === "" ? "" : Number(value) })}
          error={errors.weight_grams}
          required
        />
        {sides.map((side) => (
          <NumberInput
            key={side.key}
            label={t(side.label)}
            min={1}
            max={packageSideMaxCm}
            allowDecimal={false}
            allowNegative={false}
            value={state[side.key]}
            onChange={(value) => set({ [side.key]: value === "" ? "" : Number(value) })}
            error={errors[side.field]}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
